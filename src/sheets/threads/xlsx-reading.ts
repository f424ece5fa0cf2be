/**
 * The workbook's sheets read in a worker thread (threads/xlsx-worker.ts) while this thread recognises and
 * validates the rows already read: on a large workbook the parsing and the validation each take
 * a core instead of taking turns on one. The sheets, rows and errors are the in-thread reader's
 * (xlsx/workbook.ts), which stays the fallback: for a small workbook, when the built worker script is not there
 * (tests run the TypeScript source) and when a worker cannot be started.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { UnreadableFileError } from '../../errors.js';
import type { PhysicalRow, PhysicalSheet } from '../sheet-source.js';
import { unreadable } from '../unreadable.js';
import { WorkerMessages, type Crash } from './messages.js';
import { xlsxSheets } from '../xlsx/workbook.js';
import type { WorkbookPackage } from '../xlsx/package.js';
import { decodeBatch, fromWire, type EncodedBatch, type FromWorker, type ToWorker, type WorkerInput } from './wire.js';

export interface XlsxWorkerPolicy {
  /**
   * Worksheet XML (uncompressed, all sheets) from which a worker is used. Starting a worker costs about
   * 50 ms that a small workbook cannot win back, and the overlap pays only once validation has enough
   * rows to overlap with: the worker is slower up to about 6 MB of sheet XML and faster from about 13 MB
   * (docs/benchmarks.md, "The reading thread's threshold"). So from 10 MB on.
   */
  minSheetBytes: number;
  /** The built worker script; absent when running from the TypeScript source. */
  workerFile: URL;
  /**
   * Batches (of 256 rows) the worker may read ahead of this thread: enough to ride out a pause of the
   * main thread (a garbage collection) without the worker waiting, a few hundred kilobytes at most.
   */
  credits: number;
}

const policy: XlsxWorkerPolicy = {
  minSheetBytes: 10 * 1024 * 1024,
  workerFile: new URL('./xlsx-worker.js', import.meta.url),
  credits: 32,
};

/** For tests: use the worker from another size on, or another worker script. */
export function configureXlsxWorker(changes: Partial<XlsxWorkerPolicy>): XlsxWorkerPolicy {
  const previous = { ...policy };
  Object.assign(policy, changes);
  return previous;
}

/**
 * The workbook's worksheets as xlsxSheets (xlsx/workbook.ts) yields them, read in a worker when that pays. The
 * worker starts at once, not when the first sheet is asked for: it reads the shared strings while this thread
 * loads the validator.
 */
export function readXlsxSheets(pkg: WorkbookPackage): AsyncGenerator<PhysicalSheet> {
  const sheetBytes = pkg.sheets.reduce((sum, sheet) => sum + (sheet.entry?.uncompressedSize ?? 0), 0);
  if (sheetBytes < policy.minSheetBytes || !existsSync(fileURLToPath(policy.workerFile))) return xlsxSheets(pkg);
  return xlsxSheetsInWorker(pkg, policy.workerFile, policy.credits);
}

/** The worker's sheets, its thread started now; in-thread if it cannot start. */
export function xlsxSheetsInWorker(pkg: WorkbookPackage, workerFile: URL, credits: number): AsyncGenerator<PhysicalSheet> {
  return sheetsFromWorker(pkg, WorkerFeed.start(pkg, workerFile, credits));
}

async function* sheetsFromWorker(pkg: WorkbookPackage, feed: WorkerFeed | null): AsyncGenerator<PhysicalSheet> {
  if (!feed || (await feed.next()).t !== 'ready') {
    feed?.stop();
    yield* xlsxSheets(pkg);
    return;
  }
  try {
    for (;;) {
      const message = await feed.nextOfWorkbook();
      if (message.t === 'done') return;
      if (message.t !== 'sheet') throw feed.unexpected(message);
      yield { file: pkg.file, sheetName: message.sheetName, hidden: message.hidden, rows: feed.rowsOf(message.sheet) };
    }
  } finally {
    feed.stop();
  }
}

type Arrival = FromWorker | Crash;

/** The worker's sheet and rows as the in-thread reader hands them out. */
class WorkerFeed {
  /** The sheet whose rows are being handed out, and whether all of them have been. */
  private sheet = -1;
  private sheetEnded = true;
  /** After an error, a crash or the end, nothing more will come. */
  private over = false;

  static start(pkg: WorkbookPackage, workerFile: URL, credits: number): WorkerFeed | null {
    const input: WorkerInput = { pkg, credits };
    const messages = WorkerMessages.start<FromWorker>(workerFile, input);
    return messages && new WorkerFeed(messages, pkg);
  }

  private constructor(
    private readonly messages: WorkerMessages<FromWorker>,
    private readonly pkg: WorkbookPackage,
  ) {}

  next(): Promise<Arrival> {
    return this.messages.next();
  }

  private send(message: ToWorker): void {
    this.messages.send(message);
  }

  /** The next sheet or the end; the rows of a sheet left unfinished are skipped, as xlsx/workbook.ts does. */
  async nextOfWorkbook(): Promise<Arrival> {
    // After the error thrown, nothing more will come: waiting for it would hang.
    if (this.over) return { t: 'done' };
    if (!this.sheetEnded) {
      this.send({ t: 'skip', sheet: this.sheet });
      while (!(await this.nextRows(this.sheet)).done);
    }
    const message = await this.next();
    if (message.t === 'sheet') {
      this.sheet = message.sheet;
      this.sheetEnded = false;
    } else this.fail(message);
    return message;
  }

  rowsOf(sheet: number): AsyncIterator<PhysicalRow[]> {
    let closed = false;
    return {
      next: async () => {
        if (closed || sheet !== this.sheet || this.sheetEnded || this.over) return { done: true, value: undefined };
        const batch = await this.nextRows(sheet);
        return batch.done ? batch : { done: false, value: decodeBatch(batch.value) };
      },
      return: async () => {
        // The rows still to come are skipped by the next call of nextOfWorkbook, as xlsx/workbook.ts does.
        closed = true;
        return { done: true, value: undefined };
      },
    };
  }

  private async nextRows(sheet: number): Promise<IteratorResult<EncodedBatch, undefined>> {
    const message = await this.next();
    if (message.t === 'rows' && message.sheet === sheet) {
      this.send({ t: 'credit' });
      return { done: false, value: message.batch };
    }
    if (message.t === 'sheetEnd' && message.sheet === sheet) {
      this.sheetEnded = true;
      return { done: true, value: undefined };
    }
    this.fail(message);
    throw this.unexpected(message);
  }

  /** Throws the worker's error (or one for its crash), and marks the feed as over. */
  private fail(message: Arrival): void {
    if (message.t !== 'error' && message.t !== 'crash') return;
    this.over = true;
    this.sheetEnded = true;
    throw message.t === 'error' ? fromWire(message.error) : unreadable(this.pkg.file, 'damaged', message.cause);
  }

  /** A message out of order: only a broken worker sends one, so the file is reported as unreadable. */
  unexpected(message: Arrival): UnreadableFileError {
    this.over = true;
    this.sheetEnded = true;
    return unreadable(this.pkg.file, 'damaged', new Error(`unexpected message from the reading thread: ${message.t}`));
  }

  stop(): void {
    this.messages.stop();
  }
}
