/**
 * The reading thread the command line starts before it loads itself (cli/main.ts, sheets/threads/early-reader.ts):
 * the workbook it was started for is read through it exactly as the in-thread reader reads it, a thread
 * for another workbook or one that died is not used, one not needed is stopped, and one never used lets
 * the process end. Runs the built reader (dist/): a worker thread can only load the compiled script.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, test, vi } from 'vitest';
import type * as EarlyReaderModule from '../../src/sheets/threads/early-reader.js';
import { EMPLOYEE_HEADER_ROW, workbookZip, worksheetXml } from '../hostile/zip-writer.js';
import { writeBytes, writeWorkbook } from './fixtures.js';
import { built, builtRead, errorOf, inThread, manyRows, rowCount, runScript, threaded, trace, WORKER_FILE } from './worker-support.js';

const early = (await import(built('sheets/threads/early-reader.js'))) as typeof EarlyReaderModule;

/** Reads `file` as the command does (readXlsxSheets), every workbook in a thread, and in-thread to compare. */
async function readBothWays(file: string, workerFile = WORKER_FILE) {
  const pkg = await inThread.openWorkbook(file);
  const previous = threaded.configureXlsxWorker({ minSheetBytes: 0, workerFile });
  try {
    return { viaReader: await trace(threaded.readXlsxSheets(pkg)), inThread: await trace(inThread.xlsxSheets(pkg)) };
  } finally {
    threaded.configureXlsxWorker(previous);
  }
}

const organisation = [
  ['Type', 'ID', 'Name'],
  ['team', 'T1', 'Team 1'],
];

describe('a reading thread started early', () => {
  test('is the one that reads the workbook it was started for, giving the same sheets and rows', async () => {
    const file = writeWorkbook({ Employees: manyRows(3000), Organisation: organisation });
    early.startReaderEarly(file);
    expect(early.earlyReaderWaiting()).toBe(true);
    const { viaReader, inThread } = await readBothWays(file);
    expect(early.earlyReaderWaiting()).toBe(false);
    expect(viaReader).toStrictEqual(inThread);
    expect(rowCount(viaReader)).toBe(3001 + 2);
  });

  test('refuses a damaged workbook as the in-thread reader does', async () => {
    const rows = `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>1</t></is></c></row><row r="3"><c r="A3" t="inlineStr"><is><t>${'x'.repeat(40_000)}</t></is></c></row>`;
    const file = writeBytes('long.xlsx', workbookZip(worksheetXml(rows)));
    early.startReaderEarly(file);
    const { viaReader, inThread } = await readBothWays(file);
    expect(early.earlyReaderWaiting()).toBe(false);
    expect(viaReader).toStrictEqual(inThread);
    expect(errorOf(viaReader)?.error.message).toMatch(/cell A3 holds more than 32,767 characters/);
  });

  test('is not used for another workbook, which is read all the same', async () => {
    const named = writeWorkbook({ Employees: manyRows(10) });
    const other = writeWorkbook({ Employees: manyRows(500), Organisation: organisation });
    early.startReaderEarly(named);
    const { viaReader, inThread } = await readBothWays(other);
    expect(viaReader).toStrictEqual(inThread);
    expect(early.earlyReaderWaiting()).toBe(true);
    early.dropEarlyReader(named);
    expect(early.earlyReaderWaiting()).toBe(false);
  });

  test('is stopped when its workbook is small enough to read in-thread', async () => {
    const file = writeWorkbook({ Employees: manyRows(200) });
    early.startReaderEarly(file);
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    try {
      const pkg = await inThread.openWorkbook(file);
      const steps = await trace(threaded.readXlsxSheets(pkg));
      expect(terminate).toHaveBeenCalledTimes(1);
      expect(early.earlyReaderWaiting()).toBe(false);
      expect(steps).toStrictEqual(await trace(inThread.xlsxSheets(pkg)));
    } finally {
      terminate.mockRestore();
    }
  });

  test("started for a file the run does not read (an option's value) is stopped once the inputs are open", async () => {
    const named = writeWorkbook({ Employees: manyRows(10) }, { name: 'fixes.xlsx' });
    const csv = writeBytes('employees.csv', 'employee_id;name;email\n1;Ann Holm;ann@firma.dk\n');
    early.startReaderEarly(named);
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    try {
      const reading = await builtRead.readInput([csv], {});
      expect(terminate).toHaveBeenCalledTimes(1);
      expect(early.earlyReaderWaiting()).toBe(false);
      let rows = 0;
      for await (const sheet of reading.sheets) for await (const row of sheet.rows) if (row) rows++;
      expect(rows).toBe(1);
    } finally {
      terminate.mockRestore();
    }
  });

  // The guard ends a hang: a reader that took the dead thread would wait for it forever.
  test('that failed before it was used leaves the workbook read in-thread', { timeout: 60_000 }, async () => {
    const broken = new URL(`file://${writeBytes('broken-worker.mjs', "throw new Error('this reading thread cannot start');")}`);
    const file = writeWorkbook({ Employees: manyRows(1000), Organisation: organisation });
    early.startReaderEarly(file, broken);
    await expect.poll(() => early.earlyReaderWaiting(), { timeout: 30_000 }).toBe(false);
    const { viaReader, inThread } = await readBothWays(file, broken);
    expect(viaReader).toStrictEqual(inThread);
    expect(errorOf(viaReader)).toBeUndefined();
    expect(rowCount(viaReader)).toBe(1001 + 2);
  });

  test('and never used lets the process end', async () => {
    const file = writeWorkbook({ Employees: manyRows(2000) });
    const run = await runScript(`
      const { startReaderEarly, earlyReaderWaiting } = await import(${JSON.stringify(built('sheets/threads/early-reader.js'))});
      startReaderEarly(${JSON.stringify(file)});
      await new Promise((resolve) => setTimeout(resolve, 300));
      console.log(earlyReaderWaiting() ? 'waiting, unused' : 'not started');`);
    expect(run).toEqual({ code: 0, stdout: 'waiting, unused\n', killed: false });
  });
});
