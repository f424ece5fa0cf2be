import { describe, expect, it } from 'vitest';
import { operation } from '../../src/model/operations.js';
import { undoDesired } from '../../src/plan/undo.js';
import { touchedBefore } from '../../src/history/before.js';
import { asCurrent, org } from '../helpers/org.js';
import { notUndoneText } from '../../src/view/reason-text.js';

const before = org({
  employees: [
    ['101', 'U1', 'T1'],
    ['102', 'U2', 'T2'],
    ['103', 'U3', 'T2'],
  ],
  departments: [
    ['root', null],
    ['D1', 'root'],
    ['D2', 'root'],
  ],
  teams: [
    ['T1', 'D1'],
    ['T2', 'D2'],
  ],
});

describe('undo as a desired state', () => {
  it('renames back, rehires, moves back and leaves out what the run created', () => {
    // The run: 101 became 201, 102 was fired, D2 moved under D1, team T9 and employee 104 were created.
    const now = org({
      employees: [
        ['201', 'U1', 'T1'],
        ['102', 'U2', 'T2', 'fired'],
        ['103', 'U3', 'T9'],
        ['104', 'U4', 'T9'],
      ],
      departments: [
        ['root', null],
        ['D1', 'root'],
        ['D2', 'D1'],
      ],
      teams: [
        ['T1', 'D1'],
        ['T2', 'D2'],
        ['T9', 'D1'],
      ],
    });
    const done = [
      operation({ type: 'renameEmployee', id: '201', fromId: '101', reason: { code: 'as_saved' as const, text: '' } }),
      operation({ type: 'fireEmployee', id: '102', reason: { code: 'as_saved' as const, text: '' } }),
      operation({
        type: 'moveDepartment',
        id: 'D2',
        parentId: 'D1',
        fromParentId: 'root',
        reason: { code: 'as_saved' as const, text: '' },
      }),
      operation({ type: 'createTeam', id: 'T9', name: 'New', departmentId: 'D1', reason: { code: 'as_saved' as const, text: '' } }),
      operation({ type: 'addTeamMember', teamId: 'T9', employeeId: '103', reason: { code: 'as_saved' as const, text: '' } }),
      operation({
        type: 'createEmployee',
        id: '104',
        userId: 'U4',
        user: { name: 'x', email: 'x@x', username: 'x' },
        reason: { code: 'as_saved' as const, text: '' },
      }),
    ];
    const touched = {
      users: [],
      employees: ['101', '102', '103'].map((id) => before.employees.get(id)!),
      departments: [before.departments.get('D2')!],
      teams: [],
    };
    const undone = undoDesired(now, touched, done);
    const { desired } = undone;
    const notUndone = undone.notUndone.map(notUndoneText);
    expect(desired.employees.get('101')).toMatchObject({ status: 'active', previousId: '201', teamId: 'T1' });
    expect(desired.employees.has('201')).toBe(false);
    expect(desired.employees.get('102')?.status).toBe('active');
    expect(desired.employees.get('103')?.teamId).toBe('T2');
    expect(desired.employees.has('104')).toBe(false);
    expect(desired.departments.get('D2')?.parentId).toBe('root');
    expect(desired.teams.has('T9')).toBe(false);
    expect(notUndone).toEqual([]);
  });

  it('names what it cannot give back: a deleted team (its members stay out of it) and absences', () => {
    const now = org({
      employees: [
        ['101', 'U1', 'T1'],
        ['102', 'U2', null],
        ['103', 'U3', null],
      ],
      departments: [
        ['root', null],
        ['D1', 'root'],
        ['D2', 'root'],
      ],
      teams: [['T1', 'D1']],
    });
    const done = [
      operation({ type: 'removeTeamMember', teamId: 'T2', employeeId: '102', reason: { code: 'as_saved' as const, text: '' } }),
      operation({ type: 'removeTeamMember', teamId: 'T2', employeeId: '103', reason: { code: 'as_saved' as const, text: '' } }),
      operation({ type: 'deleteTeam', id: 'T2', reason: { code: 'as_saved' as const, text: '' } }),
      operation({
        type: 'reportAbsence',
        employeeId: '101',
        startDate: '2026-01-05',
        endDate: null,
        reason: { code: 'as_saved' as const, text: '' },
      }),
    ];
    const touched = {
      users: [],
      employees: ['102', '103'].map((id) => before.employees.get(id)!),
      departments: [],
      teams: [before.teams.get('T2')!],
    };
    const undone = undoDesired(now, touched, done);
    const { desired } = undone;
    const notUndone = undone.notUndone.map(notUndoneText);
    expect(desired.teams.has('T2')).toBe(false);
    expect(desired.employees.get('102')?.teamId).toBeNull();
    expect(notUndone).toEqual([
      'Team T2 was deleted: it cannot be restored with its dialog data (create it again in the workbook if it is wanted).',
      'Employee 102 stays out of team T2, which was deleted.',
      'Employee 103 stays out of team T2, which was deleted.',
      '1 absence report(s) cannot be taken back: the service keeps reported absences.',
    ]);
  });

  it('gives a unit its own owner back, an inherited one as none, and fires again an employee the run rehired', () => {
    // v3 shows who is responsible: before the run D1 had its own owner 101 and T1 inherited it.
    const shownBefore = asCurrent(
      org({
        employees: [
          ['101', 'U1', 'T1'],
          ['102', 'U2', 'T2'],
          ['103', 'U3', 'T2'],
        ],
        departments: [
          ['root', null],
          ['D1', 'root', '101'],
        ],
        teams: [['T1', 'D1']],
      }),
    ).org;
    const now = asCurrent(
      org({
        employees: [
          ['101', 'U1', 'T1'],
          ['102', 'U2', 'T2'],
          ['103', 'U3', 'T2'],
          ['105', 'U5', 'T1'],
        ],
        departments: [
          ['root', null],
          ['D1', 'root', '102'],
        ],
        teams: [['T1', 'D1', '103']],
      }),
    ).org;
    const done = [
      operation({
        type: 'updateDepartment',
        id: 'D1',
        changes: { owner: { now: '102' } },
        reason: { code: 'as_saved' as const, text: '' },
      }),
      operation({ type: 'updateTeam', id: 'T1', changes: { owner: { now: '103' } }, reason: { code: 'as_saved' as const, text: '' } }),
      operation({ type: 'rehireEmployee', id: '105', userId: 'U5', reason: { code: 'as_saved' as const, text: '' } }),
    ];
    const touched = { users: [], employees: [], departments: [shownBefore.departments.get('D1')!], teams: [shownBefore.teams.get('T1')!] };
    const { desired } = undoDesired(now, touched, done);
    expect(desired.departments.get('D1')?.owner).toBe('101');
    expect(desired.teams.get('T1')?.owner).toBeNull();
    expect(desired.employees.get('105')?.status).toBe('fired');
  });

  it('gives back the fields the table marks for undo, never a create-only one, from a whole older record too', () => {
    // The run changed 101's title and name; the service shows system language en, the record says da.
    const now = org({
      employees: [['101', 'U1', 'T1']],
      departments: [
        ['root', null],
        ['D1', 'root'],
      ],
      teams: [['T1', 'D1']],
    });
    now.employees.set('101', { ...now.employees.get('101')!, employment: 'Chief', systemLanguage: 'en' });
    now.users.set('U1', { ...now.users.get('U1')!, name: 'New name', gender: 'm', birthday: '1990-01-01' });
    const done = [
      operation({
        type: 'updateEmployee',
        id: '101',
        changes: { employment: { was: 'Nurse', now: 'Chief' } },
        reason: { code: 'as_saved' as const, text: '' },
      }),
      operation({
        type: 'updateUser',
        id: 'U1',
        changes: { name: { was: 'Old name', now: 'New name' } },
        reason: { code: 'as_saved' as const, text: '' },
      }),
    ];
    const olderRecord = {
      users: [
        { id: 'U1', name: 'Old name', email: 'U1@example.dk', username: 'U1@example.dk', gender: 'f' as const, birthday: '1980-01-01' },
      ],
      employees: [{ id: '101', userId: 'U1', teamId: 'T1', status: 'active' as const, employment: 'Nurse', systemLanguage: 'da' as const }],
      departments: [],
      teams: [],
    };
    const { desired } = undoDesired(now, olderRecord, done);
    expect(desired.employees.get('101')).toEqual({ id: '101', userId: 'U1', teamId: 'T1', status: 'active', employment: 'Nurse' });
    expect(desired.users.get('U1')).toEqual(olderRecord.users[0]);

    const recorded = touchedBefore({ ...now, employees: new Map([['101', olderRecord.employees[0]!]]) }, done);
    expect(recorded.employees).toEqual([{ id: '101', userId: 'U1', teamId: 'T1', status: 'active', employment: 'Nurse' }]);
  });
});

