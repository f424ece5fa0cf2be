/**
 * Renders a plan for people. Everything shown comes from the plan object alone; the JSON report
 * serialises the same object.
 */
import type { Plan } from '../plan/plan.js';
import { inLevelOrder } from '../plan/graph.js';
import { OPERATION_KINDS, type Action, type Operation } from '../model/operations.js';
import { actionWords, entitiesWords, entityWords, operationName } from './words.js';
import { planWords } from '../words/view-plan.js';
import { formatNumber } from '../words/language.js';
import { ACTION_ORDER, countByKindAndAction, kindAndAction } from '../report/counts.js';
import { actionWords as vocabulary } from '../words/view-actions.js';
import { reasonWording } from './reason-text.js';
import { namedOperation, namedReason, type NameBook } from './names.js';
import type { ReasonWording } from '../model/reasons.js';

export function describeSource(op: Operation): string {
  if (!op.source) return '';
  return planWords().source(op.source.sheetName, op.source.row);
}

/** One plan line; with `names`, the person or unit by name with its id and row, and the reason's units by name. */
export function describeOperation(op: Operation, wording: ReasonWording = reasonWording, names?: NameBook): string {
  const named = names === undefined ? undefined : namedOperation(op, names);
  const reason = names === undefined ? op.reason : namedReason(op.reason, names);
  return `${OPERATION_KINDS[op.type].symbol} ${named ?? `${operationName(op)}${describeSource(op)}`}: ${wording.reason(reason)}`;
}

/** `undoes`: the run an undo reverses (what "nothing to do" is measured against). */
export function summaryLine(ops: Operation[], undoes?: string): string {
  if (ops.length === 0) return undoes === undefined ? planWords().nothingToDo : planWords().nothingToUndo(undoes);
  const byAction = new Map<Action, number>();
  for (const op of ops) byAction.set(OPERATION_KINDS[op.type].action, (byAction.get(OPERATION_KINDS[op.type].action) ?? 0) + 1);
  const parts = ACTION_ORDER.filter((a) => byAction.has(a)).map((a) => vocabulary().toDo(byAction.get(a)!, a));
  return planWords().planLine(parts, ops.length);
}

/** Per kind and action, its first `rows` operations in the order they will be carried out. */
function firstInOrder(plan: Plan, rows: number): Map<string, Operation[]> {
  const ordered = inLevelOrder(plan.operations);
  const shown = new Map<string, Operation[]>();
  for (const { op } of ordered) {
    const { entity, action } = OPERATION_KINDS[op.type];
    const key = kindAndAction(entity, action);
    const group = shown.get(key) ?? [];
    if (group.length < rows) group.push(op);
    shown.set(key, group);
  }
  return shown;
}

/**
 * The plan as lines: counts per kind and action, then, per kind and action, its first rows (all of them
 * are in the JSON report), then notes, the deletion guard's verdict and the summary line.
 */
/** `wording` says the reasons and notes (the run's language unless given); `names` names people and units (issue 35). */
export function renderPlan(
  plan: Plan,
  rowsPerGroup = 8,
  {
    refused = false,
    undoes,
    wording = reasonWording,
    names,
  }: { refused?: boolean; undoes?: string; wording?: ReasonWording; names?: NameBook } = {},
): string[] {
  const ops = plan.operations.map((p) => p.op);
  const lines: string[] = [];
  const words = planWords();
  if (ops.length > 0) {
    const counts = countByKindAndAction(ops);
    lines.push(words.changesByKind);
    for (const c of counts) {
      lines.push(`  ${entityWords(c.entity).padEnd(11)} ${actionWords(c.action).padEnd(17)} ${formatNumber(c.count).padStart(7)}`);
    }
    lines.push('');
    const shown = firstInOrder(plan, rowsPerGroup);
    for (const c of counts) {
      for (const op of shown.get(kindAndAction(c.entity, c.action)) ?? []) lines.push(`  ${describeOperation(op, wording, names)}`);
      if (c.count > rowsPerGroup) {
        lines.push(words.moreRows(c.count - rowsPerGroup, actionWords(c.action), entityWords(c.entity)));
      }
    }
    lines.push('');
  }
  for (const note of plan.notes)
    lines.push(words.planNote(note.kind === 'consequence' ? 'consequence' : 'note', wording.note(note.reason, plan.operations.length)));
  const held = plan.held?.length ?? 0;
  // Held removals are not carried out by this run: the guard is applied when they are approved.
  if (held > 0) lines.push(words.held(held));
  if (held === 0) lines.push(...deletionGuardLines(plan, undoes));
  // "Nothing to do" is not said of a run a guard refuses: the refusal is.
  if (!(refused && ops.length === 0)) lines.push(summaryLine(ops, undoes));
  return lines;
}

/**
 * The deletion guard's refusal, one line per kind over its limit (none when the plan is within them);
 * `undoes`: an undo's, which has no workbook to check but the run it undoes.
 */
export function deletionGuardLines(plan: Pick<Plan, 'guard'>, undoes?: string): string[] {
  if (!plan.guard.exceeded) return [];
  const words = planWords();
  return plan.guard.kinds
    .filter((g) => g.removals > g.limit)
    .map((k) =>
      undoes === undefined
        ? words.guardRefuses(k.removals, entityWords(k.entity), entitiesWords(k.entity), k.inService, k.limit)
        : words.undoGuardRefuses(k.removals, entityWords(k.entity), entitiesWords(k.entity), k.inService, k.limit, undoes),
    );
}
