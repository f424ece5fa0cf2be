/**
 * A large CSV file read in a worker thread (threads/csv-worker.ts: decoding, the delimiter, papaparse and the
 * checks on each row and cell) while this thread recognises and validates the rows already read: the
 * reading and the validation each take a core instead of taking turns on one. The rows, quote problems
 * and errors are the in-thread reader's (csv/parse.ts), which stays the fallback: for a small file, when the
 * built worker script is not there (tests run the TypeScript source) and when a worker cannot be started.
 * The rows cross in the workbook reader's compact form (threads/wire.ts).
 */
import { existsSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Issue } from '../../model/issue.js';
import { csvRows, detectDelimiter, detectEncoding, quoteIssue, type QuoteFinding } from '../csv/parse.js';
import type { PhysicalRow, PhysicalSheet } from '../sheet-source.js';
import { unreadable } from '../unreadable.js';
import { WorkerMessages, type Crash } from './messages.js';
import type { EncodedBatch, WireError } from './wire.js';

/** The rows' encoding, loaded only when a worker is used: a run on small files never needs it. */
type Wire = typeof import('./wire.js');

export interface CsvWorkerPolicy {
  /**
   * File size from which a worker is used: starting one costs about 50 ms, which only a file whose
   * validation takes longer than that wins back (the 100,000-employment set's employees.csv is 9.6 MB;
   * its other files, under 0.4 MB, are read in-thread).
   */
  minFileBytes: number;
  /** The built worker script; absent when running from the TypeScript source. */
  workerFile: URL;
  /** Batches (one per 64 KiB of the file) the worker may read ahead of this thread. */
  credits: number;
  /** Credits returned in one message: a message per batch taken showed in the main thread's profile. */
  creditsPerMessage: number;
}

const policy: CsvWorkerPolicy = {
  minFileBytes: 2 * 1024 * 1024,
  workerFile: new URL('./csv-worker.js', import.meta.url),
  credits: 32,
  creditsPerMessage: 8,
};

/** For tests: use the worker from another size on, or another worker script. */
export function configureCsvWorker(changes: Partial<CsvWorkerPolicy>): CsvWorkerPolicy {
  const previous = { ...policy };
  Object.assign(policy, changes);
  return previous;
}

/** What the worker is given. */
export interface CsvWorkerInput {
  file: string;
  sheetName: string;
  /** The file's first bytes (file-kind.ts readHead), from which the encoding and delimiter are found. */
  head: Uint8Array;
  /** The encoding the user gave, if any. */
  encoding?: string;
  credits: number;
}

/** Worker → main thread: the rows of a batch with the quote problems found in it; the end; an error. */
export type FromCsvWorker =
  | { t: 'ready' }
  | { t: 'rows'; batch: EncodedBatch; quotes: QuoteFinding[] }
  | { t: 'end' }
  | { t: 'error'; error: WireError };

/** Main thread → worker: `n` more batches may be sent. */
export type ToCsvWorker = { t: 'credit'; n: number };

/**
 * The CSV file as one sheet, read in a worker when it is large enough. The worker starts at once, not
 * when the rows are asked for: it reads while this thread loads the validator.
 */
export function readCsvSheet(
  file: string,
  size: number,
  head: Buffer,
  encoding: string | undefined,
  issues: Issue[],
): AsyncGenerator<PhysicalSheet> {
  if (size < policy.minFileBytes || !existsSync(fileURLToPath(policy.workerFile))) return csvSheet(file, head, encoding, issues);
  return csvSheetInWorker(file, head, encoding, issues, policy.workerFile, policy.credits, policy.creditsPerMessage);
}

/** The worker's sheet, its thread started now; in-thread if it cannot start. */
export function csvSheetInWorker(
  file: string,
  head: Buffer,
  encoding: string | undefined,
  issues: Issue[],
  workerFile: URL,
  credits: number,
  creditsPerMessage = 1,
): AsyncGenerator<PhysicalSheet> {
  const input: CsvWorkerInput = { file, sheetName: sheetNameOf(file), head, credits, ...(encoding !== undefined && { encoding }) };
  return sheetFromWorker(file, head, encoding, issues, CsvFeed.start(input, workerFile, Math.max(1, Math.min(creditsPerMessage, credits))));
}

/** The file read in this thread. */
export async function* csvSheet(file: string, head: Buffer, encoding: string | undefined, issues: Issue[]): AsyncGenerator<PhysicalSheet> {
  const detected = await detectEncoding(file, head, encoding);
  const rows = csvRows(file, sheetNameOf(file), detected, await detectDelimiter(head, detected), issues);
  try {
    yield { file, sheetName: sheetNameOf(file), hidden: false, rows };
  } finally {
    await rows.return(undefined);
  }
}

function sheetNameOf(file: string): string {
  return basename(file, extname(file));
}

async function* sheetFromWorker(
  file: string,
  head: Buffer,
  encoding: string | undefined,
  issues: Issue[],
  feed: CsvFeed | null,
): AsyncGenerator<PhysicalSheet> {
  const wire = import('./wire.js');
  if (!feed || (await feed.next()).t !== 'ready') {
    feed?.stop();
    yield* csvSheet(file, head, encoding, issues);
    return;
  }
  try {
    yield { file, sheetName: sheetNameOf(file), hidden: false, rows: feed.rows(issues, await wire) };
  } finally {
    feed.stop();
  }
}

type Arrival = FromCsvWorker | Crash;

/** The worker's rows as the in-thread reader hands them out. */
class CsvFeed {
  /** After the end, an error or a crash, nothing more will come. */
  private over = false;
  /** Batches taken whose credit has not been returned yet. */
  private owed = 0;

  static start(input: CsvWorkerInput, workerFile: URL, creditsPerMessage: number): CsvFeed | null {
    const messages = WorkerMessages.start<FromCsvWorker>(workerFile, input);
    return messages && new CsvFeed(messages, input.file, creditsPerMessage);
  }

  private constructor(
    private readonly messages: WorkerMessages<FromCsvWorker>,
    private readonly file: string,
    private readonly creditsPerMessage: number,
  ) {}

  next(): Promise<Arrival> {
    return this.messages.next();
  }

  /** The rows, batch by batch; each batch's quote problems are added to `issues` as it is handed out, as csvRows does. */
  rows(issues: Issue[], { decodeBatch, fromWire }: Wire): AsyncIterator<PhysicalRow[]> {
    const sheetName = sheetNameOf(this.file);
    return {
      next: async () => {
        while (!this.over) {
          const message = await this.next();
          if (message.t === 'rows') {
            if (++this.owed >= this.creditsPerMessage) {
              this.messages.send({ t: 'credit', n: this.owed } satisfies ToCsvWorker);
              this.owed = 0;
            }
            for (const finding of message.quotes) issues.push(quoteIssue(this.file, sheetName, finding));
            const rows = decodeBatch(message.batch);
            if (rows.length > 0) return { done: false, value: rows };
            continue;
          }
          this.over = true;
          if (message.t === 'error') throw fromWire(message.error);
          if (message.t === 'crash') throw unreadable(this.file, 'damaged', message.cause);
          if (message.t !== 'end')
            throw unreadable(this.file, 'damaged', new Error(`unexpected message from the reading thread: ${message.t}`));
        }
        return { done: true, value: undefined };
      },
      return: async () => {
        this.over = true;
        this.stop();
        return { done: true, value: undefined };
      },
    };
  }

  stop(): void {
    this.messages.stop();
  }
}
