/**
 * Why the plan does what it does, and what it says beside its operations, as data: a code and its values
 * (terraform's action reasons). The planner fills them in; only src/view/ turns them into words, in the
 * run's language, so a plan made once reads the same in every language and a script matches the code.
 */

/** Whose data an id change keeps. */
export type RenamedKind = 'employee' | 'unit';

/** An absence period as the service and the workbook hold it: the end null when it is open. */
export interface Period {
  start: string;
  end: string | null;
}

/** A unit's leader no column named, derived from the export's reporting line (exports.md "Who reports to whom"). */
export interface DerivedLeader {
  employee: string;
  from: 'reporting_line';
}

/** A change of a department's or team's own fields, one part of an update's reason. */
export type UnitChange =
  | { code: 'name'; was: string; now: string }
  /** Any other value field of the unit (the field table's key), with the value the service has and the one sent. */
  | ({ code: 'field' } & FieldChange)
  | { code: 'owner_cleared'; was: string | null }
  /** `from`: the new owner is the leader from the reporting line. */
  | { code: 'owner'; was: string | null; now: string; from?: 'reporting_line' }
  /** The owner stays, but is sent again: the service cannot show whether it is set or inherited. */
  | { code: 'owner_unchanged'; owner: string; after: string | null }
  | { code: 'owner_cleared_inherits'; was: string | null; after: string | null }
  | { code: 'owner_blank_unchanged'; shown: string; after: string | null };

/** One field an update changes, with the value the service has and the one sent. */
export interface FieldChange {
  field: string;
  was: string | null;
  now: string | null;
}

/** A value an update sends of a field the service did not show. */
export interface HiddenValue {
  field: string;
  now: string | null;
}

export type OperationReason =
  | { code: 'pruned' }
  | { code: 'rehire_under_previous_id'; previous: string }
  | { code: 'rename_via_temporary_first'; from: string }
  | { code: 'rename_via_temporary_last'; column: string; id: string; kind: RenamedKind }
  | { code: 'rename'; column: string; from: string; kind: RenamedKind }
  | { code: 'new_person' }
  | { code: 'fire_left' }
  | { code: 'rehire_active' }
  | { code: 'fields_changed'; changes: FieldChange[] }
  /**
   * After a rehire of an employee fired before the importer kept their values: the service hid `field` (the
   * field table's key) while they were fired, so the value sent cannot be compared; `more`, any other field
   * it hid that the update sends.
   */
  | { code: 'employment_not_shown'; field: string; now: string | null; more?: HiddenValue[] }
  | { code: 'new_employment' }
  | { code: 'rehired_by_create'; until: string }
  | { code: 'past_rehire_window'; ended: string }
  | { code: 'frees_username'; released: string; next: string }
  | { code: 'new_department'; leader?: DerivedLeader }
  | { code: 'new_team'; leader?: DerivedLeader }
  | { code: 'unit_changed'; changes: UnitChange[] }
  | { code: 'parent'; was: string | null; now: string }
  | { code: 'team_department'; was: string; now: string }
  | { code: 'team_change'; was: string; now: string }
  | { code: 'joins_team'; team: string }
  | { code: 'leaves_team'; team: string }
  | { code: 'emptied_for_deletion'; team: string }
  | { code: 'delegation'; employee: string; responsibility: string; kind: 'department' | 'team'; unit: string }
  | { code: 'end_date'; was: string | null; now: string | null }
  | { code: 'sick_from'; start: string }
  | { code: 'sick'; start: string; end: string }
  | { code: 'correct_earlier_start'; held: Period; wanted: Period }
  | { code: 'correct_later_start'; held: Period & { end: string }; start: string }
  | { code: 'correct_then_end'; held: Period & { end: string }; end: string | null }
  | { code: 'correct_open_end_first'; from: string; end: string }
  | { code: 'correct_open_start_again'; from: string; start: string }
  /** Undo of run `run`: what it created is removed. */
  | { code: 'undo_created'; run: string }
  /** Undo of run `run`: whom it rehired is fired again. */
  | { code: 'undo_rehired'; run: string }
  /** Undo of run `run`: what it fired, deleted or took away is given back. */
  | { code: 'undo_removed'; run: string }
  /** Undo of run `run`: what it changed (a field, a place, a membership, an id) is set back; `change` says how where the planner did. */
  | { code: 'undo_changed'; run: string; change?: UndoneChange }
  /** A plan file or run record written before reasons were codes: its words, shown as they were saved. */
  | { code: 'as_saved'; text: string };

/** The planner's reasons that say what a change is: an undo's `undo_changed` keeps them. */
export type UndoneChange = Extract<
  OperationReason,
  { code: 'fields_changed' | 'unit_changed' | 'parent' | 'team_department' | 'team_change' | 'joins_team' }
>;

export type OperationReasonCode = OperationReason['code'];

