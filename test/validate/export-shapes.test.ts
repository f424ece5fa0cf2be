/** exports.md points 1–4 in validation: plain unit trees, paths, leaders, the people columns of exports. */
import { describe, expect, it } from 'vitest';
import type { CurrentView } from '../../src/validate/types.js';
import { errors, onlyError, run, warnings, type SheetInput } from './helpers.js';

function service(extra: Partial<CurrentView> = {}): CurrentView {
  return {
    employees: new Set(),
    departments: new Set(['root']),
    teams: new Set(),
    topDepartmentId: 'root',
    teamOf: new Map(),
    departmentNames: new Map([['root', 'Kolding Kommune']]),
    teamNames: new Map(),
    departmentParents: new Map([['root', null]]),
    teamDepartments: new Map(),
    ...extra,
  };
}

const people = (columns: string[], rows: string[][]): SheetInput => ({ kind: 'employees', columns, rows });
const units = (columns: string[], rows: string[][]): SheetInput => ({ kind: 'organisation', columns, rows });

describe('an organisation sheet without type: a plain unit tree', () => {
  const tree = units(
    ['id', 'name', 'parent_id', 'owner'],
    [
      ['root', 'Firma', '', 'E1'],
      ['IT', 'IT', 'root', 'E2'],
      ['DEV', 'Udvikling', 'IT', ''],
      ['OPS', 'Drift', 'IT', ''],
    ],
  );

  it('makes units with children departments and leaves teams; employees of a department work in its own team', async () => {
    const result = await run(
      [
        tree,
        people(
          ['employee_id', 'name', 'email', 'team_id'],
          [
            ['E1', 'Anna', 'anna@firma.dk', 'root'],
            ['E2', 'Bo', 'bo@firma.dk', 'IT'],
            ['E3', 'Cy', 'cy@firma.dk', 'DEV'],
          ],
        ),
      ],
      { current: service() },
    );
    expect(errors(result)).toEqual([]);
    expect([...result.desired.departments.keys()].sort()).toEqual(['IT', 'root']);
    expect([...result.desired.teams.keys()].sort()).toEqual(['DEV', 'IT', 'OPS', 'root']);
    // The own team: the department's id, name and owner, placed in the department.
    expect(result.desired.teams.get('IT')).toMatchObject({ name: 'IT', departmentId: 'IT', owner: 'E2' });
    expect(result.desired.employees.get('E2')!.teamId).toBe('IT');
    expect(
      warnings(result)
        .filter((w) => w.code === 'own_team')
        .map((w) => w.value)
        .sort(),
    ).toEqual(['IT', 'root']);
  });

  it('makes no own team nobody works in', async () => {
    const result = await run([
      tree,
      people(
        ['employee_id', 'name', 'email', 'team_id'],
        [
          ['E1', 'Anna', 'anna@firma.dk', 'DEV'],
          ['E2', 'Bo', 'bo@firma.dk', 'OPS'],
        ],
      ),
    ]);
    expect(errors(result)).toEqual([]);
    expect(result.desired.teams.has('IT')).toBe(false);
  });

  it('turns a team of the service that gains children into a department and keeps the team inside it', async () => {
    const current = service({ departments: new Set(['root', 'IT']), teams: new Set(['DEV', 'OPS']), employees: new Set(['E1', 'E2']) });
    const grown = units(
      ['id', 'name', 'parent_id'],
      [
        ['root', 'Firma', ''],
        ['IT', 'IT', 'root'],
        ['DEV', 'Udvikling', 'IT'],
        ['OPS', 'Drift', 'IT'],
        ['WEB', 'Web', 'DEV'],
      ],
    );
    const result = await run(
      [
        grown,
        people(
          ['employee_id', 'name', 'email', 'team_id'],
          [
            ['E1', 'Anna', 'anna@firma.dk', 'WEB'],
            ['E2', 'Bo', 'bo@firma.dk', 'OPS'],
          ],
        ),
      ],
      { current },
    );
    expect(errors(result)).toEqual([]);
    expect(result.desired.departments.get('DEV')).toMatchObject({ parentId: 'IT', name: 'Udvikling' });
    expect(result.desired.teams.get('DEV')).toMatchObject({ departmentId: 'DEV', name: 'Udvikling' });
    expect(warnings(result).find((w) => w.code === 'own_team')!.message).toMatch(
      /becomes a department with the same id.*no team is deleted/,
    );
  });

  it('keeps a department of the service a department when it has lost its children', async () => {
    const current = service({ departments: new Set(['root', 'IT']), teams: new Set() });
    const result = await run(
      [
        units(
          ['id', 'name', 'parent_id'],
          [
            ['root', 'Firma', ''],
            ['IT', 'IT', 'root'],
          ],
        ),
        people(['employee_id', 'name', 'email'], [['E1', 'A', 'a@firma.dk']]),
      ],
      { current },
    );
    expect(result.desired.departments.has('IT')).toBe(true);
    expect(result.desired.teams.has('IT')).toBe(false);
  });
});

