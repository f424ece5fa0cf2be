/**
 * Issue 25's benchmarks, one run, interleaved so that a busy machine weighs on both sides alike:
 *
 * - `read`: the workbook reader alone (openWorkbook + every row of every sheet, in-process, one process
 *   per read) on each workbook given, with this build and with `--before DIR` (another build's dist/);
 * - `million`: a sheet of 1,048,576 rows, written once to bench/out/, streamed by this build's reader:
 *   wall time and the process's peak memory (maxRSS);
 * - `start`: `--version` and `validate` of a one-row CSV against `node -e 0`, with this build and `--before`.
 *
 *     node bench/reader.mjs [--reps 5] [--before bench/out/before/dist] [read|million|start ...] [WORKBOOK...]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { crc32, deflateRawSync } from 'node:zlib';
import { median } from './lib/measure.mjs';
import { DIST, OUT_DIR, REPO, requireBuild } from './lib/paths.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { reps: { type: 'string', default: '5' }, before: { type: 'string' } },
});
requireBuild();
const reps = Number(values.reps);
/** @type {[name: string, dist: string][]} */
const builds = [['after', DIST], ...(values.before ? /** @type {[string, string][]} */ ([['before', values.before]]) : [])];
const wanted = new Set(positionals.filter((word) => ['read', 'million', 'start'].includes(word)));
const workbooks = positionals.filter((word) => !['read', 'million', 'start'].includes(word));
const all = wanted.size === 0;

const seconds = (/** @type {number} */ ms) => (ms / 1000).toFixed(2);

/** Reads every row of the workbook with the reader of `dist`, in a process of its own; its time and peak memory. */
const READ_SCRIPT = `
const [dist, file] = process.argv.slice(1);
const started = performance.now();
const reader = await import(dist + '/sheets/xlsx/workbook.js');
let rows = 0;
for await (const sheet of reader.xlsxSheets(await reader.openWorkbook(file))) {
  for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) rows += next.value.length;
}
const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
console.log(JSON.stringify({ ms: performance.now() - started, cpuMs: (userCPUTime + systemCPUTime) / 1000, rows, maxRssMb: maxRSS / 1024 }));
`;

/**
 * @param {string} dist
 * @param {string} file
 * @returns {{ ms: number, cpuMs: number, rows: number, maxRssMb: number }}
 */
function read(dist, file) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', READ_SCRIPT, `file://${dist}`, file], { maxBuffer: 1 << 20 });
  return JSON.parse(out.toString());
}

/** Wall time, and CPU time (user + system, from /usr/bin/time): on a busy machine the CPU time is the steadier figure. */
function wall(args) {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', process.execPath, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    cwd: REPO,
  });
  const ms = performance.now() - started;
  const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(result.stderr.toString());
  return { ms, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN, code: result.status };
}

