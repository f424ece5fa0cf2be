/**
 * Issue 24, point 2: the planner gives reasons and notes as codes with values; src/view/reason-text.ts
 * says them in the language chosen when they are read. One reason of every code, in both languages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { NoteReason, NoteReasonCode, OperationReason, OperationReasonCode } from '../../src/model/reasons.js';
import { noteText, notUndoneText, reasonText, savedPlanFindingText } from '../../src/view/reason-text.js';
import { chooseLanguage } from '../../src/words/language.js';

afterEach(() => chooseLanguage('en'));

/** One of each code (the type makes a new code a compile error here until it has its example). */
const REASONS: { [C in OperationReasonCode]: Extract<OperationReason, { code: C }> } = {
  pruned: { code: 'pruned' },
  rehire_under_previous_id: { code: 'rehire_under_previous_id', previous: 'E1' },
  rename_via_temporary_first: { code: 'rename_via_temporary_first', from: 'E1' },
  rename_via_temporary_last: { code: 'rename_via_temporary_last', column: 'previous_employee_id', id: 'E2', kind: 'employee' },
  rename: { code: 'rename', column: 'previous_id', from: 'D1', kind: 'unit' },
  new_person: { code: 'new_person' },
  fire_left: { code: 'fire_left' },
  rehire_active: { code: 'rehire_active' },
  fields_changed: {
    code: 'fields_changed',
    changes: [
      { field: 'email', was: 'a@x.dk', now: 'b@x.dk' },
      { field: 'gender', was: null, now: 'f' },
    ],
  },
  employment_not_shown: { code: 'employment_not_shown', field: 'employment', now: 'Nurse' },
  new_employment: { code: 'new_employment' },
  rehired_by_create: { code: 'rehired_by_create', until: '2026-12-01' },
  past_rehire_window: { code: 'past_rehire_window', ended: '2026-01-01' },
  frees_username: { code: 'frees_username', released: 'ann', next: 'bo' },
  new_department: { code: 'new_department' },
  new_team: { code: 'new_team' },
  unit_changed: {
    code: 'unit_changed',
    changes: [
      { code: 'name', was: 'Old', now: 'New' },
      { code: 'field', field: 'cost_center', was: 'CC1', now: null },
      { code: 'owner', was: null, now: 'E1' },
    ],
  },
  parent: { code: 'parent', was: 'D1', now: 'D2' },
  team_department: { code: 'team_department', was: 'D1', now: 'D2' },
  team_change: { code: 'team_change', was: 'T1', now: 'T2' },
  joins_team: { code: 'joins_team', team: 'T1' },
  leaves_team: { code: 'leaves_team', team: 'T1' },
  emptied_for_deletion: { code: 'emptied_for_deletion', team: 'T1' },
  delegation: { code: 'delegation', employee: 'E1', responsibility: 'dialog_access', kind: 'team', unit: 'T1' },
  end_date: { code: 'end_date', was: null, now: '2026-01-09' },
  sick_from: { code: 'sick_from', start: '2026-01-05' },
  sick: { code: 'sick', start: '2026-01-05', end: '2026-01-09' },
  correct_earlier_start: {
    code: 'correct_earlier_start',
    held: { start: '2026-01-05', end: null },
    wanted: { start: '2026-01-03', end: '2026-01-09' },
  },
  correct_later_start: { code: 'correct_later_start', held: { start: '2026-01-05', end: '2026-01-10' }, start: '2026-01-07' },
  correct_then_end: { code: 'correct_then_end', held: { start: '2026-01-05', end: '2026-01-10' }, end: null },
  correct_open_end_first: { code: 'correct_open_end_first', from: '2026-01-05', end: '2026-01-10' },
  correct_open_start_again: { code: 'correct_open_start_again', from: '2026-01-05', start: '2026-01-07' },
  undo_created: { code: 'undo_created', run: '2026-11-25T03-12-45Z' },
  undo_rehired: { code: 'undo_rehired', run: '2026-11-25T03-12-45Z' },
  undo_removed: { code: 'undo_removed', run: '2026-11-25T03-12-45Z' },
  undo_changed: { code: 'undo_changed', run: '2026-11-25T03-12-45Z', change: { code: 'parent', was: 'D2', now: 'D1' } },
  as_saved: { code: 'as_saved', text: 'words of an older plan file' },
};

