/**
 * The built reader (dist/), as the CLI runs it: a worker thread can only load the compiled worker script,
 * so the worker path is tested on the build (`npm test` builds first). The types are the source's.
 * Traces record what a consumer sees, in order, so two readers can be compared call for call.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as ErrorsModule from '../../src/errors.js';
import type { PhysicalRow, PhysicalSheet } from '../../src/sheets/sheet-source.js';
import type * as ThreadedModule from '../../src/sheets/threads/xlsx-reading.js';
import type * as XlsxModule from '../../src/sheets/xlsx/workbook.js';
import type * as ZipModule from '../../src/sheets/xlsx/zip.js';
import type * as ReadModule from '../../src/sheets/read.js';
import { tempFolder, type Rows } from './fixtures.js';

export const built = (path: string): string => new URL(`../../dist/${path}`, import.meta.url).href;

export const WORKER_FILE = new URL('../../dist/sheets/threads/xlsx-worker.js', import.meta.url);
export const threaded = (await import(built('sheets/threads/xlsx-reading.js'))) as typeof ThreadedModule;
export const inThread = (await import(built('sheets/xlsx/workbook.js'))) as typeof XlsxModule;
export const builtErrors = (await import(built('errors.js'))) as typeof ErrorsModule;
export const builtZip = (await import(built('sheets/xlsx/zip.js'))) as typeof ZipModule;
export const builtRead = (await import(built('sheets/read.js'))) as typeof ReadModule;

export type Step =
  | { sheet: string; hidden: boolean; file: string }
  | { rows: PhysicalRow[] }
  | { error: { name: string; code: string; exitCode: number; message: string; isUnreadable: boolean }; during: 'sheets' | 'rows' };

/**
 * Reads every sheet as read.ts does: all rows, except the sheets `firstBatchOnly` names, of which only
 * the first batch is read before asking for the next sheet (as for the template sheet).
 */
export async function trace(
  sheets: AsyncGenerator<PhysicalSheet>,
  firstBatchOnly: (name: string) => boolean = () => false,
): Promise<Step[]> {
  const steps: Step[] = [];
  let during: 'sheets' | 'rows' = 'sheets';
  try {
    for await (const sheet of sheets) {
      steps.push({ sheet: sheet.sheetName, hidden: sheet.hidden, file: sheet.file });
      during = 'rows';
      for (let next = await sheet.rows.next(); !next.done; next = await sheet.rows.next()) {
        steps.push({ rows: next.value });
        if (firstBatchOnly(sheet.sheetName)) break;
      }
      during = 'sheets';
    }
  } catch (error) {
    const e = error as ErrorsModule.OrgsyncError;
    steps.push({
      error: {
        name: e.name,
        code: e.code,
        exitCode: e.exitCode,
        message: e.message,
        isUnreadable: error instanceof builtErrors.UnreadableFileError,
      },
      during,
    });
  }
  return steps;
}

/** The same workbook through the in-thread reader and through the worker (a small read-ahead, to exercise it). */
export async function bothWays(
  file: string,
  firstBatchOnly?: (name: string) => boolean,
  credits = 2,
): Promise<{ inThread: Step[]; worker: Step[] }> {
  const pkg = await inThread.openWorkbook(file);
  return {
    inThread: await trace(inThread.xlsxSheets(pkg), firstBatchOnly),
    worker: await trace(threaded.xlsxSheetsInWorker(pkg, WORKER_FILE, credits), firstBatchOnly),
  };
}

export function rowCount(steps: Step[]): number {
  return steps.reduce((sum, step) => sum + ('rows' in step ? step.rows.length : 0), 0);
}

export function errorOf(steps: Step[]): Extract<Step, { error: unknown }> | undefined {
  return steps.find((step): step is Extract<Step, { error: unknown }> => 'error' in step);
}

/** An employees sheet of `count` rows (ids as numbers, as HR exports write them). */
export function manyRows(count: number): Rows {
  return [['Employee ID', 'Name', 'Email'], ...Array.from({ length: count }, (_, i) => [i + 1, `Person ${i}`, `p${i}@example.com`])];
}

/**
 * Runs a script in a node process of its own, which must end by itself (a hang is killed after the time given:
 * a guard, not a bound on speed). The script is a file, not `--input-type=module -e`: worker threads inherit the
 * process's flags, and that one stops them from loading their own script.
 */
export async function runScript(script: string, timeoutMs = 120_000): Promise<{ code: number | null; stdout: string; killed: boolean }> {
  const file = join(tempFolder(), 'script.mjs');
  writeFileSync(file, script);
  const child = execFile(process.execPath, [file], { timeout: timeoutMs });
  let stdout = '';
  child.stdout?.on('data', (chunk: string) => (stdout += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, killed: child.killed };
}
