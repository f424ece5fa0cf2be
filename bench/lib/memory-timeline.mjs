/**
 * Preloaded with `node --import` by bench/memory.mjs: samples the process's memory every 100 ms and, at
 * exit, writes the samples as JSON lines to the file named by BENCH_MEMORY_FILE. RSS alone does not say
 * whose memory it is: the heap (V8's objects), external (Buffers, strings outside the heap) and array
 * buffers are sampled with it, and the high-water mark of RSS, so a peak can be put on the phase and the kind of memory that made it.
 */
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_MEMORY_FILE;
if (target) {
  const started = performance.now();
  const samples = [];
  const sample = () => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    // The high-water mark since the start: it catches a peak inside synchronous work no timer can sample.
    const maxRss = process.resourceUsage().maxRSS * 1024;
    samples.push({ ms: Math.round(performance.now() - started), rss, maxRss, heapTotal, heapUsed, external, arrayBuffers });
  };
  const timer = setInterval(sample, 100);
  timer.unref();
  process.on('exit', () => {
    sample();
    writeFileSync(target, `${samples.map((s) => JSON.stringify(s)).join('\n')}\n`);
  });
}