const NOTES: { [C in NoteReasonCode]: Extract<NoteReason, { code: C }> } = {
  kept: { code: 'kept', kind: 'team', id: 'T9', why: { code: 'works_in', employee: 'E4' } },
  employment_stays_with_user: { code: 'employment_stays_with_user', employee: 'E1', serviceUser: 'U1', user: 'U2' },
  username_taken: { code: 'username_taken', holder: { id: 'U1', username: 'ann', email: 'a@x.dk' }, employments: ['E1'], user: 'U2' },
  orphan_user_used: { code: 'orphan_user_used', holder: { id: 'U1', username: 'ann' }, user: 'U2' },
  system_language_fixed: { code: 'system_language_fixed', employee: 'E1', stays: 'da' },
  exchange_undecidable: { code: 'exchange_undecidable', kind: 'employee', from: 'A', to: 'B' },
  rename_target_taken: { code: 'rename_target_taken', kind: 'department', to: 'B', from: 'A' },
  id_differs_by_zeros: { code: 'id_differs_by_zeros', kind: 'employee', id: '00107', serviceId: '107' },
  overlaps_periods: {
    code: 'overlaps_periods',
    employee: 'E3',
    period: { start: '2026-02-03', end: '2026-02-12' },
    held: [
      { start: '2026-02-01', end: '2026-02-05' },
      { start: '2026-02-10', end: null },
    ],
  },
  open_start_cannot_move_later: { code: 'open_start_cannot_move_later', employee: 'E4', from: '2026-04-01', start: '2026-04-03' },
  absence_not_in_workbook: {
    code: 'absence_not_in_workbook',
    employee: 'E0',
    period: { start: '2025-12-01', end: '2025-12-03' },
    reportedFrom: 'Absence row 4',
  },
  team_deleted: { code: 'team_deleted', id: 'T2', name: 'Team two', leader: { employeeId: 'E1', name: 'Ann' } },
  sick_leaves_teams: { code: 'sick_leaves_teams', who: { employeeId: 'E2' }, since: '2026-03-02', fired: false },
  loses_owner: {
    code: 'loses_owner',
    unit: { kind: 'department', id: 'D1', name: 'Sales' },
    owner: { employeeId: 'E1' },
    heir: null,
    from: 'root',
    top: false,
  },
  new_units_inherit: { code: 'new_units_inherit', units: [{ kind: 'team', id: 'T3', heir: null }], more: 0 },
  team_emptied: { code: 'team_emptied', id: 'T1', name: 'One', had: 3 },
  top_owner_fired: { code: 'top_owner_fired', owner: { employeeId: 'E0' } },
  top_owner_changes: { code: 'top_owner_changes', was: { employeeId: 'E0' }, now: { employeeId: 'E1' } },
  top_owner_leaves_replaced: { code: 'top_owner_leaves_replaced', was: { employeeId: 'E0' }, now: { employeeId: 'E1' } },
};

/** Reasons made of ids, dates and field names only: the same words in both languages. */
const SAME_IN_BOTH = new Set(['fields_changed', 'team_change', 'as_saved']);