describe('the tree as a path', () => {
  const LEVELS = ['employee_id', 'name', 'email', 'Niveau 1=level_1', 'Niveau 2=level_2', 'Niveau 3=level_3'];

  it('reads level columns on employee rows: derived ids below the top, the same name under two parents kept apart', async () => {
    const result = await run(
      [
        people(LEVELS, [
          ['E1', 'Anna', 'anna@k.dk', 'Kolding Kommune', 'Teknik og Miljø', 'Park og vej'],
          ['E2', 'Bo', 'bo@k.dk', 'Kolding Kommune', 'Teknik og Miljø', 'Administration'],
          ['E3', 'Cy', 'cy@k.dk', 'kolding  kommune', 'Skole og Børn', 'Administration'],
          ['E4', 'Di', 'di@k.dk', 'Kolding Kommune', 'Skole og Børn', ''],
        ]),
      ],
      { current: service() },
    );
    expect(errors(result)).toEqual([]);
    expect(result.managed.organisation).toBe(true);
    expect([...result.desired.departments.keys()].sort()).toEqual(['root', 'skole-og-boern', 'teknik-og-miljoe']);
    expect([...result.desired.teams.keys()].sort()).toEqual([
      'skole-og-boern',
      'skole-og-boern.administration',
      'teknik-og-miljoe.administration',
      'teknik-og-miljoe.park-og-vej',
    ]);
    expect(result.desired.teams.get('teknik-og-miljoe.park-og-vej')).toMatchObject({
      name: 'Park og vej',
      departmentId: 'teknik-og-miljoe',
    });
    expect(result.desired.employees.get('E3')!.teamId).toBe('skole-og-boern.administration');
    expect(result.desired.employees.get('E4')!.teamId).toBe('skole-og-boern'); // the department's own team
    expect(result.desired.departments.get('root')!.name).toBe('Kolding Kommune');
  });

  it('reads one path column, detecting the separator, or the one --path-separator gives', async () => {
    const rows = (sep: string) => [
      ['E1', 'Anna', 'anna@k.dk', `Kolding Kommune${sep}IT${sep}Drift`],
      ['E2', 'Bo', 'bo@k.dk', `Kolding Kommune${sep}IT`],
    ];
    for (const sep of [' > ', '/', '\\', '|']) {
      const result = await run([people(['employee_id', 'name', 'email', 'Afdelingssti=unit_path'], rows(sep))], { current: service() });
      expect(errors(result), sep).toEqual([]);
      expect(result.desired.employees.get('E1')!.teamId, sep).toBe('it.drift');
    }
    const given = await run([people(['employee_id', 'name', 'email', 'unit_path'], rows(' :: '))], {
      current: service(),
      pathSeparator: '::',
    });
    expect(errors(given)).toEqual([]);
    expect(given.desired.employees.get('E1')!.teamId).toBe('it.drift');
  });

  it('takes ids from id columns when the export has them', async () => {
    const result = await run(
      [
        people(
          ['employee_id', 'name', 'email', 'level_1', 'level_2', 'level_2_id', 'unit_path=level_3', 'unit_id=level_3_id'],
          [['E1', 'Anna', 'anna@k.dk', 'Kolding Kommune', 'IT', '100', 'Drift', '101']],
        ),
      ],
      { current: service() },
    );
    expect(errors(result)).toEqual([]);
    expect(result.desired.departments.get('100')).toMatchObject({ name: 'IT', parentId: 'root' });
    expect(result.desired.teams.get('101')).toMatchObject({ name: 'Drift', departmentId: '100' });
  });

  it('reports an empty level in the middle, and a path that does not start at the top department, as invalid_path', async () => {
    const result = await run(
      [
        people(LEVELS, [
          ['E1', 'Anna', 'anna@k.dk', 'Kolding Kommune', '', 'Park og vej'],
          ['E2', 'Bo', 'bo@k.dk', 'Vejle Kommune', 'IT', ''],
          ['E3', 'Cy', 'cy@k.dk', 'Kolding Kommune', 'IT', ''],
        ]),
      ],
      { current: service() },
    );
    expect(errors(result).map((e) => [e.code, e.row, e.column])).toEqual([
      ['invalid_path', 2, 'level_2'],
      ['invalid_path', 3, 'level_1'],
    ]);
    const slashes = await run(
      [people(['employee_id', 'name', 'email', 'unit_path'], [['E1', 'Anna', 'anna@k.dk', 'Kolding Kommune//IT']])],
      { current: service() },
    );
    expect(onlyError(slashes, 'invalid_path')).toMatchObject({ row: 2, column: 'unit_path' });
  });
});

