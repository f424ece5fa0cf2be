/**
 * The rehearsal sandbox (`FILE --sandbox`) in a worker thread of the importer's process: still one process
 * (a kill -9 stops both, and the state file and the journal are written by the same process), but the
 * sandbox's work runs on its own thread, beside the importer's, as it would in a separate process. On one
 * thread the two took turns and a rehearsal cost twice the import it rehearses.
 *
 * Run as the worker's entry (workerData.orgsyncSandbox = SandboxOptions without functions or streams), it starts the
 * sandbox, posts how to reach it, and closes it when told to.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { OrgsyncError, type ExitCode, type OrgsyncErrorCode } from '../errors.js';
import { SandboxRootError } from './store/root.js';
import type { SandboxOptions } from './types.js';

export { SandboxRootError } from './store/root.js';

type WorkerOptions = Pick<SandboxOptions, 'statePath' | 'companyId' | 'accessToken' | 'rootId' | 'rootName' | 'rootAsked' | 'faults'>;

type Started =
  | { type: 'started'; baseUrl: string; companyId: number; accessToken: string; instanceId: string | undefined }
  | { type: 'failed'; code: OrgsyncErrorCode; message: string; exitCode: ExitCode | undefined; rootClash?: SandboxRootError['clash'] };

export interface SandboxInWorker {
  baseUrl: string;
  companyId: number;
  accessToken: string;
  instanceId: string | undefined;
  close(): Promise<void>;
}

export async function startSandboxInWorker(options: WorkerOptions): Promise<SandboxInWorker> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { orgsyncSandbox: options } });
  const started = await new Promise<Started>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the sandbox thread stopped before it started (exit ${code})`)));
  });
  if (started.type === 'failed') {
    await worker.terminate();
    // Made again on this thread, for the importer to say it in the run's language (app/service.ts).
    if (started.rootClash) throw new SandboxRootError(started.rootClash);
    throw new OrgsyncError(started.code, started.message, started.exitCode);
  }
  worker.removeAllListeners();
  return {
    baseUrl: started.baseUrl,
    companyId: started.companyId,
    accessToken: started.accessToken,
    instanceId: started.instanceId,
    close: async () => {
      // The sandbox writes its state file whole before the thread ends.
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      await exited;
    },
  };
}

async function serveInWorker(port: NonNullable<typeof parentPort>): Promise<void> {
  const { startSandbox } = await import('./index.js');
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({ ...(workerData as { orgsyncSandbox: WorkerOptions }).orgsyncSandbox, quiet: true });
  } catch (error) {
    const failure = error as Partial<OrgsyncError>;
    port.postMessage({
      type: 'failed',
      code: failure.code ?? 'sandbox_failed',
      message: failure.message ?? String(error),
      exitCode: failure.exitCode,
      ...(error instanceof SandboxRootError ? { rootClash: error.clash } : {}),
    } satisfies Started);
    return;
  }
  const { baseUrl, companyId, accessToken, instanceId } = sandbox;
  port.postMessage({ type: 'started', baseUrl, companyId, accessToken, instanceId } satisfies Started);
  port.once('message', () => {
    void sandbox.close().finally(() => port.close());
  });
}

if (!isMainThread && parentPort && (workerData as { orgsyncSandbox?: WorkerOptions } | undefined)?.orgsyncSandbox)
  await serveInWorker(parentPort);
