/**
 * The worker thread of threads/csv-reading.ts: finds the file's encoding and delimiter and runs the in-thread
 * reader (csv/parse.ts), posting each batch of rows, encoded (threads/wire.ts), with its quote problems to the
 * main thread, which recognises and validates them meanwhile. It sends a batch only against a credit,
 * which the main thread returns for each batch it takes, so a large file never piles up in the main
 * thread's memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { csvRowBatches, detectDelimiter, detectEncoding } from '../csv/parse.js';
import type { CsvWorkerInput, FromCsvWorker, ToCsvWorker } from './csv-reading.js';
import { encodeBatch, toWire, transferables } from './wire.js';

const port = parentPort;
if (!port) throw new Error('csv-worker.js runs as a worker thread only');
const input = workerData as CsvWorkerInput;

let credits = input.credits;
let wake: (() => void) | null = null;

port.on('message', (message: ToCsvWorker) => {
  if (message.t === 'credit') credits += message.n;
  wake?.();
});

function post(message: FromCsvWorker, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

async function credit(): Promise<void> {
  while (credits <= 0) {
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = null;
  }
  credits -= 1;
}

async function readFile(): Promise<void> {
  try {
    const head = Buffer.from(input.head.buffer, input.head.byteOffset, input.head.byteLength);
    const encoding = await detectEncoding(input.file, head, input.encoding);
    const delimiter = await detectDelimiter(head, encoding);
    for await (const { rows, quotes } of csvRowBatches(input.file, input.sheetName, encoding, delimiter)) {
      if (rows.length === 0 && quotes.length === 0) continue;
      await credit();
      const batch = encodeBatch(rows);
      post({ t: 'rows', batch, quotes }, transferables(batch));
    }
    post({ t: 'end' });
  } catch (error) {
    post({ t: 'error', error: toWire(error, input.file) });
  }
}

post({ t: 'ready' });
await readFile();
