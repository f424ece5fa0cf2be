/**
 * The reader's zip code (src/sheets/xlsx/zip.ts) against yauzl, the maintained unzip library, unpacking the
 * parts the reader streams (every worksheet and the shared strings) of each workbook given: each reader in
 * a fresh process, the readers taking turns; the bytes are counted and dropped, nothing is parsed.
 *
 *   npm run build; npm run bench -- validate    # the build, and once the 100k workbooks in bench/out/
 *   node bench/zip-readers.mjs --reps 7 bench/out/company-100000.xlsx bench/out/company-100000-openpyxl.xlsx
 *
 * Readers: `own` (readZipDirectory + entryChunks: 256 KB chunks, the declared size enforced), `yauzl`
 * (open + openReadStream with its defaults: zlib's 16 KB chunks, validateEntrySizes), `yauzl-raw` (yauzl
 * hands over the packed bytes, `decodeFileData: false`, and they are inflated as zip.ts inflates them, the
 * declared size checked here: what using yauzl with the reader's chunk size would take). yauzl is a dev
 * dependency for this script alone, pinned. CPU is the child's user + system time from opening the zip to
 * the last byte.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createInflateRaw } from 'node:zlib';
import { loadAverage, median } from './lib/measure.mjs';
import { DIST, REPO, requireBuild } from './lib/paths.mjs';

const READERS = ['own', 'yauzl', 'yauzl-raw'];
const SELF = fileURLToPath(import.meta.url);
/** zip.ts's inflating options (its comment says why). */
const INFLATE_AS_ZIP_TS = /** @type {import('node:zlib').ZlibOptions} */ ({ readableHighWaterMark: 1 << 20, chunkSize: 256 * 1024 });
const STREAMED = /^xl\/(worksheets\/sheet\d+|sharedStrings)\.xml$/;

/**
 * @typedef {{ bytes: number, chunks: number, parts: number }} Counts
 */

/** @param {string} file @returns {Promise<Counts>} */
async function ownRead(file) {
  const { readZipDirectory, entryChunks } = await import(pathToFileURL(join(DIST, 'sheets', 'xlsx', 'zip.js')).href);
  const counts = { bytes: 0, chunks: 0, parts: 0 };
  for (const entry of await readZipDirectory(file)) {
    if (!STREAMED.test(entry.name)) continue;
    counts.parts += 1;
    for await (const chunk of entryChunks(file, entry)) {
      counts.bytes += chunk.length;
      counts.chunks += 1;
    }
  }
  return counts;
}

/**
 * @param {string} file
 * @param {boolean} raw
 * @returns {Promise<Counts>}
 */
async function yauzlRead(file, raw) {
  const yauzl = createRequire(join(REPO, 'package.json'))('yauzl');
  const zip = await new Promise((done, fail) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) => (error ? fail(error) : done(opened))),
  );
  const counts = { bytes: 0, chunks: 0, parts: 0 };
  /** @type {any[]} */
  const entries = [];
  await new Promise((done, fail) => {
    zip.on('entry', (/** @type {any} */ entry) => {
      if (STREAMED.test(entry.fileName)) entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', done);
    zip.on('error', fail);
    zip.readEntry();
  });
  for (const entry of entries) {
    counts.parts += 1;
    const options = raw ? { decodeFileData: false } : {};
    /** @type {import('node:stream').Readable} */
    const stream = await new Promise((done, fail) =>
      zip.openReadStream(entry, options, (error, opened) => (error ? fail(error) : done(opened))),
    );
    const source = raw && entry.compressionMethod === 8 ? stream.pipe(createInflateRaw(INFLATE_AS_ZIP_TS)) : stream;
    let produced = 0;
    for await (const chunk of source) {
      produced += chunk.length;
      if (raw && produced > entry.uncompressedSize) throw new Error(`${entry.fileName} unpacks past its declared size`);
      counts.chunks += 1;
    }
    if (produced !== entry.uncompressedSize) throw new Error(`${entry.fileName}: ${produced} bytes, ${entry.uncompressedSize} declared`);
    counts.bytes += produced;
  }
  zip.close();
  return counts;
}

/** In the child: the workbook's streamed parts unpacked once; CPU, wall time and counts as one JSON line. */
async function child(/** @type {string} */ reader, /** @type {string} */ file) {
  // Each reader's modules loaded before the clock starts, so only the unpacking is timed.
  await import(pathToFileURL(join(DIST, 'sheets', 'xlsx', 'zip.js')).href);
  createRequire(join(REPO, 'package.json'))('yauzl');
  const cpu = process.cpuUsage();
  const started = performance.now();
  const counts = reader === 'own' ? await ownRead(file) : await yauzlRead(file, reader === 'yauzl-raw');
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, ...counts }));
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    reps: { type: 'string', default: '5' },
    readers: { type: 'string', default: READERS.join(',') },
    child: { type: 'string' },
  },
});
requireBuild();
if (values.child) {
  const file = positionals[0];
  if (!file) throw new Error('--child takes the workbook');
  await child(values.child, file);
} else {
  if (positionals.length === 0) {
    console.error('usage: node bench/zip-readers.mjs [--reps N] [--readers own,yauzl,yauzl-raw] WORKBOOK…');
    process.exit(2);
  }
  const readers = values.readers.split(',');
  for (const input of positionals) {
    const file = resolve(input);
    /** @type {Map<string, { wallMs: number, cpuMs: number, bytes: number, chunks: number, parts: number }[]>} */
    const runs = new Map(readers.map((reader) => [reader, []]));
    const loads = [loadAverage()];
    for (let rep = 0; rep < Number(values.reps); rep++) {
      for (const [reader, measured] of runs) {
        const run = spawnSync(process.execPath, [SELF, '--child', reader, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
        if (run.status !== 0) throw new Error(`${reader} exited ${run.status}: ${run.stderr.slice(-800)}`);
        measured.push(JSON.parse(run.stdout.trim().split('\n').pop() ?? ''));
        loads.push(loadAverage());
      }
    }
    console.log(`${relative(REPO, file)} (${values.reps} runs each, in turns)`);
    console.log('| reader | CPU median ms | CPU min ms | wall median ms | parts | bytes | chunks |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [reader, measured] of runs) {
      const cpu = measured.map((run) => run.cpuMs);
      const first = measured[0];
      console.log(
        `| ${reader} | ${median(cpu).toFixed(0)} | ${Math.min(...cpu).toFixed(0)} | ${median(measured.map((run) => run.wallMs)).toFixed(0)} | ` +
          `${first?.parts} | ${first?.bytes} | ${first?.chunks} |`,
      );
    }
    console.log(`load average (1 min) after each run: ${loads.map((load) => load.toFixed(1)).join(' ')}`);
  }
}
