/**
 * The reading thread of a large workbook (threads/xlsx-reading.ts) started before the command line has loaded
 * its own modules. A worker thread takes about 0.2 s to start and load the reader, and the main thread
 * about as long to load commander, the words and the validator; started at the first line, the two
 * overlap instead of following each other. The worker waits, idle, for the package it is to read
 * (threads/xlsx-worker.ts): the reader hands it over when it opens that very workbook, and reads as it always
 * does otherwise. A guess never changes what is read, only when the thread was started: a worker not
 * taken is stopped once the run's inputs are open (read.ts), and never keeps the process alive.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

interface EarlyReader {
  /** The workbook, as an absolute path. */
  file: string;
  workerFile: string;
  worker: Worker;
  /** It failed or stopped before it was taken. */
  ended: boolean;
}

let early: EarlyReader | undefined;

export const XLSX_WORKER_FILE = new URL('./xlsx-worker.js', import.meta.url);

/** Starts the reading thread of `file` now, unless one is already started or the built worker is absent. */
export function startReaderEarly(file: string, workerFile: URL = XLSX_WORKER_FILE): void {
  if (early || !existsSync(fileURLToPath(workerFile))) return;
  let worker: Worker;
  try {
    worker = new Worker(workerFile, { workerData: null });
  } catch {
    return; // The reader starts its own worker, or reads in-thread.
  }
  const reader: EarlyReader = { file: resolve(file), workerFile: workerFile.href, worker, ended: false };
  worker.unref();
  // Heard here so a worker that fails before it is taken is no uncaught error; it is then not taken.
  worker.on('error', () => (reader.ended = true));
  worker.on('exit', () => (reader.ended = true));
  early = reader;
}

/** The thread started early for this workbook and worker script, handed over once; else undefined. */
export function takeEarlyReader(file: string, workerFile: URL): Worker | undefined {
  const reader = early;
  if (!reader || reader.file !== resolve(file) || reader.workerFile !== workerFile.href) return undefined;
  early = undefined;
  return reader.ended ? undefined : reader.worker;
}

/**
 * Stops the thread started for this workbook, when it is read another way (small enough to read in-thread);
 * without a workbook, whichever is left once the run's inputs are open: one started for a file that is not
 * read (an option's value, `--errors-out fixes.xlsx`) would otherwise idle, holding its memory, to the end.
 */
export function dropEarlyReader(file?: string): void {
  const reader = early;
  if (!reader || (file !== undefined && reader.file !== resolve(file))) return;
  early = undefined;
  void reader.worker.terminate().catch(() => undefined);
}

/** Whether a thread started early waits to be taken (tests). */
export function earlyReaderWaiting(): boolean {
  return early !== undefined && !early.ended;
}
