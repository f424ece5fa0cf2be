import { describe, expect, it } from 'vitest';
import { ORG_COLUMNS, basicEmployees, basicOrganisation, errors, onlyError, run } from './helpers.js';

const CURRENT = {
  employees: new Set(['E7']),
  departments: new Set(['D0', 'S1']),
  teams: new Set(['ST']),
  topDepartmentId: 'D0',
  teamOf: new Map<string, string | null>(),
};

function orgWith(rows: string[][], columns = ORG_COLUMNS) {
  return [{ kind: 'organisation' as const, columns, rows }, basicEmployees([], ['employee_id', 'name', 'email'])];
}

describe('organisation sheet', () => {
  it('reports an unknown type as invalid_value', async () => {
    const result = await run(
      orgWith([
        ['department', 'D0', 'Company', ''],
        ['division', 'X1', 'X', 'D0'],
      ]),
    );
    const issue = onlyError(result, 'invalid_value');
    expect(issue).toMatchObject({ row: 3, column: 'type', value: 'division' });
    expect(issue.message).toContain('"division"');
  });

  it('accepts afdeling as a department and lets a team share an id with a department', async () => {
    const result = await run(
      orgWith([
        ['Afdeling', 'D0', 'Firma', ''],
        ['team', 'D0', 'Team D0', 'D0'],
      ]),
    );
    expect(result.issues).toEqual([]);
    expect(result.desired.departments.get('D0')?.parentId).toBeNull();
    expect(result.desired.teams.get('D0')?.departmentId).toBe('D0');
  });

  it('reports an id repeated within one type at the later row', async () => {
    const result = await run([basicOrganisation([['team', 'T1', 'Again', 'D0']]), basicEmployees()]);
    const issue = onlyError(result, 'duplicate_id');
    expect(issue).toMatchObject({ row: 5, column: 'id', value: 'T1' });
    expect(issue.message).toContain('"T1"');
  });

  it('reports a team without parent as required at parent_id', async () => {
    const result = await run([basicOrganisation([['team', 'T2', 'Lost', '']]), basicEmployees()]);
    const issue = onlyError(result, 'required');
    expect(issue).toMatchObject({ row: 5, column: 'parent_id' });
    expect(issue.message).toContain('"T2"');
  });

  it('reports a missing parent_id column as missing_column', async () => {
    const result = await run(orgWith([['department', 'D0', 'Company']], ['type', 'id', 'name']));
    expect(onlyError(result, 'missing_column')).toMatchObject({ row: null, column: 'parent_id' });
    expect(errors(result)).toHaveLength(1);
  });

  it('reads a sheet without a type column as a plain unit tree (exports.md): a unit with children is a department, a leaf a team', async () => {
    const result = await run(
      orgWith(
        [
          ['D0', 'Company', ''],
          ['D1', 'Sales', 'D0'],
        ],
        ['id', 'name', 'parent_id'],
      ),
      { current: CURRENT },
    );
    expect(errors(result)).toEqual([]);
    expect([...result.desired.departments.keys()]).toEqual(['D0']);
    expect(result.desired.teams.get('D1')).toMatchObject({ name: 'Sales', departmentId: 'D0' });
  });

  it('reports each row of a loop of parents at parent_id', async () => {
    const result = await run(
      orgWith([
        ['department', 'D0', 'Company', ''],
        ['department', 'A', 'A', 'C'],
        ['department', 'B', 'B', 'A'],
        ['department', 'C', 'C', 'B'],
        ['department', 'Below', 'Below', 'A'],
      ]),
    );
    const cycles = errors(result);
    expect(cycles.map((i) => [i.code, i.row, i.column, i.value])).toEqual([
      ['cycle', 3, 'parent_id', 'C'],
      ['cycle', 4, 'parent_id', 'A'],
      ['cycle', 5, 'parent_id', 'B'],
    ]);
    expect(cycles[0]!.message).toContain('"A" → "C" → "B"');
  });

  it('reports a department that is its own parent as a cycle', async () => {
    const result = await run(
      orgWith([
        ['department', 'D0', 'Company', ''],
        ['department', 'A', 'A', 'A'],
      ]),
    );
    expect(onlyError(result, 'cycle')).toMatchObject({ row: 3, column: 'parent_id', value: 'A' });
  });

  it('reports each extra parentless department as top_department at parent_id', async () => {
    const result = await run(
      orgWith([
        ['department', 'D0', 'Company', ''],
        ['department', 'D9', 'Other', ''],
      ]),
    );
    const issue = onlyError(result, 'top_department');
    expect(issue).toMatchObject({ row: 3, column: 'parent_id' });
    expect(issue.message).toContain('"D9"');
  });

  it('keeps the service top department as the top when another parentless one comes first', async () => {
    const result = await run(
      orgWith([
        ['department', 'D9', 'Other', ''],
        ['department', 'D0', 'Company', ''],
      ]),
      {
        current: CURRENT,
      },
    );
    expect(onlyError(result, 'top_department')).toMatchObject({ row: 2, column: 'parent_id' });
  });

  it('reports a sheet without a top department on the whole sheet', async () => {
    const result = await run(orgWith([['department', 'D1', 'Sales', 'S1']]), { current: CURRENT });
    const issue = onlyError(result, 'top_department');
    expect(issue).toMatchObject({ row: null, column: null, sheetName: 'Organisation' });
    expect(issue.message).toContain('"D0"');
  });

  it('reports a top department whose id differs from the service at column id', async () => {
    const result = await run(orgWith([['department', 'ROOT', 'Company', '']]), { current: CURRENT });
    const issue = onlyError(result, 'top_department');
    expect(issue).toMatchObject({ row: 2, column: 'id', value: 'ROOT' });
    expect(issue.message).toContain('"ROOT"');
    expect(issue.message).toContain('"D0"');
  });

  it('reports a team given as a parent as unknown_reference', async () => {
    const result = await run([basicOrganisation([['department', 'D2', 'Sub', 'T1']]), basicEmployees()]);
    const issue = onlyError(result, 'unknown_reference');
    expect(issue).toMatchObject({ row: 5, column: 'parent_id', value: 'T1' });
    expect(issue.message).toContain('"T1" is a team');
  });

  it('resolves a parent in the service and reports one that is nowhere', async () => {
    const result = await run(
      [
        basicOrganisation([
          ['department', 'D2', 'Sub', 'S1'],
          ['team', 'T2', 'X', 'NOPE'],
        ]),
        basicEmployees(),
      ],
      {
        current: CURRENT,
      },
    );
    const issue = onlyError(result, 'unknown_reference');
    expect(issue).toMatchObject({ row: 6, column: 'parent_id', value: 'NOPE' });
    expect(issue.message).toContain('Department "NOPE"');
  });

  it('reports an owner who is not an employee in the sheet or the service', async () => {
    const result = await run(
      [
        {
          kind: 'organisation',
          columns: [...ORG_COLUMNS, 'owner'],
          rows: [
            ['department', 'D0', 'Company', '', 'E1'],
            ['department', 'D1', 'Sales', 'D0', 'E7'],
            ['team', 'T1', 'Team', 'D1', 'E8'],
          ],
        },
        basicEmployees(),
      ],
      { current: CURRENT },
    );
    const issue = onlyError(result, 'unknown_reference');
    expect(issue).toMatchObject({ row: 4, column: 'owner', value: 'E8' });
    expect(issue.message).toContain('Employee "E8"');
  });

  it("reports a previous id that is still another unit's id", async () => {
    const result = await run(
      orgWith(
        [
          ['department', 'D0', 'Company', '', ''],
          ['department', 'D1', 'Sales', 'D0', ''],
          ['department', 'D2', 'Sales 2', 'D0', 'D1'],
        ],
        [...ORG_COLUMNS, 'previous_id'],
      ),
    );
    const issue = onlyError(result, 'duplicate_id');
    expect(issue).toMatchObject({ row: 4, column: 'previous_id', value: 'D1' });
    expect(issue.message).toContain('"D1"');
  });
});