const lines = [
  `# Reader benchmarks (${new Date().toISOString()})`,
  '',
  `load average at start: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  '',
];

if (all || wanted.has('read')) {
  lines.push(
    '## The reader alone (every row of every sheet, one process per read)',
    '',
    '| workbook | build | wall median s | wall min s | CPU median s | rows | peak MB |',
    '|---|---|---:|---:|---:|---:|---:|',
  );
  for (const file of workbooks) {
    /** @type {Map<string, ReturnType<typeof read>[]>} */
    const runs = new Map(builds.map(([name]) => [name, []]));
    for (let rep = 0; rep < reps; rep += 1) for (const [name, dist] of builds) runs.get(name)?.push(read(dist, file));
    for (const [name, measured] of runs) {
      const ms = measured.map((run) => run.ms);
      lines.push(
        `| ${relative(REPO, file)} | ${name} | ${seconds(median(ms))} | ${seconds(Math.min(...ms))} | ${seconds(median(measured.map((run) => run.cpuMs)))} | ${measured[0]?.rows} | ${Math.max(...measured.map((r) => r.maxRssMb)).toFixed(0)} |`,
      );
    }
  }
  lines.push('');
}

if (all || wanted.has('million')) {
  const file = join(OUT_DIR, 'million-rows.xlsx');
  if (!existsSync(file)) await writeMillionRowWorkbook(file);
  const runs = [];
  for (let rep = 0; rep < Math.min(reps, 3); rep += 1) runs.push(read(DIST, file));
  lines.push(
    '## A sheet of 1,048,576 rows streamed',
    '',
    `${relative(REPO, file)}: ${runs[0]?.rows} rows; wall median ${seconds(median(runs.map((r) => r.ms)))} s, CPU ${seconds(median(runs.map((r) => r.cpuMs)))} s; peak memory (maxRSS) ${runs.map((r) => r.maxRssMb.toFixed(0)).join(', ')} MB`,
    '',
  );
}

if (all || wanted.has('start')) {
  mkdirSync(OUT_DIR, { recursive: true });
  const csv = join(OUT_DIR, 'one-row.csv');
  writeFileSync(csv, 'employee_id;name;email\n1;Ann Holm;ann@firma.dk\n');
  /** @type {[name: string, args: string[]][]} */
  const cases = [['node -e 0', ['-e', '0']]];
  for (const [name, dist] of builds) {
    cases.push([`${name}: --version`, [join(dist, 'cli', 'main.js'), '--version']]);
    cases.push([`${name}: validate one-row CSV`, [join(dist, 'cli', 'main.js'), 'validate', csv]]);
  }
  /** @type {Map<string, { times: number[], cpu: number[] }>} */
  const runs = new Map(cases.map(([name]) => [name, { times: [], cpu: [] }]));
  for (let rep = 0; rep < reps * 2; rep += 1) {
    for (const [name, args] of cases) {
      const run = wall(args);
      runs.get(name)?.times.push(run.ms);
      runs.get(name)?.cpu.push(run.cpuMs);
    }
  }
  const base = median(runs.get('node -e 0')?.times ?? []);
  const baseCpu = median(runs.get('node -e 0')?.cpu ?? []);
  lines.push(
    `## Start-up (interleaved, ${reps * 2} runs each)`,
    '',
    '| command | wall median ms | wall min ms | × node -e 0 (wall medians) | CPU median ms | × node -e 0 (CPU medians) |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const [name, { times, cpu }] of runs) {
    lines.push(
      `| ${name} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${(median(times) / base).toFixed(2)} | ${median(cpu).toFixed(0)} | ${(median(cpu) / baseCpu).toFixed(2)} |`,
    );
  }
  lines.push('');
}

lines.push(
  `load average at end: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(lines.join('\n'));

/**
 * One sheet of 1,048,576 rows (an id, a name, a number), deflated, in a zip of the parts a workbook needs.
 * The rows differ from one another so the sheet compresses like real data, under the bomb limit.
 */
function writeMillionRowWorkbook(path) {
  const rows = [];
  for (let row = 1; row <= 1_048_576; row += 1) {
    rows.push(
      `<row r="${row}"><c r="A${row}"><v>${row}</v></c><c r="B${row}" t="inlineStr"><is><t>Person ${(row * 7919) % 1_000_003}</t></is></c><c r="C${row}"><v>${(row * 104_729) % 99_991}</v></c></row>`,
    );
  }
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`;
  const parts = {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Rows" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': sheet,
  };
  mkdirSync(OUT_DIR, { recursive: true });
  const out = createWriteStream(path);
  const directory = [];
  let offset = 0;
  const chunks = [];
  for (const [name, text] of Object.entries(parts)) {
    const data = Buffer.from(text, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, nameBytes);
    chunks.push(header, nameBytes, packed);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  for (const chunk of [...chunks, directoryBytes, end]) out.write(chunk);
  out.end();
  return new Promise((resolve) => out.on('finish', () => resolve(undefined)));
}
