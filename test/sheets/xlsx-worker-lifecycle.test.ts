import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import type { PhysicalSheet } from '../../src/sheets/sheet-source.js';
import type { FromWorker, WorkerInput } from '../../src/sheets/threads/wire.js';
import * as sourceReader from '../../src/sheets/xlsx/workbook.js';
import { tempFolder, writeBytes, writeWorkbook } from './fixtures.js';
import { errorOf, inThread, manyRows, rowCount, runScript, threaded, trace, WORKER_FILE } from './worker-support.js';

describe('the worker sends no more rows than the main thread has room for', () => {
  test('it stops after its credits, sends one batch per credit returned, and skips a sheet when told', async () => {
    const file = writeWorkbook({
      Employees: manyRows(5000),
      Organisation: [
        ['Type', 'ID', 'Name'],
        ['team', 'T1', 'Team 1'],
      ],
    });
    const input: WorkerInput = { pkg: await inThread.openWorkbook(file), credits: 2 };
    const worker = new Worker(WORKER_FILE, { workerData: input });
    const received: FromWorker[] = [];
    worker.on('message', (message: FromWorker) => received.push(message));
    const batches = () => received.filter((message) => message.t === 'rows').length;
    const until = async (condition: () => boolean) => {
      while (!condition()) await sleep(10);
    };
    try {
      await until(() => batches() === 2);
      await sleep(300);
      expect(batches()).toBe(2);

      worker.postMessage({ t: 'credit' });
      await until(() => batches() === 3);
      await sleep(300);
      expect(batches()).toBe(3);

      worker.postMessage({ t: 'skip', sheet: 0 });
      // The next sheet's batch waits for a credit too.
      await until(() => received.at(-1)?.t === 'sheet');
      await sleep(300);
      expect(received.map((message) => message.t)).toEqual(['ready', 'sheet', 'rows', 'rows', 'rows', 'sheetEnd', 'sheet']);
      worker.postMessage({ t: 'credit' });
      await until(() => received.some((message) => message.t === 'done'));
      expect(received.map((message) => message.t).slice(7)).toEqual(['rows', 'sheetEnd', 'done']);
    } finally {
      await worker.terminate();
    }
  });
});

describe('a consumer slower than the reader', () => {
  test('still gets every sheet, in-thread as through the worker', async () => {
    const file = writeWorkbook({
      Employees: manyRows(3000),
      Organisation: [
        ['Type', 'ID', 'Name'],
        ['team', 'T1', 'Team 1'],
      ],
    });
    const pkg = await sourceReader.openWorkbook(file);
    const slowly = async (sheets: AsyncGenerator<PhysicalSheet>) => {
      const seen: string[] = [];
      for await (const sheet of sheets) {
        let rows = 0;
        for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) {
          rows += next.value.length;
          // Near the end of the sheet, when the rest of the workbook is already parsed, waiting for it.
          if (rows > 2500) await sleep(150);
        }
        seen.push(`${sheet.sheetName}: ${rows}`);
      }
      return seen;
    };
    expect(await slowly(sourceReader.xlsxSheets(pkg))).toEqual(['Employees: 3001', 'Organisation: 2']);
    expect(await slowly(threaded.xlsxSheetsInWorker(pkg, WORKER_FILE, 2))).toEqual(['Employees: 3001', 'Organisation: 2']);
  });
});

describe('a reader stopped early leaves no worker behind', () => {
  const file = writeWorkbook({ Employees: manyRows(20_000) });
  const script = (stop: string) => `
    const { openWorkbook } = await import(${JSON.stringify(new URL('../xlsx/workbook.js', WORKER_FILE).href)});
    const { xlsxSheetsInWorker } = await import(${JSON.stringify(new URL('xlsx-reading.js', WORKER_FILE).href)});
    const sheets = xlsxSheetsInWorker(await openWorkbook(${JSON.stringify(file)}), new URL(${JSON.stringify(WORKER_FILE.href)}), 2);
    const { value: sheet } = await sheets.next();
    const { value: batch } = await sheet.rows.next();
    ${stop}
    console.log('read', batch.length, 'rows of', sheet.sheetName);`;

  test('the process ends when the reading is given up (return)', async () => {
    const run = await runScript(script('await sheets.return(undefined);'));
    expect(run).toEqual({ code: 0, stdout: 'read 256 rows of Employees\n', killed: false });
  });

  test('the process ends when the reading is simply abandoned, or stopped by an error in the consumer', async () => {
    expect(await runScript(script(''))).toEqual({ code: 0, stdout: 'read 256 rows of Employees\n', killed: false });
    const thrown = await runScript(script("await sheets.throw(new Error('stop')).catch(() => undefined);"));
    expect(thrown).toEqual({ code: 0, stdout: 'read 256 rows of Employees\n', killed: false });
  });
});

/** A worker script written for the test. */
function workerScript(source: string): URL {
  const path = writeBytes('worker.mjs', source, tempFolder());
  return new URL(`file://${path}`);
}

describe('a worker that fails', () => {
  test('one that dies while reading ends in one sentence saying the file is damaged, naming it', async () => {
    const file = writeWorkbook({ Employees: manyRows(10) });
    const dying = workerScript(`
      import { parentPort } from 'node:worker_threads';
      parentPort.postMessage({ t: 'ready' });
      parentPort.postMessage({ t: 'sheet', sheet: 0, sheetName: 'Employees', hidden: false });
      setTimeout(() => { throw new RangeError('Maximum call stack size exceeded'); }, 20);`);
    const steps = await trace(threaded.xlsxSheetsInWorker(await inThread.openWorkbook(file), dying, 2));
    const failure = errorOf(steps);
    expect(failure?.during).toBe('rows');
    expect(failure?.error).toMatchObject({ name: 'UnreadableFileError', exitCode: 3, isUnreadable: true });
    expect(failure?.error.message).toBe(
      `${file}: it is damaged or incomplete (perhaps a download or copy did not finish); open it in Excel, save it again as .xlsx and try again.`,
    );
  });

  test('one that exits without a word is reported the same way', async () => {
    const file = writeWorkbook({ Employees: manyRows(10) });
    const quitting = workerScript(`
      import { parentPort } from 'node:worker_threads';
      parentPort.postMessage({ t: 'ready' });
      process.exit(7);`);
    const failure = errorOf(await trace(threaded.xlsxSheetsInWorker(await inThread.openWorkbook(file), quitting, 2)));
    expect(failure).toMatchObject({
      during: 'sheets',
      error: { isUnreadable: true, message: expect.stringMatching(/damaged or incomplete/) },
    });
  });

  test('one that cannot start, or whose script is missing, leaves the reading to this thread', async () => {
    const file = writeWorkbook({
      Employees: manyRows(600),
      Teams: [
        ['Team ID', 'Name'],
        ['T1', 'One'],
      ],
    });
    const pkg = await inThread.openWorkbook(file);
    const expected = await trace(inThread.xlsxSheets(pkg));
    const broken = workerScript(`throw new Error('cannot load');`);
    expect(await trace(threaded.xlsxSheetsInWorker(pkg, broken, 2))).toStrictEqual(expected);

    const previous = threaded.configureXlsxWorker({ minSheetBytes: 0, workerFile: new URL('no-such-worker.js', WORKER_FILE) });
    try {
      expect(await trace(threaded.readXlsxSheets(pkg))).toStrictEqual(expected);
    } finally {
      threaded.configureXlsxWorker(previous);
    }
    expect(rowCount(expected)).toBe(603);
  });
});
