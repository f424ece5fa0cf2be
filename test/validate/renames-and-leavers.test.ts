import { describe, expect, it } from 'vitest';
import { onlyError, run } from './helpers.js';

const ORG = ['type', 'id', 'name', 'parent_id', 'owner', 'previous_id'];
const EMP = ['employee_id', 'name', 'email', 'team_id', 'status', 'previous_employee_id'];

describe('references to what the workbook renames or lets go', () => {
  it('refuses a team placed under the old id of a department the workbook renames, naming the new id', async () => {
    const result = await run([
      {
        kind: 'organisation',
        columns: ORG,
        rows: [
          ['department', 'D0', 'Company', '', '', ''],
          ['department', 'D2', 'Sales', 'D0', '', 'D1'],
          ['team', 'T1', 'Sales team', 'D1', '', ''],
        ],
      },
      { kind: 'employees', columns: EMP, rows: [['E1', 'Anna Berg', 'anna@firma.dk', 'T1', '', '']] },
    ]);
    const issue = onlyError(result, 'unknown_reference');
    expect(issue).toMatchObject({ sheet: 'organisation', row: 4, column: 'parent_id', value: 'D1' });
    expect(issue.message).toContain('Use the new id "D2"');
  });

  it('refuses an employee who has left as the owner of a unit', async () => {
    const result = await run([
      {
        kind: 'organisation',
        columns: ORG,
        rows: [
          ['department', 'D0', 'Company', '', 'E2', ''],
          ['team', 'T1', 'Sales team', 'D0', '', ''],
        ],
      },
      {
        kind: 'employees',
        columns: EMP,
        rows: [
          ['E1', 'Anna Berg', 'anna@firma.dk', 'T1', '', ''],
          ['E2', 'Bo Holm', 'bo@firma.dk', 'T1', 'left', ''],
        ],
      },
    ]);
    const issue = onlyError(result, 'unknown_reference');
    expect(issue).toMatchObject({ sheet: 'organisation', row: 2, column: 'owner', value: 'E2' });
    expect(issue.message).toContain('has left');
  });
});