describe('the leader', () => {
  const COLUMNS = ['employee_id', 'name', 'email', 'unit_path', 'Leder=is_manager'];

  it('makes an employee flagged as leader the owner of the unit the row names; a second leader is duplicate_leader', async () => {
    const result = await run(
      [
        people(COLUMNS, [
          ['E1', 'Anna', 'anna@k.dk', 'Kolding Kommune', 'ja'],
          ['E2', 'Bo', 'bo@k.dk', 'Kolding Kommune > IT', 'x'],
          ['E3', 'Cy', 'cy@k.dk', 'Kolding Kommune > IT', ''],
          ['E4', 'Di', 'di@k.dk', 'Kolding Kommune > IT', 'true'],
          ['E5', 'Ed', 'ed@k.dk', 'Kolding Kommune > HR', 'nej'],
        ]),
      ],
      { current: service() },
    );
    expect(result.desired.departments.get('root')!.owner).toBe('E1');
    expect(result.desired.teams.get('it')!.owner).toBe('E2');
    expect(result.desired.teams.get('hr')!.owner).toBeNull(); // inherits
    expect(onlyError(result, 'duplicate_leader')).toMatchObject({ row: 5, column: 'is_manager' });
  });

  it('resolves leader rows of a unit export by e-mail, in the workbook or the service', async () => {
    const current = service({
      employees: new Set(['S9']),
      userOf: new Map([['S9', 'U9']]),
      users: new Map([['U9', { name: 'Sø', email: 'so@k.dk', username: 'so' }]]),
    });
    const leaders = units(
      ['level_1', 'level_2', 'Navn=owner_name', 'E-mail=owner_email'],
      [
        ['Kolding Kommune', '', 'Anna', 'ANNA@k.dk'],
        ['Kolding Kommune', 'IT', 'Sø', 'so@k.dk'],
        ['Kolding Kommune', 'HR', 'Nemo', 'nemo@k.dk'],
      ],
    );
    const result = await run([leaders, people(['employee_id', 'name', 'email'], [['E1', 'Anna', 'anna@k.dk']])], { current });
    expect(result.desired.departments.get('root')!.owner).toBe('E1');
    expect(result.desired.teams.get('it')!.owner).toBe('S9');
    expect(onlyError(result, 'unknown_reference')).toMatchObject({
      sheet: 'organisation',
      row: 4,
      column: 'owner_email',
      value: 'nemo@k.dk',
    });
  });
});

