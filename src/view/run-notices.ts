/**
 * What a run says on its way, as data: the app hands each notice to its view (app/run-view.ts), and a
 * view that shows words takes them from here. A view of its own (a web page) may show the data instead.
 */
import { appOutputWords } from '../words/app-output.js';
import { appRunWords } from '../words/app-run.js';
import { appSavedPlanWords, type InputChanges } from '../words/app-saved-plan.js';

export type RunNotice =
  // Reading
  | { kind: 'service_notice'; text: string }
  | { kind: 'service_note'; text: string }
  | { kind: 'checked_offline' }
  | { kind: 'fix_errors_first' }
  | { kind: 'workbook_errors_now' }
  // Saved plans
  | { kind: 'plan_saved'; path: string; withHeld: boolean }
  | { kind: 'resuming_plan'; done: number; of: number; planFile: string }
  /** What changed since the plan was made, in ways that leave the plan as it was. */
  | { kind: 'changed_harmlessly'; changes: InputChanges }
  /** The plan (`approval`: its approved removals) was carried out by earlier runs; `heldLeft` removals still wait. */
  | { kind: 'plan_done'; planFile: string; runs: readonly string[]; approval: boolean; heldLeft: number }
  | { kind: 'approved_count'; approved: number; held: number; planFile: string }
  // Undo
  | { kind: 'nothing_to_undo'; runId: string }
  | { kind: 'later_runs'; runIds: readonly string[]; runId: string }
  | { kind: 'undoing'; runId: string; startedAt: string; changed: { people: number; units: number }; created: boolean }
  | { kind: 'cannot_be_undone'; what: string }
  // Deciding
  | { kind: 'refused_nothing_sent' }
  | { kind: 'needs_yes' }
  | { kind: 'nothing_sent' }
  // Applying
  | { kind: 'resuming'; startedAt: string; confirmed: number }
  | { kind: 'previous_unfinished'; startedAt: string; sameService: boolean }
  | { kind: 'held_for_approval'; count: number; page: string; planFile: string }
  | { kind: 'interrupted' }
  /** Why the apply stopped, in the words of the error that stopped it. */
  | { kind: 'stopped_by'; message: string }
  | { kind: 'journal_stopped' }
  | { kind: 'some_failed'; refusedRows: boolean }
  // The files a run leaves
  | { kind: 'marked_up_copy'; path: string }
  | { kind: 'stale_error_file_removed'; path: string }
  | { kind: 'error_file_unwritable'; why: string }
  | { kind: 'report_written'; path: string }
  | { kind: 'report_unwritable'; path: string; why: string }
  /** `whole`: the file with the whole plan (the --report file, the saved plan), null when there is none. */
  | { kind: 'no_page'; operations: number; most: number; whole: string | null }
  | { kind: 'page_written'; page: 'plan' | 'report'; path: string }
  | { kind: 'page_unwritable'; path: string; why: string }
  | { kind: 'run_unrecorded'; dir: string; why: string };

export type RunNoticeKind = RunNotice['kind'];

/** Notices of something that went wrong or that stops the run from going on: a terminal shows them on stderr. */
const TROUBLE: ReadonlySet<RunNoticeKind> = new Set<RunNoticeKind>([
  'service_notice',
  'needs_yes',
  'stopped_by',
  'journal_stopped',
  'error_file_unwritable',
  'report_unwritable',
  'page_unwritable',
  'run_unrecorded',
]);

export function isTrouble(notice: RunNotice): boolean {
  return TROUBLE.has(notice.kind);
}

/** The notice in the run's language. */
export function noticeText(notice: RunNotice): string {
  const run = appRunWords();
  const saved = appSavedPlanWords();
  const output = appOutputWords();
  switch (notice.kind) {
    case 'service_notice':
      return notice.text;
    case 'service_note':
      return run.note(notice.text);
    case 'checked_offline':
      return run.checkedOffline;
    case 'fix_errors_first':
      return run.fixErrorsFirst;
    case 'workbook_errors_now':
      return saved.workbookErrorsNow;
    case 'plan_saved':
      return notice.withHeld ? saved.planSavedWithHeld(notice.path) : saved.planSaved(notice.path);
    case 'resuming_plan':
      return saved.resumingPlan(notice.done, notice.of, notice.planFile);
    case 'changed_harmlessly':
      return saved.changedHarmlessly(notice.changes);
    case 'plan_done':
      if (notice.approval) return saved.approvalCarriedOut(notice.planFile, notice.runs);
      return notice.heldLeft > 0
        ? saved.carriedOutButHeld(notice.planFile, notice.runs, notice.heldLeft)
        : saved.alreadyCarriedOut(notice.planFile, notice.runs);
    case 'approved_count':
      return saved.approvedCount(notice.approved, notice.held, notice.planFile);
    case 'nothing_to_undo':
      return run.nothingToUndo(notice.runId);
    case 'later_runs':
      return run.laterRuns(notice.runIds.length, notice.runIds.join(', '), notice.runId);
    case 'undoing':
      return run.undoing(notice.runId, notice.startedAt, notice.changed, notice.created);
    case 'cannot_be_undone':
      return run.cannotBeUndone(notice.what);
    case 'refused_nothing_sent':
      return run.refusedNothingSent;
    case 'needs_yes':
      return run.needsYes;
    case 'nothing_sent':
      return run.nothingSent;
    case 'resuming':
      return run.resuming(notice.startedAt, notice.confirmed);
    case 'previous_unfinished':
      return run.previousUnfinished(notice.startedAt, notice.sameService);
    case 'held_for_approval':
      return saved.heldForApproval(notice.count, notice.page, notice.planFile);
    case 'interrupted':
      return run.interrupted;
    case 'stopped_by':
      return notice.message;
    case 'journal_stopped':
      return run.journalStopped;
    case 'some_failed':
      return notice.refusedRows ? run.someRefused : run.someUnavailable;
    case 'marked_up_copy':
      return output.markedUpCopy(notice.path);
    case 'stale_error_file_removed':
      return output.staleErrorFileRemoved(notice.path);
    case 'error_file_unwritable':
      return output.couldNotWriteErrorFile(notice.why);
    case 'report_written':
      return output.reportWritten(notice.path);
    case 'report_unwritable':
      return output.couldNotWriteReport(notice.path, notice.why);
    case 'no_page':
      return output.noPage(notice.operations, notice.most, notice.whole);
    case 'page_written':
      return output.pageWritten(notice.page, notice.path);
    case 'page_unwritable':
      return output.couldNotWritePage(notice.path, notice.why);
    case 'run_unrecorded':
      return output.couldNotRecordRun(notice.dir, notice.why);
  }
}

/** The question before anything is sent: how many changes, and to which service. */
export function confirmationText(operations: number, service: string): string {
  return appRunWords().confirmApply(operations, service);
}
