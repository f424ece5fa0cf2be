/**
 * The plan's reasons and notes in words (and what a saved plan or undo cannot do), in the run's language: the planner gives codes with their values
 * (src/model/reasons.ts), the phrasebooks of src/words/ say them. The one place they become sentences.
 */
import { MAX_PAGE_OPERATIONS } from './plan-html.js';
import { assertNever } from '../assert-never.js';
import type {
  FieldChange,
  KeepReason,
  NoteReason,
  NotUndone,
  OperationReason,
  ReasonWording,
  SavedPlanFinding,
  UnitChange,
} from '../model/reasons.js';
import { EMPLOYEE_FIELDS } from '../model/fields.js';
import { planReasonWords } from '../words/plan-reasons.js';
import { planNoteWords, type RenameLabel } from '../words/plan-notes.js';
import { consequenceWords } from '../words/plan-consequences.js';
import { savedPlanWords } from '../words/plan-saved.js';

/** Field names and values are codes and data: they read the same in every language. */
function fieldChangeText(change: FieldChange): string {
  return `${change.field}: ${JSON.stringify(change.was ?? '')} → ${JSON.stringify(change.now ?? '')}`;
}

/**
 * A value sent for a field the service hid, named by its column (in Danish its header). A plan file or run
 * record whose reason names no field holds the employment's, the one field such a reason had.
 */
function hiddenValueText({ field = 'employment', now }: { field?: string; now: string | null }): string {
  const column = EMPLOYEE_FIELDS.find((row) => row.key === field) ?? { column: field, header: { en: field, da: field } };
  return planReasonWords().notShownWhileFired(column, JSON.stringify(now ?? ''));
}

function unitChangeText(change: UnitChange): string {
  const w = planReasonWords();
  switch (change.code) {
    case 'name':
      return w.name(change.was, change.now);
    case 'field':
      return fieldChangeText(change);
    case 'owner_cleared':
      return w.ownerCleared(change.was);
    case 'owner':
      return change.from === 'reporting_line' ? w.ownerFromLine(change.was, change.now) : w.owner(change.was, change.now);
    case 'owner_unchanged':
      return w.ownerUnchanged(change.owner, change.after);
    case 'owner_cleared_inherits':
      return w.ownerClearedInherits(change.was, change.after);
    case 'owner_blank_unchanged':
      return w.ownerBlankUnchanged(change.shown, change.after);
    default:
      return assertNever(change);
  }
}

/** Why an operation is in the plan: the words after its line ("+ team T-9: new in the workbook"). */
export function reasonText(reason: OperationReason): string {
  const w = planReasonWords();
  switch (reason.code) {
    case 'pruned':
      return w.pruned;
    case 'rehire_under_previous_id':
      return w.rehireUnderPreviousId(reason.previous);
    case 'rename_via_temporary_first':
      return w.renameViaTemporaryFirst(reason.from);
    case 'rename_via_temporary_last':
      return w.renameViaTemporaryLast(reason.column, reason.id, reason.kind);
    case 'rename':
      return w.rename(reason.column, reason.from, reason.kind);
    case 'new_person':
      return w.newPerson;
    case 'fire_left':
      return w.fireLeft;
    case 'rehire_active':
      return w.rehireActive;
    case 'fields_changed':
      return reason.changes.map(fieldChangeText).join(', ');
    case 'employment_not_shown':
      return [reason, ...(reason.more ?? [])].map(hiddenValueText).join(', ');
    case 'new_employment':
      return w.newEmployment;
    case 'rehired_by_create':
      return w.rehiredByCreate(reason.until);
    case 'past_rehire_window':
      return w.pastRehireWindow(reason.ended);
    case 'frees_username':
      return w.freesUsername(reason.released, reason.next);
    case 'new_department':
      return reason.leader ? w.withLeaderFromLine(w.newDepartment, reason.leader.employee) : w.newDepartment;
    case 'new_team':
      return reason.leader ? w.withLeaderFromLine(w.newTeam, reason.leader.employee) : w.newTeam;
    case 'unit_changed':
      return reason.changes.map(unitChangeText).join(', ');
    case 'parent':
      return w.parent(reason.was, reason.now);
    case 'team_department':
      return w.teamDepartment(reason.was, reason.now);
    case 'team_change':
      return w.teamChange(reason.was, reason.now);
    case 'joins_team':
      return w.joinsTeam(reason.team);
    case 'leaves_team':
      return w.leavesTeam(reason.team);
    case 'emptied_for_deletion':
      return w.emptiedForDeletion(reason.team);
    case 'delegation':
      return w.delegation(reason.employee, reason.responsibility, reason.kind, reason.unit);
    case 'end_date':
      return w.endDate(reason.was, reason.now);
    case 'sick_from':
      return w.sickFrom(reason.start);
    case 'sick':
      return w.sick(reason.start, reason.end);
    case 'correct_earlier_start':
      return w.correctEarlierStart(reason.held, reason.wanted);
    case 'correct_later_start':
      return w.correctLaterStart(reason.held, reason.start);
    case 'correct_then_end':
      return w.correctThenEnd(reason.held, reason.end);
    case 'correct_open_end_first':
      return w.correctOpenEndFirst(reason.from, reason.end);
    case 'correct_open_start_again':
      return w.correctOpenStartAgain(reason.from, reason.start);
    case 'undo_created':
      return w.undoCreated(reason.run);
    case 'undo_rehired':
      return w.undoRehired(reason.run);
    case 'undo_removed':
      return w.undoRemoved(reason.run);
    case 'undo_changed':
      return w.undoChanged(reason.run, reason.change === undefined ? null : reasonText(reason.change));
    case 'as_saved':
      return reason.text;
    default:
      return assertNever(reason);
  }
}

