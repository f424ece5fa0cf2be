// Preloaded into the command under test (NODE_OPTIONS=--import): writes its peak resident memory, in
// kilobytes, to the file HOSTILE_MAXRSS_FILE names, however the process ends (process.exit included).
// VmHWM, not getrusage's maxRSS: the latter starts from the spawning process's peak on Linux.
import { readFileSync, writeFileSync } from 'node:fs';

const target = process.env.HOSTILE_MAXRSS_FILE;
if (target) {
  process.on('exit', () => {
    const peak = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    writeFileSync(target, peak ?? String(process.resourceUsage().maxRSS));
  });
}
