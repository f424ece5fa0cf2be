/** What a result was measured on, for the tables in docs/benchmarks.md. */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import { CLI, REPO } from './paths.mjs';

/** Which code was measured: the commit, whether src/ differs from it, and when dist/ was built. */
function codeState() {
  const git = (...args) => execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--', 'src').split('\n').filter(Boolean).length;
    return {
      commit,
      srcFilesChanged: changed,
      distBuiltAt: statSync(CLI)
        .mtime.toISOString()
        .replace(/\.\d+Z$/, 'Z'),
    };
  } catch {
    return { commit: 'unknown', srcFilesChanged: null, distBuiltAt: null };
  }
}

export function machine() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    cpu =
      readFileSync('/proc/cpuinfo', 'utf8')
        .match(/^model name\s*:\s*(.+)$/m)?.[1]
        ?.trim() ?? cpu;
  } catch {
    // not Linux: os.cpus() is what there is
  }
  return {
    nproc: os.availableParallelism?.() ?? os.cpus().length,
    cpu,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    code: codeState(),
  };
}

export function machineLines(m) {
  return [
    `- Machine: ${m.nproc} cores (nproc), CPU "${m.cpu}", ${m.memoryGiB} GiB memory, Node ${m.node}`,
    `- Date: ${m.date}; load average at start: ${m.loadAverage} (the machine is shared: other processes run at the same time)`,
    `- Code: commit ${m.code.commit}${m.code.srcFilesChanged ? ` plus uncommitted changes in ${m.code.srcFilesChanged} entries of src/` : ''}; dist/ built ${m.code.distBuiltAt}`,
  ];
}
