/** Issue 10 point 13: a --map file is checked; nothing in it is ignored. The workbook was written by SheetJS. */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

const EXPORT = fileURLToPath(new URL('../fixtures/validate/unmatched-export.xlsx', import.meta.url));

function validateWithMap(map: unknown) {
  const cwd = tempDir();
  copyFileSync(EXPORT, join(cwd, 'export.xlsx'));
  writeFileSync(join(cwd, 'map.json'), JSON.stringify(map));
  return runCli(['validate', 'export.xlsx', '--map', 'map.json'], { cwd });
}

describe('a --map file', () => {
  it("maps an export's headers, a target written as any alias (Medarbejder_id)", async () => {
    const result = await validateWithMap({ employees: { 'Medarb.nr.': 'Medarbejder_id', Mail: 'E-mail' } });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Afdeling/); // the one column still unknown is named
  });

  it('with an unknown sheet key is an error naming the key (exit 3)', async () => {
    const result = await validateWithMap({ medarbejder: { 'Medarb.nr.': 'employee_id' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/"medarbejder" is no sheet/);
  });

  it('with a target that is no column is an error naming the key and the header (exit 3)', async () => {
    const result = await validateWithMap({ employees: { 'Medarb.nr.': 'personnel_no' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/"employees": "Medarb\.nr\." is mapped to "personnel_no", which is no column of the Employees sheet/);
  });
});
