/**
 * Preloaded with `node --import` when /usr/bin/time is missing: at exit, writes the process's peak
 * resident memory and CPU time as JSON to the file named by BENCH_USAGE_FILE.
 */
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_USAGE_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ maxRssKB: usage.maxRSS, userS: usage.userCPUTime / 1e6, sysS: usage.systemCPUTime / 1e6 }));
  });
}
