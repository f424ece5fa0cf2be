/**
 * What later stages found about rows, as issues at those rows (the terminal, the error file, the report):
 * the plan's notes, and the rows the service refused while applying.
 */
import type { OperationOutcome } from '../load/outcome.js';
import { issue, rowOf, type Issue } from '../model/issue.js';
import { OPERATION_KINDS, operationId } from '../model/operations.js';
import { planWords } from '../words/view-plan.js';
import type { DiffNote } from '../plan/diff.js';
import type { ServiceNote } from '../model/service-state.js';
import { entityWords, operationName } from './words.js';
import { noteText } from './reason-text.js';

/** A failure the row cannot be blamed for: the service was unavailable, unreachable or refused the credentials. */
export function isTransientFailure(outcome: OperationOutcome): boolean {
  return (
    outcome.status === 'failed' &&
    (outcome.failure === 'unavailable' || outcome.failure === 'unknown_outcome' || outcome.failure === 'auth')
  );
}

/**
 * Rows the service refused while applying, as issues at the row they came from. Operations the service
 * could not carry out for now (503, 429, 500, a lost connection, 401) are not the row's fault: they go
 * into one warning of the whole run, never into the file beside the input.
 */
export function rejectionIssues(outcomes: OperationOutcome[]): Issue[] {
  const transient = outcomes.filter(isTransientFailure);
  const issues: Issue[] = outcomes
    .filter((o) => o.status === 'failed' && !isTransientFailure(o))
    .map((o) => {
      const d = OPERATION_KINDS[o.op.type];
      const message =
        o.failure === 'answer_differs'
          ? planWords().answerDiffers(entityWords(d.entity), operationId(o.op), o.message)
          : planWords().refused(operationName(o.op), o.message, o.statusCode);
      return issue('error', 'rejected', message, rowOf(o.op.source));
    });
  if (transient.length > 0) {
    const first = transient[0]!;
    issues.push(issue('warning', 'rejected', planWords().transient(transient.length, first.message)));
  }
  return issues;
}

/** The plan's notes and what the service shows but cannot be matched, as warnings at their rows. */
export function noteIssues(notes: readonly DiffNote[], serviceNotes: readonly ServiceNote[], operations: number): Issue[] {
  const note = (message: string, source?: DiffNote['source']): Issue => issue('warning', 'plan_note', message, rowOf(source));
  return [...serviceNotes.map((say) => note(say())), ...notes.map((n) => note(noteText(n.reason, operations), n.source))];
}