function keepText(why: KeepReason): string {
  const w = planNoteWords();
  switch (why.code) {
    case 'looks_renamed':
      return w.keepLooksRenamed(why.to);
    case 'department_under':
      return w.keepDepartmentUnder(why.department);
    case 'owns_department':
      return w.keepOwnsDepartment(why.department);
    case 'team_in':
      return w.keepTeamIn(why.team);
    case 'owns_team':
      return w.keepOwnsTeam(why.team);
    case 'works_in':
      return w.keepWorksIn(why.employee);
    case 'delegation_to':
      return w.keepDelegationTo(why.employee);
    case 'holds_responsibility':
      return w.keepHoldsResponsibility(why.responsibility, why.unit);
    case 'reported_sick':
      return w.keepReportedSick;
    case 'owns_top':
      return w.keepOwnsTop;
    default:
      return assertNever(why);
  }
}

const LABEL: Record<'employee' | 'department' | 'team', RenameLabel> = { employee: 'Employee', department: 'Department', team: 'Team' };

/**
 * A note of the plan in words: what it cannot do or leaves alone, or a consequence it states before it
 * happens. `operations`: the size of its plan, where known: a plan too large for a page has no page to
 * point at for the rest of a list.
 */
export function noteText(note: NoteReason, operations = 0): string {
  const w = planNoteWords();
  const c = consequenceWords();
  switch (note.code) {
    case 'kept': {
      const why = keepText(note.why);
      if (note.kind === 'employee') return w.keptEmployee(note.id, why);
      return note.kind === 'department' ? w.keptDepartment(note.id, why) : w.keptTeam(note.id, why);
    }
    case 'employment_stays_with_user':
      return w.employmentStaysWithUser(note.employee, note.serviceUser, note.user);
    case 'username_taken':
      return w.usernameTaken(note.holder, note.employments, note.user);
    case 'orphan_user_used':
      return w.orphanUserUsed(note.holder, note.user);
    case 'system_language_fixed':
      return w.systemLanguageFixed(note.employee, note.stays);
    case 'exchange_undecidable':
      return w.exchangeUndecidable(LABEL[note.kind], note.from, note.to);
    case 'rename_target_taken':
      return w.renameTargetTaken(LABEL[note.kind], note.to, note.from);
    case 'id_differs_by_zeros':
      return w.idDiffersByZeros(LABEL[note.kind], note.id, note.serviceId);
    case 'overlaps_periods':
      return w.overlapsPeriods(
        note.employee,
        w.period(note.period.start, note.period.end),
        note.held.map((p) => w.period(p.start, p.end)),
      );
    case 'open_start_cannot_move_later':
      return w.openStartCannotMoveLater(note.employee, note.from, note.start);
    case 'absence_not_in_workbook':
      return w.absenceNotInWorkbook(note.employee, w.period(note.period.start, note.period.end), note.reportedFrom);
    case 'team_deleted':
      return c.teamDeleted(note.id, note.name, note.leader);
    case 'sick_leaves_teams':
      return c.sickLeavesTeams(note.who, note.since, note.fired);
    case 'loses_owner':
      return c.losesOwner(note.unit, note.owner, note.heir, note.from, note.top);
    case 'new_units_inherit':
      return c.newUnitsInherit(note.units, note.more, operations <= MAX_PAGE_OPERATIONS);
    case 'team_emptied':
      return c.teamEmptied(note.id, note.name, note.had);
    case 'top_owner_fired':
      return c.topOwnerFired(note.owner);
    case 'top_owner_changes':
      return c.topOwnerChanges(note.was, note.now);
    case 'top_owner_leaves_replaced':
      return c.topOwnerLeavesReplaced(note.was, note.now);
    default:
      return assertNever(note);
  }
}

/** Why a saved plan or its approved removals cannot be carried out now, one finding in words. */
export function savedPlanFindingText(finding: SavedPlanFinding): string {
  const w = savedPlanWords();
  switch (finding.code) {
    case 'no_longer_needed':
      return w.noLongerNeeded(finding.key);
    case 'other_values':
      return w.otherValues(finding.key);
    case 'other_dependencies':
      return w.otherDependencies(finding.key);
    case 'needed_now':
      return w.neededNow(finding.key);
    case 'other_changes_pending':
      return w.otherChangesPending(finding.count, finding.shown);
    case 'approved_no_longer_needed':
      return w.approvedNoLongerNeeded(finding.key);
    case 'waits_for_unapproved':
      return w.waitsForUnapproved(finding.key, finding.waitsFor);
    default:
      return assertNever(finding);
  }
}

/** What undo cannot give back, in words. */
export function notUndoneText(item: NotUndone): string {
  const w = savedPlanWords();
  switch (item.code) {
    case 'team_gone':
      return w.teamGone(item.id);
    case 'stays_out_of_deleted_team':
      return w.staysOutOfDeletedTeam(item.employee, item.team);
    case 'absences_stay':
      return w.absencesStay(item.count);
    case 'people_stay':
      return w.peopleStay(item.count);
    case 'rehired_title_stays':
      return w.rehiredTitleStays(item.employee);
    default:
      return assertNever(item);
  }
}

/** The words the JSON report puts beside each reason's and note's code. */
export const reasonWording: ReasonWording = { reason: reasonText, note: noteText };
