#!/usr/bin/env node
/**
 * Benchmark (not part of the test suite): `orgsync-import validate` on an employee sheet at Excel's row
 * limit — 1,048,576 rows, the header included — as an .xlsx written the way Excel writes it (names and
 * e-mails as shared strings) and as the same data in CSV. Reports wall time, CPU time and peak memory.
 *
 *   npm run build && node bench/row-limit/row-limit.mjs [--rows N] [--format xlsx|csv|both] [--dir DIR]
 *
 * The files are written to DIR (default: a folder in the system's temporary folder) and kept for a re-run.
 */
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, createDeflateRaw } from 'node:zlib';
import { once } from 'node:events';
import { measureNode } from '../lib/measure.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const EXCEL_ROWS = 1_048_576;

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const dataRows = Number(option('rows', String(EXCEL_ROWS - 1)));
const format = option('format', 'both');
const dir = resolve(option('dir', join(tmpdir(), 'orgsync-row-limit')));
mkdirSync(dir, { recursive: true });

const person = (i) => ({ id: String(100000 + i), name: `Person ${i} Testesen`, email: `person.${i}@example.dk` });

/** Writes text chunks to a stream, waiting when it asks to. */
async function write(stream, text) {
  if (!stream.write(text)) await once(stream, 'drain');
}

async function writeCsv(file) {
  const out = createWriteStream(file);
  await write(out, 'employee_id;name;email\r\n');
  let batch = '';
  for (let i = 0; i < dataRows; i++) {
    const p = person(i);
    batch += `${p.id};${p.name};${p.email}\r\n`;
    if (batch.length > 1 << 20) {
      await write(out, batch);
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * A streaming zip writer: each part deflated straight into the file, sizes and CRC in a data descriptor
 * after it (flag bit 3) and in the central directory, so no part is ever held in memory whole.
 */
class ZipStream {
  constructor(file) {
    this.out = createWriteStream(file);
    this.offset = 0;
    this.entries = [];
  }

  async #raw(buffer) {
    this.offset += buffer.length;
    await write(this.out, buffer);
  }

  async part(name, produce) {
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // data descriptor, UTF-8 names
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = { name: nameBytes, offset: this.offset, crc: 0, size: 0, compressed: 0 };
    await this.#raw(Buffer.concat([header, nameBytes]));
    const deflate = createDeflateRaw({ level: 6 });
    const pumped = (async () => {
      for await (const chunk of deflate) {
        entry.compressed += chunk.length;
        await this.#raw(chunk);
      }
    })();
    await produce(async (text) => {
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    });
    deflate.end();
    await pumped;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.#raw(descriptor);
    this.entries.push(entry);
  }

  async close() {
    const start = this.offset;
    for (const e of this.entries) {
      const d = Buffer.alloc(46);
      d.writeUInt32LE(0x02014b50, 0);
      d.writeUInt16LE(20, 4);
      d.writeUInt16LE(20, 6);
      d.writeUInt16LE(0x0808, 8);
      d.writeUInt16LE(8, 10);
      d.writeUInt32LE(e.crc >>> 0, 16);
      d.writeUInt32LE(e.compressed, 20);
      d.writeUInt32LE(e.size, 24);
      d.writeUInt16LE(e.name.length, 28);
      d.writeUInt32LE(e.offset, 42);
      await this.#raw(Buffer.concat([d, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.#raw(end);
    this.out.end();
    await once(this.out, 'finish');
  }
}

async function writeXlsx(file) {
  const zip = new ZipStream(file);
  const text = (value) => async (emit) => emit(value);
  await zip.part(
    '[Content_Types].xml',
    text(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
  );
  await zip.part(
    '_rels/.rels',
    text(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
  );
  await zip.part(
    'xl/workbook.xml',
    text(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
  );
  await zip.part(
    'xl/_rels/workbook.xml.rels',
    text(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
  );
  // Shared strings: the three headers, then each person's name and e-mail (string 3 + 2i and 4 + 2i).
  await zip.part('xl/sharedStrings.xml', async (emit) => {
    const count = 3 + 2 * dataRows;
    await emit(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`);
    await emit('<si><t>Employee ID</t></si><si><t>Name</t></si><si><t>Email</t></si>');
    let batch = '';
    for (let i = 0; i < dataRows; i++) {
      const p = person(i);
      batch += `<si><t>${p.name}</t></si><si><t>${p.email}</t></si>`;
      if (batch.length > 1 << 20) {
        await emit(batch);
        batch = '';
      }
    }
    await emit(`${batch}</sst>`);
  });
  await zip.part('xl/worksheets/sheet1.xml', async (emit) => {
    await emit(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><dimension ref="A1:C${dataRows + 1}"/><sheetData>`,
    );
    await emit('<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>');
    let batch = '';
    for (let i = 0; i < dataRows; i++) {
      const r = i + 2;
      batch += `<row r="${r}" spans="1:3"><c r="A${r}"><v>${person(i).id}</v></c><c r="B${r}" t="s"><v>${3 + 2 * i}</v></c><c r="C${r}" t="s"><v>${4 + 2 * i}</v></c></row>`;
      if (batch.length > 1 << 20) {
        await emit(batch);
        batch = '';
      }
    }
    await emit(`${batch}</sheetData></worksheet>`);
  });
  await zip.close();
}

async function prepare(kind) {
  const file = join(dir, `employees-${dataRows}.${kind}`);
  if (!existsSync(file)) {
    const started = Date.now();
    await (kind === 'csv' ? writeCsv(file) : writeXlsx(file));
    process.stderr.write(
      `wrote ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
  return file;
}

const kinds = format === 'both' ? ['xlsx', 'csv'] : [format];
const results = [];
for (const kind of kinds) {
  const file = await prepare(kind);
  const run = await measureNode([CLI, 'validate', file], { cwd: dir });
  const phase = /Reading and validating: (.*)/.exec(run.stderr)?.[1] ?? run.stderr.trim().split('\n').at(-1);
  results.push({
    kind,
    file,
    bytes: statSync(file).size,
    exit: run.code,
    wallS: run.wallMs / 1000,
    cpuS: (run.userS ?? 0) + (run.sysS ?? 0),
    peakMB: (run.maxRssKB * 1024) / 1e6,
    phase,
  });
  process.stderr.write(
    `${kind}: exit ${run.code}, ${(run.wallMs / 1000).toFixed(1)} s, ${((run.maxRssKB * 1024) / 1e6).toFixed(0)} MB — ${phase}\n`,
  );
}

console.log(`\n### validate at Excel's row limit: ${(dataRows + 1).toLocaleString('en')} rows (header included)\n`);
console.log("| format | file MB | exit | wall s | CPU s | peak MB | the command's own line |");
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const r of results) {
  console.log(
    `| ${r.kind} | ${(r.bytes / 1e6).toFixed(1)} | ${r.exit} | ${r.wallS.toFixed(1)} | ${r.cpuS.toFixed(1)} | ${r.peakMB.toFixed(0)} | ${r.phase} |`,
  );
}
console.log(`\n${JSON.stringify(results)}`);
