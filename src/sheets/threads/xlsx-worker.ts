/**
 * The worker thread of threads/xlsx-reading.ts: runs the in-thread reader (xlsx/workbook.ts: inflating, parsing and the
 * checks on each row and cell) and posts each sheet and its row batches, encoded (threads/wire.ts), to
 * the main thread, which recognises and validates them meanwhile. It sends a batch only against a credit,
 * which the main thread returns for each batch it takes, so a sheet of a million rows never piles up in
 * the main thread's memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { xlsxSheets } from '../xlsx/workbook.js';
import { encodeBatch, toWire, transferables, type FromWorker, type ToWorker, type WorkerInput } from './wire.js';

const port = parentPort;
if (!port) throw new Error('xlsx-worker.js runs as a worker thread only');
const input = workerData as WorkerInput;

let credits = input.credits;
/** The sheet whose remaining rows the main thread no longer wants (it went on to the next sheet). */
let skipped = -1;
let wake: (() => void) | null = null;

port.on('message', (message: ToWorker) => {
  if (message.t === 'credit') credits += 1;
  else skipped = message.sheet;
  wake?.();
});

function post(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

/** Resolves once a batch may be sent, or the sheet is no longer wanted. */
async function creditFor(sheet: number): Promise<void> {
  while (credits <= 0 && skipped !== sheet) {
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = null;
  }
}

async function readWorkbook(input: WorkerInput): Promise<void> {
  let sheet = -1;
  try {
    for await (const source of xlsxSheets(input.pkg)) {
      sheet += 1;
      post({ t: 'sheet', sheet, sheetName: source.sheetName, hidden: source.hidden });
      // A skipped sheet is still read to its end: a problem in the skipped rows (a cell over Excel's
      // limit) fails the file as it does in-thread.
      for (let next = await source.rows.next(); !next.done; next = await source.rows.next()) {
        if (skipped === sheet) continue;
        await creditFor(sheet);
        if (skipped === sheet) continue;
        credits -= 1;
        const batch = encodeBatch(next.value);
        post({ t: 'rows', sheet, batch }, transferables(batch));
      }
      post({ t: 'sheetEnd', sheet });
    }
    post({ t: 'done' });
  } catch (error) {
    post({ t: 'error', error: toWire(error, input.pkg.file) });
  }
}

post({ t: 'ready' });
await readWorkbook(input);
