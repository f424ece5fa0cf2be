/**
 * The embedded Organisation Sync API sandbox (v3 and v2 over one company store), started in-process by the
 * importer's --sandbox option and the tests, and in the foreground by `orgsync-import sandbox`.
 */
import type { AddressInfo } from 'node:net';
import { buildServer } from './http/server.js';
import { FaultInjector } from './http/faults.js';
import { StatsRecorder } from './http/stats.js';
import { Company } from './store/company.js';
import { startingState } from './store/root.js';
import { replayLog } from './store/change-log.js';
import { loadState, lockStateFile, StatePersister } from './store/persistence.js';
import { snapshotOf } from './store/snapshot.js';
import type { RunningSandbox, SandboxOptions } from './types.js';

export type {
  CreateKind,
  FaultOptions,
  RunningSandbox,
  SandboxOptions,
  SandboxSnapshot,
  SandboxStats,
} from './types.js';
export { SandboxStateError } from './store/persistence.js';
export { SandboxRootError } from './store/root.js';

export const SANDBOX_DEFAULTS = {
  host: '127.0.0.1',
  companyId: 1,
  accessToken: 'sandbox-access-token',
  rootId: 'root',
  rootName: 'Company',
} as const;

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  // Two sandboxes on one state file would both acknowledge writes and the last to save would win.
  const stateLock = options.statePath ? lockStateFile(options.statePath) : null;
  try {
    return await startLocked(options, stateLock);
  } catch (error) {
    stateLock?.release();
    throw error;
  }
}

async function startLocked(options: SandboxOptions, stateLock: { release(): void } | null): Promise<RunningSandbox> {
  const now = options.now ?? (() => new Date());
  const companyId = options.companyId ?? SANDBOX_DEFAULTS.companyId;
  const accessToken = options.accessToken ?? SANDBOX_DEFAULTS.accessToken;
  const loaded = options.statePath ? await loadState(options.statePath) : undefined;
  // A log beside the state file holds the writes answered since it was last written whole (a crash, kill -9).
  const saved = options.statePath && loaded ? await replayLog(options.statePath, loaded) : undefined;
  const defaults = { id: SANDBOX_DEFAULTS.rootId, name: SANDBOX_DEFAULTS.rootName };
  const starting = startingState(saved?.state, options, defaults, options.statePath);
  const company = new Company(starting.state, now);
  const persister = options.statePath
    ? new StatePersister(
        options.statePath,
        company,
        starting.replaced ? 0 : (saved?.sequence ?? 0),
        !saved || saved.applied > 0 || starting.replaced,
        options.stateLogMinBytes,
      )
    : null;
  await persister?.start();

  const stats = new StatsRecorder();
  const faults = new FaultInjector(options.faults);
  const out = options.log ?? process.stdout;
  const app = buildServer({
    company,
    stats,
    faults,
    credentials: { companyId, accessToken, now },
    persist: () => (persister ? persister.save() : Promise.resolve()),
    log: options.quiet ? null : (line) => out.write(`${line}\n`),
  });
  await app.listen({ host: options.host ?? SANDBOX_DEFAULTS.host, port: options.port ?? 0 });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    baseUrl: `http://${host}:${address.port}`,
    companyId,
    accessToken,
    instanceId: company.instanceId,
    stats: () => stats.read(),
    resetStats: () => stats.reset(),
    snapshot: () => snapshotOf(company),
    setFaults: (next) => faults.set(next),
    close: async () => {
      await app.close();
      await persister?.close();
      stateLock?.release();
    },
  };
}