/** Why --prune keeps something the workbook does not list. */
export type KeepReason =
  | { code: 'looks_renamed'; to: string }
  | { code: 'department_under'; department: string }
  | { code: 'owns_department'; department: string }
  | { code: 'team_in'; team: string }
  | { code: 'owns_team'; team: string }
  | { code: 'works_in'; employee: string }
  | { code: 'delegation_to'; employee: string }
  | { code: 'holds_responsibility'; responsibility: string; unit: string }
  | { code: 'reported_sick' }
  | { code: 'owns_top' };

/** Someone a consequence names: an employee and, when known, the person's name; null: nobody. */
export type Who = { employeeId: string; name?: string } | null;

/** A new unit without a leader of its own, and who it inherits its responsible employee from. */
export interface Inherited {
  kind: 'department' | 'team';
  id: string;
  heir: Who;
}

export type EntityLabel = 'employee' | 'department' | 'team';

export type NoteReason =
  | { code: 'kept'; kind: EntityLabel; id: string; why: KeepReason }
  | { code: 'employment_stays_with_user'; employee: string; serviceUser: string; user: string }
  | { code: 'username_taken'; holder: { id: string; username?: string | undefined; email: string }; employments: string[]; user: string }
  | { code: 'orphan_user_used'; holder: { id: string; username?: string | undefined }; user: string }
  | { code: 'system_language_fixed'; employee: string; stays: string }
  | { code: 'exchange_undecidable'; kind: EntityLabel; from: string; to: string }
  | { code: 'rename_target_taken'; kind: EntityLabel; to: string; from: string }
  /** A new id that differs from a service id the workbook leaves out only by leading zeros (`00107`, `107`). */
  | { code: 'id_differs_by_zeros'; kind: EntityLabel; id: string; serviceId: string }
  | { code: 'overlaps_periods'; employee: string; period: Period; held: Period[] }
  | { code: 'open_start_cannot_move_later'; employee: string; from: string; start: string }
  /** `reportedFrom` is where the ledger says the period was reported from ("Absence row 4"). */
  | { code: 'absence_not_in_workbook'; employee: string; period: Period; reportedFrom?: string }
  // Consequences of the plan (consequences.ts).
  | { code: 'team_deleted'; id: string; name?: string; leader: Who }
  | { code: 'sick_leaves_teams'; who: Who; since: string; fired: boolean }
  | {
      code: 'loses_owner';
      unit: { kind: 'department' | 'team'; id: string; name: string };
      owner: Who;
      heir: Who;
      from: string;
      top: boolean;
    }
  | { code: 'new_units_inherit'; units: Inherited[]; more: number }
  | { code: 'team_emptied'; id: string; name: string; had: number }
  | { code: 'top_owner_fired'; owner: Who }
  | { code: 'top_owner_changes'; was: Who; now: Who }
  | { code: 'top_owner_leaves_replaced'; was: Who; now: Who };

export type NoteReasonCode = NoteReason['code'];

/** A reason's values without its code: what the JSON report puts beside the code. */
export function reasonParams(reason: { code: string }): Record<string, unknown> {
  const { code: _code, ...params } = reason;
  return params;
}

/**
 * A reason as a plan file or a run's undo record holds it. Those written before reasons were codes hold
 * words in the language of the run that wrote them: they are kept as they were said (`as_saved`), since
 * an operation is compared and carried out without its reason.
 */
export function savedReason(reason: OperationReason | string): OperationReason {
  return typeof reason === 'string' ? { code: 'as_saved', text: reason } : reason;
}

/**
 * Why a saved plan cannot be carried out as it is: one finding per operation, by key (a code), and why
 * approved removals cannot be carried out now (src/plan/saved.ts).
 */
export type SavedPlanFinding =
  | { code: 'no_longer_needed'; key: string }
  | { code: 'other_values'; key: string }
  | { code: 'other_dependencies'; key: string }
  | { code: 'needed_now'; key: string }
  | { code: 'other_changes_pending'; count: number; shown: string[] }
  | { code: 'approved_no_longer_needed'; key: string }
  | { code: 'waits_for_unapproved'; key: string; waitsFor: string };

/** What `undo` cannot give back (src/plan/undo.ts). */
export type NotUndone =
  | { code: 'team_gone'; id: string }
  | { code: 'stays_out_of_deleted_team'; employee: string; team: string }
  | { code: 'absences_stay'; count: number }
  | { code: 'people_stay'; count: number }
  | { code: 'rehired_title_stays'; employee: string };

/**
 * How reasons and notes are said in the run's language: src/view/reason-text.ts. Given to the JSON report,
 * which puts the words beside the codes and imports no view.
 */
export interface ReasonWording {
  reason(reason: OperationReason): string;
  /** `operations`: how many the plan has, where the note is said with its plan (a large plan gets no page). */
  note(note: NoteReason, operations?: number): string;
}
