/**
 * The eager worker start (read.ts readInput starts a large workbook's worker before anyone asks
 * for a sheet): a reading that is never iterated, or given up between readInput and validation, must not
 * keep the process alive. Runs the built reader (dist/, `npm run build` first) in a process of its own.
 */
import { describe, expect, test } from 'vitest';
import { writeWorkbook } from './fixtures.js';
import { built, manyRows, runScript } from './worker-support.js';

describe('a workbook reading started by readInput and never finished', () => {
  const file = writeWorkbook({
    Employees: manyRows(20_000),
    Organisation: [
      ['Type', 'ID', 'Name'],
      ['team', 'T1', 'Team 1'],
    ],
  });
  // The reading threads started are counted and their exits heard: a thread that died at once (as under
  // --input-type, which threads inherit) would leave nothing to keep the process alive, and prove nothing.
  const script = (then: string) => `
    import threads from 'node:worker_threads';
    import { syncBuiltinESMExports } from 'node:module';
    const Started = threads.Worker;
    globalThis.readingThreads = { started: 0, failed: 0 };
    threads.Worker = class extends Started {
      constructor(...args) {
        super(...args);
        globalThis.readingThreads.started += 1;
        this.on('error', () => (globalThis.readingThreads.failed += 1));
      }
    };
    syncBuiltinESMExports();
    const { configureXlsxWorker } = await import(${JSON.stringify(built('sheets/threads/xlsx-reading.js'))});
    const { readInput } = await import(${JSON.stringify(built('sheets/read.js'))});
    configureXlsxWorker({ minSheetBytes: 0 });
    const reading = await readInput([${JSON.stringify(file)}], {});
    ${then}`;

  test('lets the process end when nobody ever asks for a sheet', async () => {
    const run = await runScript(
      script(`await new Promise((r) => setTimeout(r, 300)); console.log('never iterated', JSON.stringify(globalThis.readingThreads));`),
    );
    expect(run).toEqual({ code: 0, stdout: 'never iterated {"started":1,"failed":0}\n', killed: false });
  });

  test('lets the process end when the consumer stops in the middle of a sheet', async () => {
    const run = await runScript(
      script(`
        try {
          for await (const sheet of reading.sheets) {
            for await (const row of sheet.rows) if (row.row > 300) throw new Error('validator stopped');
          }
        } catch (error) { console.log(error.message, JSON.stringify(globalThis.readingThreads)); }`),
    );
    expect(run).toEqual({ code: 0, stdout: 'validator stopped {"started":1,"failed":0}\n', killed: false });
  });
});
