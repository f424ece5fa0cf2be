/**
 * The floor of benchmark 2: how long one round trip to the sandbox takes on this machine with nothing
 * but HTTP in the way. Sends N small GETs (the top department) over an undici Pool of C connections, C
 * at a time, and prints the time per round of C requests. Credentials come from the environment
 * (BENCH_COMPANY_ID, BENCH_ACCESS_TOKEN), never from the command line.
 *   node bench/bare/round-trips.mjs BASE_URL C N
 */
import { Pool } from 'undici';

const [baseUrl, concurrencyText, countText] = process.argv.slice(2);
if (!baseUrl) {
  console.error('usage: node bench/bare/round-trips.mjs BASE_URL C N');
  process.exit(2);
}
const concurrency = Number(concurrencyText);
const count = Number(countText);
const pool = new Pool(baseUrl, { connections: concurrency });
const headers = { company_id: process.env.BENCH_COMPANY_ID ?? '1', access_token: process.env.BENCH_ACCESS_TOKEN ?? '' };

async function one() {
  const response = await pool.request({ method: 'GET', path: '/v3/core/departments/root', headers });
  await response.body.text();
  if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
}

await one(); // connect first: the importer's connections are open after its first reads, too
let sent = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (sent < count) {
      sent += 1;
      await one();
    }
  }),
);
const elapsed = performance.now() - started;
await pool.close();
console.log(JSON.stringify({ count, concurrency, elapsedMs: elapsed, msPerRound: elapsed / (count / concurrency) }));
