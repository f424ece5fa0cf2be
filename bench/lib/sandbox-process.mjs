/**
 * The sandbox as a separate process, as a user runs it with `orgsync-import sandbox`: forked with an IPC
 * channel so that the benchmark can read its request statistics and its own CPU time and peak memory.
 *
 *   const sandbox = await startSandboxProcess({ latencyMs: 0, nodeOptions: ['--cpu-prof', ...] });
 *   await sandbox.usage();   // { stats, cpuS, maxRssMB }
 *   await sandbox.close();
 *
 * Run directly (as the forked child) it starts the sandbox from dist/ and answers messages.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { DIST } from './paths.mjs';

const SELF = fileURLToPath(import.meta.url);

/** @param {{ latencyMs?: number, nodeOptions?: string[], statePath?: string }} [options] */
export async function startSandboxProcess({ latencyMs = 0, nodeOptions = [], statePath } = {}) {
  const child = fork(SELF, ['--child'], { execArgv: nodeOptions, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const pending = [];
  child.on('message', (message) => pending.shift()?.(message));
  const ask = (message) =>
    new Promise((resolve) => {
      pending.push(resolve);
      child.send(message);
    });
  const started = await ask({ type: 'start', latencyMs, statePath });
  return {
    ...started,
    usage: () => ask({ type: 'usage' }),
    resetStats: () => ask({ type: 'reset' }),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  };
}

async function serve() {
  const { startSandbox } = await import(join(DIST, 'sandbox', 'index.js'));
  let sandbox = null;
  process.on('message', async (/** @type {any} */ message) => {
    if (message.type === 'start') {
      const options = { quiet: true, faults: { latencyMs: message.latencyMs } };
      if (message.statePath) options.statePath = message.statePath;
      sandbox = await startSandbox(options);
      process.send?.({ baseUrl: sandbox.baseUrl, companyId: sandbox.companyId, accessToken: sandbox.accessToken });
    } else if (message.type === 'usage') {
      const { userCPUTime, systemCPUTime, maxRSS } = process.resourceUsage();
      process.send?.({ stats: sandbox.stats(), cpuS: (userCPUTime + systemCPUTime) / 1e6, maxRssMB: (maxRSS * 1024) / 1e6 });
    } else if (message.type === 'reset') {
      sandbox.resetStats();
      process.send?.({});
    } else if (message.type === 'close') {
      await sandbox.close();
      // Exit through the normal path so that --cpu-prof writes its profile.
      process.disconnect();
    }
  });
}

if (process.argv[2] === '--child') await serve();