describe('people columns of exports', () => {
  const COLUMNS = [
    'employee_id',
    'Fornavn=first_name',
    'Efternavn=last_name',
    'email',
    'status',
    'Fratrædelsesdato=leaving_date',
    'Ansættelsesdato=hiring_date',
  ];
  const row = (id: string, status: string, leaving: string, hiring: string) => [
    id,
    'Anna',
    ' Berg ',
    `${id}@k.dk`,
    status,
    leaving,
    hiring,
  ];

  it('joins first and last name, reads leaving and hiring dates against today', async () => {
    const result = await run([
      people(COLUMNS, [
        row('E1', '', '', ''),
        row('E2', '', '2025-06-01', ''),
        row('E3', '', '2025-07-01', ''),
        row('E4', '', '', '2025-06-02'),
        row('E5', '', '', '2025-06-01'),
      ]),
    ]);
    expect(errors(result)).toEqual([]);
    expect(result.desired.users.get('E1')!.name).toBe('Anna Berg');
    expect(result.desired.employees.get('E2')!.status).toBe('fired'); // on or before today
    expect(result.desired.employees.get('E3')!.status).toBe('active');
    expect(warnings(result).find((w) => w.code === 'coming_leave')).toMatchObject({ row: 4, column: 'leaving_date' });
    expect(result.desired.employees.has('E4')).toBe(false);
    expect(warnings(result).find((w) => w.code === 'not_yet_hired')!.message).toContain('2025-06-02');
    expect(result.desired.employees.get('E5')!.status).toBe('active');
  });

  it('--today moves the day the dates are read against', async () => {
    const result = await run([people(COLUMNS, [row('E3', '', '2025-07-01', ''), row('E4', '', '', '2025-06-02')])], {
      today: '2025-07-01',
    });
    expect(result.desired.employees.get('E3')!.status).toBe('fired');
    expect(result.desired.employees.has('E4')).toBe(true);
  });

  it('reports a status that disagrees with the leaving date as conflicting_status', async () => {
    const result = await run([
      people(COLUMNS, [row('E1', 'aktiv', '2025-01-31', ''), row('E2', 'left', '2025-01-31', ''), row('E3', 'fratrådt', '2025-12-31', '')]),
    ]);
    expect(errors(result).map((e) => [e.code, e.row, e.column])).toEqual([
      ['conflicting_status', 2, 'leaving_date'],
      ['conflicting_status', 4, 'leaving_date'],
    ]);
  });
});

describe('derived ids that change: rename proposals', () => {
  const current = service({
    employees: new Set(['E1', 'E2']),
    departments: new Set(['root', 'teknik']),
    teams: new Set(['teknik.park-og-vej']),
    departmentNames: new Map([
      ['root', 'Kolding Kommune'],
      ['teknik', 'Teknik'],
    ]),
    teamNames: new Map([['teknik.park-og-vej', 'Park og vej']]),
    departmentParents: new Map([
      ['root', null],
      ['teknik', 'root'],
    ]),
    teamDepartments: new Map([['teknik.park-og-vej', 'teknik']]),
    teamOf: new Map([
      ['E1', 'teknik.park-og-vej'],
      ['E2', 'teknik.park-og-vej'],
    ]),
  });
  const renamed = people(
    ['employee_id', 'name', 'email', 'unit_path'],
    [
      ['E1', 'Anna', 'anna@k.dk', 'Kolding Kommune > Teknik > Veje og parker'],
      ['E2', 'Bo', 'bo@k.dk', 'Kolding Kommune > Teknik > Veje og parker'],
    ],
  );

  it('proposes "looks like a rename" for a unit with the same members, and renames nothing on its own', async () => {
    const result = await run([renamed], { current });
    const proposal = warnings(result).find((w) => w.code === 'suggested_rename')!;
    expect(proposal.message).toMatch(/looks like a rename of "Park og vej" \(teknik\.park-og-vej\)/);
    expect(result.desired.teams.get('teknik.veje-og-parker')!.previousId).toBeUndefined();
  });

  it('with --accept-renames renames it (previous id), and the children of a renamed department follow', async () => {
    const result = await run([renamed], { current, acceptRenames: true });
    expect(result.desired.teams.get('teknik.veje-og-parker')!.previousId).toBe('teknik.park-og-vej');
    const moved = people(
      ['employee_id', 'name', 'email', 'unit_path'],
      [
        ['E1', 'Anna', 'anna@k.dk', 'Kolding Kommune > Teknik og Miljø > Park og vej'],
        ['E2', 'Bo', 'bo@k.dk', 'Kolding Kommune > Teknik og Miljø > Park og vej'],
      ],
    );
    const parent = await run([moved], { current, acceptRenames: true });
    expect(parent.desired.departments.get('teknik-og-miljoe')!.previousId).toBe('teknik');
    expect(parent.desired.teams.get('teknik-og-miljoe.park-og-vej')!.previousId).toBe('teknik.park-og-vej');
  });
});
