/**
 * Issue 17 point 4: a department loop of 10,000 rows. Each row's message names the loop, so spelling it
 * out whole made the output grow with the square of the loop (3,000 rows: a 245 MB error file; 10,000:
 * out of memory). Now each message names a bounded part of it.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, writeCsvSet } from '../helpers/cli.js';
import { EMPLOYEE_HEADER, ORG_HEADER, expectNoStackTrace } from './support.js';

describe('a department loop of 10,000 rows', () => {
  it('is reported on every row with a bounded message, in bounded memory and time', async () => {
    const size = 10_000;
    const departments = Array.from({ length: size }, (_, i) => ['department', `D${i}`, `Dept ${i}`, `D${(i + size - 1) % size}`, '']);
    const dir = writeCsvSet({
      employees: [EMPLOYEE_HEADER, ['1000', 'Ann Berg', 'ann@nordlys.dk', '']],
      organisation: [ORG_HEADER, ['department', 'root', 'Company', '', ''], ...departments],
    });
    const result = await runCli(['validate', dir], { cwd: tempDir('loop-'), env: { NODE_OPTIONS: '--max-old-space-size=512' } });
    expect(result.code, result.stderr.slice(0, 500)).toBe(1);
    expectNoStackTrace(result.stderr);
    const errorFile = join(dir, 'organisation.errors.csv');
    expect(statSync(errorFile).size).toBeLessThan(10 * 1024 * 1024);
    const text = readFileSync(errorFile, 'utf8');
    // CSV doubles the quotation marks inside a cell.
    expect(text).toContain(
      '""D0"" → ""D9999"" → ""D9998"" → ""D9997"" → ""D9996"" → … 9,994 more … → ""D1"" → ""D0"" (10,000 departments) form a loop',
    );
    expect(text.match(/form a loop/g)).toHaveLength(size);
  });
});
