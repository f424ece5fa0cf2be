/**
 * Preloaded into a run (`node -r ./bench/lib/thread-cpu.cjs dist/cli/main.js validate …`), prints on exit
 * the CPU time (user + system, from /proc) of each of the process's threads still alive: the main thread
 * as `node(main)`, V8's platform threads (garbage collection helpers) as `node`. On a loaded machine a
 * run's wall time says little; the main thread's CPU is what a reading worker can take work off. A worker
 * thread that has ended is no longer listed (Linux only).
 */
const { readdirSync, readFileSync } = require('node:fs');

process.on('exit', () => {
  const ticksPerSecond = 100;
  const threads = [];
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
      if (seconds > 0) threads.push(`${name}${Number(tid) === process.pid ? '(main)' : ''}=${seconds.toFixed(2)}`);
    } catch {
      // The thread ended while being listed.
    }
  }
  process.stderr.write(`THREADS ${threads.join(' ')}\n`);
});
