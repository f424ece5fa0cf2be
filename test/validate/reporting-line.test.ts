/**
 * Issue 35 points 5 and 9 in validation: each unit's leader from the reporting line by the contract's rule
 * (exports.md "Who reports to whom"), with its ties, loops and unknown managers said at their rows; and a
 * placements sheet joined onto the people, current rows only.
 */
import { describe, expect, it } from 'vitest';
import { run, warnings, type SheetInput } from './helpers.js';

const units: SheetInput = {
  kind: 'organisation',
  columns: ['id', 'name', 'parent_id'],
  rows: [
    ['root', 'Firma', ''],
    ['SALG', 'Salg', 'root'],
    ['NORD', 'Nord', 'SALG'],
    ['SYD', 'Syd', 'SALG'],
    ['IT', 'IT', 'root'],
  ],
};
const people = (rows: string[][]): SheetInput => ({
  kind: 'employees',
  columns: ['employee_id', 'name', 'email', 'team_id', 'manager'],
  rows,
});
const ownerOf = (result: Awaited<ReturnType<typeof run>>, id: string) =>
  result.desired.departments.get(id)?.owner ?? result.desired.teams.get(id)?.owner;

describe('the leader of each unit, from the reporting line', () => {
  it('is the one head the others report to, or the one person outside whom every head reports to; the top is whom everyone reports to', async () => {
    const result = await run([
      units,
      people([
        ['1', 'Ceo Top', 'ceo@f.dk', 'root', ''],
        ['2', 'Sal Chef', 'sal@f.dk', 'SALG', 'ceo@f.dk'],
        ['3', 'Nora Lead', 'nora@f.dk', 'NORD', '2'],
        ['4', 'Nils', 'nils@f.dk', 'NORD', 'Nora Lead'],
        ['5', 'Sif', 'sif@f.dk', 'SYD', '2'],
        ['6', 'Sune', 'sune@f.dk', 'SYD', '2'],
      ]),
    ]);
    expect(warnings(result).filter((i) => i.code === 'reporting_line')).toEqual([]);
    // By e-mail, by id and by a unique name; Syd's two report to Salg's leader outside it.
    expect([ownerOf(result, 'root'), ownerOf(result, 'SALG'), ownerOf(result, 'NORD'), ownerOf(result, 'SYD')]).toEqual([
      '1',
      '2',
      '3',
      '2',
    ]);
    expect(result.desired.departments.get('SALG')?.ownerFrom).toBe('reporting_line');
    // No people: no leader of its own (it inherits).
    expect(ownerOf(result, 'IT')).toBeNull();
  });

  it('a tie leaves the unit as the service has it; a loop, a manager not in the export and oneself are warnings at their rows', async () => {
    const result = await run([
      units,
      people([
        ['1', 'Ceo Top', 'ceo@f.dk', 'root', ''],
        ['2', 'Anna', 'anna@f.dk', 'SYD', '1'],
        ['3', 'Bo', 'bo@f.dk', 'SYD', '9'],
        ['4', 'Cy', 'cy@f.dk', 'NORD', '5'],
        ['5', 'Di', 'di@f.dk', 'NORD', '4'],
        ['6', 'Eva', 'eva@f.dk', 'IT', '6'],
        ['7', 'Finn', 'finn@f.dk', 'SYD', '8'],
        ['8', 'Gro', 'gro@f.dk', 'IT', '1'],
      ]),
    ]);
    const said = (row: number | null) =>
      warnings(result)
        .filter((i) => i.code === 'reporting_line' && i.row === row)
        .map((i) => i.message);
    expect(said(4)).toEqual([expect.stringMatching(/^The manager "9" is no active employee of the export/)]);
    expect([...said(5), ...said(6)]).toEqual([
      expect.stringMatching(/^The reporting line goes round in a loop: Cy → Di → Cy\./),
      expect.stringMatching(/^The reporting line goes round in a loop: Cy → Di → Cy\./),
    ]);
    expect(said(7)).toEqual([expect.stringMatching(/^The person reports to themselves \("6"\)/)]);
    expect(said(null)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^The leader of "Syd" \(SYD\) cannot be told from the reporting line: 2 of its people/),
      ]),
    );
    // Syd: Anna reports to the CEO, Finn to Gro: a tie, so Syd's leader is left as the service has it.
    expect(result.desired.teams.get('SYD')?.owner).toBeUndefined();
  });

  it('a leader column wins over the line, and a difference is said', async () => {
    const withOwner: SheetInput = {
      ...units,
      columns: ['id', 'name', 'parent_id', 'owner'],
      rows: units.rows.map((r) => [...r, r[0] === 'NORD' ? '4' : '']),
    };
    const result = await run([
      withOwner,
      people([
        ['1', 'Ceo Top', 'ceo@f.dk', 'root', ''],
        ['3', 'Nora Lead', 'nora@f.dk', 'NORD', '1'],
        ['4', 'Nils', 'nils@f.dk', 'NORD', '3'],
      ]),
    ]);
    expect(ownerOf(result, 'NORD')).toBe('4');
    expect(warnings(result).find((i) => i.code === 'reporting_line')?.message).toMatch(
      /The leader column names Nils as the leader of "Nord" \(NORD\), the reporting line Nora Lead: the leader column is used/,
    );
  });
});

describe('a placements sheet joined onto the people', () => {
  it('places each person by their current placement, makes leaders by leader rows, and says what it leaves out', async () => {
    const result = await run([
      units,
      {
        kind: 'employees',
        columns: ['employee_id', 'name', 'email'],
        rows: [
          ['1', 'Ceo Top', 'ceo@f.dk'],
          ['2', 'Anna', 'anna@f.dk'],
          ['3', 'Bo', 'bo@f.dk'],
        ],
      },
      {
        kind: 'placements',
        columns: ['employee_id', 'unit_id', 'is_manager', 'start_date', 'end_date'],
        rows: [
          ['2', 'Nord', '', '2020-01-01', '2024-12-31'],
          ['2', 'SYD', '', '2025-01-01', 'infinity'],
          ['2', 'SALG', 'yes', '2025-01-01', ''],
          ['3', 'NORD', '', '2025-07-01', ''],
          ['3', 'IT', '', '2019-01-01', ''],
          ['3', 'SYD', '', '2019-01-01', ''],
          ['9', 'IT', '', '', ''],
        ],
      },
    ]);
    // An ended placement and one still to come are not current; a second current one is left out, said.
    expect(result.desired.employees.get('2')?.teamId).toBe('SYD');
    expect(result.desired.employees.get('3')?.teamId).toBe('IT');
    expect(result.desired.employees.get('1')?.teamId).toBeNull();
    expect(result.desired.departments.get('SALG')?.owner).toBe('2');
    expect(
      warnings(result)
        .filter((i) => i.code === 'placement')
        .map((i) => i.row),
    ).toEqual([7, 8]);
  });
});
