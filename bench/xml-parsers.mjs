/**
 * The reader's XML scanner (src/sheets/xml/) against maintained streaming parsers on the same sheets: the
 * worksheet and shared-string parts of a workbook, inflated by the reader's own zip code into the chunks
 * the reader gets (256 KB), then parsed by each parser in a fresh process, the parsers taking turns. Each
 * parser hands the same events to the same handler (every element counted, a cell's `r`, `t` and `s`
 * read, the text's length summed), so the counts printed show that each did the same work.
 *
 *   npm run build; npm run bench -- validate    # the build, and once the 100k workbooks in bench/out/
 *   node bench/xml-parsers.mjs --reps 7 bench/out/company-100000.xlsx bench/out/company-100000-openpyxl.xlsx
 *
 * htmlparser2 and sax-wasm are dev dependencies for this script alone, pinned; `--modules DIR` takes them
 * (or other versions) from another node_modules instead.
 * Parsers: `scanner` (dist/sheets/xlsx/elements.js, the reader's), `saxes` (a dev dependency, the scanner's
 * reference in tests), `htmlparser2` (xmlMode), `sax-wasm` (Rust compiled to WebAssembly, fed bytes).
 * CPU is the child's user + system time of the parse alone (reading the file is not counted).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { comparisonScript } from './lib/in-turns.mjs';
import { DIST, REPO } from './lib/paths.mjs';

const PARSERS = ['scanner', 'saxes', 'htmlparser2', 'sax-wasm'];
const SELF = fileURLToPath(import.meta.url);

/** The parts the reader scans row by row: every worksheet and the shared strings, as inflated chunks. */
async function sheetChunks(file) {
  const { readZipDirectory, entryChunks } = await import(pathToFileURL(join(DIST, 'sheets', 'xlsx', 'zip.js')).href);
  const parts = [];
  for (const entry of await readZipDirectory(file)) {
    if (!/^xl\/(worksheets\/sheet\d+|sharedStrings)\.xml$/.test(entry.name)) continue;
    /** @type {Buffer[]} */
    const chunks = [];
    for await (const chunk of entryChunks(file, entry)) chunks.push(chunk);
    parts.push(chunks);
  }
  return parts;
}

/**
 * The work every parser's events lead to.
 * @returns {{ open: (name: string, attribute: (name: string) => string | undefined) => void, close: () => void, text: (text: string) => void, counts: { elements: number, cells: number, textLength: number, attributeLength: number } }}
 */
function counting() {
  const counts = { elements: 0, cells: 0, textLength: 0, attributeLength: 0 };
  return {
    counts,
    open(name, attribute) {
      counts.elements += 1;
      if (name !== 'c') return;
      counts.cells += 1;
      counts.attributeLength += (attribute('r')?.length ?? 0) + (attribute('t')?.length ?? 0) + (attribute('s')?.length ?? 0);
    },
    close() {},
    text(text) {
      counts.textLength += text.length;
    },
  };
}

const localName = (/** @type {string} */ name) => name.slice(name.indexOf(':') + 1);

/**
 * A parser as a function of the handler: write(chunk) and end() for one part.
 * @param {string} parser
 * @param {string | undefined} modules
 */
async function streamMaker(parser, modules) {
  const fromRepo = createRequire(join(REPO, 'package.json'));
  const fromModules = modules ? createRequire(join(modules, 'index.js')) : fromRepo;
  /** Where a package is: in `--modules` when it was installed there, else in the repository's own. */
  const resolvePackage = (/** @type {string} */ name) => {
    try {
      return fromModules.resolve(name);
    } catch {
      return fromRepo.resolve(name);
    }
  };
  const load = async (/** @type {string} */ name) => import(pathToFileURL(resolvePackage(name)).href);
  if (parser === 'scanner') {
    const { xmlStream } = await import(pathToFileURL(join(DIST, 'sheets', 'xlsx', 'elements.js')).href);
    return (handler) =>
      xmlStream({
        open: (name, attributes) => handler.open(name, (key) => attributes.get(key)),
        close: handler.close,
        text: handler.text,
      });
  }
  if (parser === 'saxes') {
    const { SaxesParser } = await load('saxes');
    return (handler) => {
      const saxes = new SaxesParser();
      const decoder = new TextDecoder('utf-8');
      saxes.on('opentag', (tag) => handler.open(localName(tag.name), (key) => tag.attributes[key]));
      saxes.on('closetag', handler.close);
      saxes.on('text', handler.text);
      return { write: (chunk) => saxes.write(decoder.decode(chunk, { stream: true })), end: () => saxes.close() };
    };
  }
  if (parser === 'htmlparser2') {
    const { Parser } = await load('htmlparser2');
    return (handler) => {
      const html = new Parser(
        {
          onopentag: (name, attributes) => handler.open(localName(name), (key) => attributes[key]),
          onclosetag: handler.close,
          ontext: handler.text,
        },
        { xmlMode: true },
      );
      const decoder = new TextDecoder('utf-8');
      return { write: (chunk) => html.write(decoder.decode(chunk, { stream: true })), end: () => html.end() };
    };
  }
  if (parser === 'sax-wasm') {
    const { SAXParser, SaxEventType } = await load('sax-wasm');
    const wasm = await readFile(resolvePackage('sax-wasm/lib/sax-wasm.wasm'));
    const sax = new SAXParser(SaxEventType.OpenTag | SaxEventType.CloseTag | SaxEventType.Text);
    await sax.prepareWasm(wasm);
    return (handler) => {
      sax.eventHandler = (event, detail) => {
        if (event === SaxEventType.Text) handler.text(detail.value);
        else if (event === SaxEventType.CloseTag) handler.close();
        else {
          const attributes = detail.attributes;
          handler.open(localName(detail.name), (key) => attributes.find((a) => a.name.value === key)?.value.value);
        }
      };
      return { write: (chunk) => sax.write(chunk), end: () => sax.end() };
    };
  }
  throw new Error(`no parser called ${parser}: ${PARSERS.join(', ')}`);
}

/** In the child: every part parsed once; the parse's CPU and wall time and the counts, as one JSON line. */
async function child(parser, file, modules) {
  const parts = await sheetChunks(file);
  const make = await streamMaker(parser, modules);
  const handler = counting();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const chunks of parts) {
    const stream = make(handler);
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  }
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, ...handler.counts }));
}

await comparisonScript({
  script: SELF,
  label: 'parser',
  alternatives: PARSERS,
  counts: [
    { key: 'elements', title: 'elements' },
    { key: 'cells', title: 'cells' },
    { key: 'textLength', title: 'text chars' },
    { key: 'attributeLength', title: 'attribute chars' },
  ],
  extraOptions: { modules: { type: 'string' } },
  child: (parser, file, options) => child(parser, file, options.modules),
});