const as = { code: 'as_saved' as const, text: '' };

describe('undo follows identities (issue 34, points 4, 5, 17, 20)', () => {
  const base = () =>
    org({
      employees: [
        ['101', 'U1', 'T1'],
        ['102', 'U2', 'T1'],
      ],
      departments: [
        ['root', null],
        ['D1', 'root'],
        ['D5', 'root'],
      ],
      teams: [
        ['T1', 'D1'],
        ['T5', 'D5'],
      ],
    });

  it('renames back through the later runs’ renames, never making a second copy', () => {
    // The run: 102 → 202 and team T1 → T9; a later run: 202 → 302 and T9 → T8.
    const now = org({
      employees: [
        ['101', 'U1', 'T8'],
        ['302', 'U2', 'T8'],
      ],
      departments: [
        ['root', null],
        ['D1', 'root'],
        ['D5', 'root'],
      ],
      teams: [
        ['T8', 'D1'],
        ['T5', 'D5'],
      ],
    });
    const done = [
      operation({ type: 'renameEmployee', id: '202', fromId: '102', reason: as }),
      operation({ type: 'renameTeam', id: 'T9', fromId: 'T1', reason: as }),
    ];
    const later = [
      operation({ type: 'renameEmployee', id: '302', fromId: '202', reason: as }),
      operation({ type: 'renameTeam', id: 'T8', fromId: 'T9', reason: as }),
    ];
    const { desired } = undoDesired(now, touchedBefore(base(), done), done, later);
    expect([...desired.employees.keys()].sort()).toEqual(['101', '102']);
    expect(desired.employees.get('102')).toMatchObject({ previousId: '302', teamId: 'T1' });
    expect([...desired.teams.keys()].sort()).toEqual(['T1', 'T5']);
    expect(desired.teams.get('T1')?.previousId).toBe('T8');
    // The member the run did not touch follows its team back to T1: nothing is planned on T8 or T9.
    expect(desired.employees.get('101')?.teamId).toBe('T1');
  });

  it('gives back a department the run emptied and deleted, so that its teams can move back into it', () => {
    const now = org({
      employees: [
        ['101', 'U1', 'T1'],
        ['102', 'U2', 'T1'],
      ],
      departments: [
        ['root', null],
        ['D1', 'root'],
      ],
      teams: [
        ['T1', 'D1'],
        ['T5', 'D1'],
      ],
    });
    const done = [
      operation({ type: 'moveTeam', id: 'T5', departmentId: 'D1', fromDepartmentId: 'D5', reason: as }),
      operation({ type: 'deleteDepartment', id: 'D5', reason: as }),
    ];
    const undone = undoDesired(now, touchedBefore(base(), done), done);
    expect(undone.desired.departments.get('D5')).toMatchObject({ parentId: 'root' });
    expect(undone.desired.teams.get('T5')?.departmentId).toBe('D5');
    expect(undone.notUndone).toEqual([]);
  });

  it('finds an employee an undo killed halfway renamed back already, and fires them', () => {
    // The run rehired 105 under its previous id and renamed it to 205; the killed undo renamed it back.
    const now = org({ employees: [['105', 'U5', 'T1']], departments: [['root', null]], teams: [['T1', 'root']] });
    const done = [
      operation({ type: 'rehireEmployee', id: '105', userId: 'U5', reason: as }),
      operation({ type: 'renameEmployee', id: '205', fromId: '105', reason: as }),
    ];
    const undone = undoDesired(now, { users: [], employees: [], departments: [], teams: [] }, done);
    expect(undone.desired.employees.get('105')).toMatchObject({ status: 'fired' });
    expect(undone.desired.employees.has('205')).toBe(false);
    expect(undone.desired.employees.get('105')?.previousId).toBeUndefined();
    expect([...undone.rehired]).toEqual(['105']);
  });
});
