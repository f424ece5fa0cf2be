/**
 * Issue 33: an id read as the workbook shows it (`00107`) that differs from one the service has (`107`)
 * only by leading zeros is created as the workbook says, and the plan says so beside it, in English and
 * Danish: the user decides whether it is the same employee or unit.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Organisation } from '../../src/model/organisation.js';
import { noteText } from '../../src/view/reason-text.js';
import { chooseLanguage } from '../../src/words/language.js';
import { org, planOf } from '../helpers/org.js';

afterEach(() => chooseLanguage('en'));

function notesOf(desired: Organisation, current: Organisation) {
  const plan = planOf(desired, current);
  return { plan, notes: plan.notes.filter((note) => note.reason.code === 'id_differs_by_zeros') };
}

describe('an id that differs from a service id only by leading zeros', () => {
  const current = org({
    departments: [
      ['root', null],
      ['D7', 'root'],
    ],
    teams: [['t1', 'root']],
    employees: [
      ['107', 'u1', 't1'],
      ['200', 'u2', 't1'],
    ],
  });

  it('is created, and the plan names both ids, for employees and units', () => {
    const desired = org({
      departments: [
        ['root', null],
        ['D007', 'root'],
      ],
      teams: [['t1', 'root']],
      employees: [
        ['00107', 'u1', 't1'],
        ['200', 'u2', 't1'],
      ],
    });
    const { plan, notes } = notesOf(desired, current);
    expect(plan.operations.map((o) => o.op.key)).toEqual(expect.arrayContaining(['createEmployee:00107', 'createDepartment:D007']));
    expect(notes.map((note) => note.reason)).toEqual([
      { code: 'id_differs_by_zeros', kind: 'employee', id: '00107', serviceId: '107' },
      { code: 'id_differs_by_zeros', kind: 'department', id: 'D007', serviceId: 'D7' },
    ]);
    expect(noteText(notes[0]!.reason)).toBe(
      'Employee 00107 is new, but the service has employee 107, whose id differs only by leading zeros (the workbook shows its ids with zeros, and an id is read as the workbook shows it). If they are the same, put 107 in the previous_employee_id column to give it the new id, or write 107 as its id.',
    );
    chooseLanguage('da');
    expect(noteText(notes[1]!.reason)).toBe(
      "Afdeling D007 er ny, men tjenesten har afdeling D7, hvis id kun adskiller sig ved foranstillede nuller (projektmappen viser sine id'er med nuller, og et id læses, som projektmappen viser det). Hvis det er den samme, så skriv D7 i kolonnen previous_id for at give den det nye id, eller skriv D7 som dens id.",
    );
  });

  it('says nothing when the workbook keeps the service id too, or the ids differ by more than zeros', () => {
    const desired = org({
      departments: [
        ['root', null],
        ['D7', 'root'],
      ],
      teams: [['t1', 'root']],
      employees: [
        ['107', 'u1', 't1'],
        ['00107', 'u3', 't1'],
        ['2000', 'u2', 't1'],
      ],
    });
    expect(notesOf(desired, current).notes).toEqual([]);
  });
});
