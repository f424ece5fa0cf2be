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
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createInflateRaw } from 'node:zlib';
import { comparisonScript } from './lib/in-turns.mjs';
import { DIST, REPO } from './lib/paths.mjs';

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

await comparisonScript({
  script: SELF,
  label: 'reader',
  alternatives: READERS,
  counts: [
    { key: 'parts', title: 'parts' },
    { key: 'bytes', title: 'bytes' },
    { key: 'chunks', title: 'chunks' },
  ],
  child,
});
