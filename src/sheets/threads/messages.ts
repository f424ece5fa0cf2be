/**
 * A reading thread's messages in the order they came, for the workbook (threads/xlsx-reading.ts) and the large
 * CSV file (threads/csv-reading.ts) alike. The worker is unreferenced except while this thread waits for it, so
 * it never keeps the process alive; its error or exit arrives as a `crash`, so a wait always ends.
 */
import { Worker } from 'node:worker_threads';

export type Crash = { t: 'crash'; cause?: unknown };

export class WorkerMessages<Message> {
  private readonly arrived: (Message | Crash)[] = [];
  private waiting: ((arrival: Message | Crash) => void) | null = null;
  private stopped = false;

  /** The worker started on `workerFile`, or null when it cannot start (the caller reads in-thread). */
  static start<Message>(workerFile: URL, workerData: unknown): WorkerMessages<Message> | null {
    try {
      return new WorkerMessages<Message>(new Worker(workerFile, { workerData }));
    } catch {
      return null;
    }
  }

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: Message) => this.arrive(message));
    worker.on('error', (cause) => this.arrive({ t: 'crash', cause }));
    worker.on('exit', (code) => this.arrive({ t: 'crash', cause: new Error(`the reading thread stopped (exit code ${code})`) }));
    // After the listeners: the first 'message' listener refers the worker's port again, and a reading never
    // iterated (another file failed first) then kept the process alive after its error was printed.
    worker.unref();
  }

  private arrive(arrival: Message | Crash): void {
    if (this.stopped) return;
    const waiting = this.waiting;
    if (!waiting) {
      this.arrived.push(arrival);
      return;
    }
    this.waiting = null;
    this.worker.unref();
    waiting(arrival);
  }

  next(): Promise<Message | Crash> {
    const arrival = this.arrived.shift();
    if (arrival) return Promise.resolve(arrival);
    this.worker.ref();
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  send(message: unknown): void {
    this.worker.postMessage(message);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    // Whoever still waits for rows hears that the reading stopped: a promise left pending on an
    // unreferenced worker ends the process silently (exit 13) instead of failing.
    this.waiting?.({ t: 'crash', cause: new Error('the reading thread was stopped') });
    this.waiting = null;
    this.arrived.length = 0;
    void this.worker.terminate().catch(() => undefined);
  }
}