describe('reasons in words', () => {
  it('says each operation reason as the plan line always has, in English', () => {
    expect(reasonText(REASONS.rehire_under_previous_id)).toBe(
      'fired in the service under its previous id E1: rehire it, then change the id',
    );
    expect(reasonText(REASONS.fields_changed)).toBe('email: "a@x.dk" → "b@x.dk", gender: "" → "f"');
    expect(reasonText(REASONS.unit_changed)).toBe('name "Old" → "New", cost_center: "CC1" → "", owner (none) → E1');
    expect(reasonText(REASONS.employment_not_shown)).toBe('employment: not shown while fired → "Nurse"');
    expect(reasonText(REASONS.as_saved)).toBe('words of an older plan file');
    expect(reasonText(REASONS.undo_changed)).toBe('run 2026-11-25T03-12-45Z changed it: the undo sets it back (parent D2 → D1)');
    expect(reasonText(REASONS.undo_created)).toBe('run 2026-11-25T03-12-45Z created it: the undo removes it');
  });

  it('says the same codes in Danish when Danish is chosen as they are read', () => {
    chooseLanguage('da');
    expect(reasonText(REASONS.rehire_under_previous_id)).toBe('fratrådt i tjenesten under sit tidligere id E1: genansæt, og skift så id');
    expect(reasonText(REASONS.unit_changed)).toBe('navn "Old" → "New", cost_center: "CC1" → "", leder (ingen) → E1');
    expect(reasonText(REASONS.employment_not_shown)).toBe('stilling: vises ikke, mens medarbejderen er fratrådt → "Nurse"');
    expect(reasonText(REASONS.delegation)).toBe('E1 får dialog_access på team T1');
  });

  it('gives every code words of its own in each language', () => {
    const said = (lang: 'en' | 'da') => {
      chooseLanguage(lang);
      return {
        reasons: Object.values(REASONS).map((r) => [r.code, reasonText(r)] as const),
        notes: Object.values(NOTES).map((n) => [n.code, noteText(n)] as const),
      };
    };
    const english = said('en');
    const danish = said('da');
    for (const [index, [code, words]] of english.reasons.entries()) {
      expect(words.length, code).toBeGreaterThan(0);
      if (!SAME_IN_BOTH.has(code)) expect(danish.reasons[index]![1], code).not.toBe(words);
    }
    for (const [index, [code, words]] of english.notes.entries()) {
      expect(words.length, code).toBeGreaterThan(0);
      expect(danish.notes[index]![1], code).not.toBe(words);
    }
  });
});

describe('a value the service hid while the employee was fired', () => {
  it('is named by its own field, each one the update sends, in either language', () => {
    const badge = { code: 'employment_not_shown', field: 'badge', now: 'B-7' } as const;
    expect(reasonText(badge)).toBe('badge: not shown while fired → "B-7"');
    const both = { ...badge, more: [{ field: 'employment', now: 'Nurse' }] };
    expect(reasonText(both)).toBe('badge: not shown while fired → "B-7", employment: not shown while fired → "Nurse"');
    chooseLanguage('da');
    expect(reasonText(both)).toBe(
      'badge: vises ikke, mens medarbejderen er fratrådt → "B-7", stilling: vises ikke, mens medarbejderen er fratrådt → "Nurse"',
    );
  });

  it('is the employment in a saved plan whose reason names no field', () => {
    const saved = { code: 'employment_not_shown', now: 'Nurse' } as unknown as OperationReason;
    expect(reasonText(saved)).toBe('employment: not shown while fired → "Nurse"');
  });
});

describe('notes in words', () => {
  it('says why --prune keeps something and what the plan cannot do, in either language', () => {
    expect(noteText(NOTES.kept)).toBe('Team T9 is not in the workbook but is kept: employee E4 works in it.');
    expect(noteText(NOTES.rename_target_taken)).toBe('Department B already exists, so A is not renamed to it; A is left as it is.');
    chooseLanguage('da');
    expect(noteText(NOTES.kept)).toBe('Team T9 står ikke i projektmappen, men bevares: medarbejder E4 arbejder i det.');
    expect(noteText(NOTES.absence_not_in_workbook)).toContain('(indberettet fra arket Absence, række 4)');
  });

  it('says what a saved plan and undo cannot do', () => {
    expect(savedPlanFindingText({ code: 'other_values', key: 'updateTeam:T1' })).toBe('updateTeam:T1 would now send other values');
    expect(notUndoneText({ code: 'team_gone', id: 'T2' })).toBe(
      'Team T2 was deleted: it cannot be restored with its dialog data (create it again in the workbook if it is wanted).',
    );
    chooseLanguage('da');
    expect(savedPlanFindingText({ code: 'no_longer_needed', key: 'fireEmployee:121' })).toBe('fireEmployee:121 er ikke længere nødvendig');
  });
});
