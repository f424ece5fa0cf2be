/**
 * The `--report FILE.json` object of cli.md. Field names are a contract scripts rely on: change them only
 * with a new REPORT_VERSION. Values are written as found (no formula neutralisation: JSON is read by
 * programs, not opened as a spreadsheet). Nothing here receives configuration, so no secret can leak in.
 * Reasons and notes are codes with values; `wording` (src/view/reason-text.ts) gives their words.
 */
import { replaceFileWith } from '../json-file.js';
import { OPERATION_KINDS, operationId, type Operation } from '../model/operations.js';
import type { Issue } from '../model/issue.js';
import type { RunError } from '../errors.js';
import type { OperationOutcome, OperationStatus } from './types.js';
import { countOutcomes, countStatuses } from './counts.js';
import type { Plan } from '../plan/plan.js';
import { reasonParams, type NoteReasonCode, type OperationReasonCode, type ReasonWording } from '../model/reasons.js';

export const REPORT_VERSION = '1';

export interface ReportIssue {
  severity: Issue['severity'];
  code: string;
  sheet: string | null;
  sheet_name: string | null;
  file: string | null;
  row: number | null;
  column: string | null;
  header: string | null;
  message: string;
  value: string | null;
}

export interface ReportPlanEntry {
  action: string;
  entity: string;
  id: string;
  /** The operation type and key, so a script can match a plan entry with its operation and the journal. */
  type: Operation['type'];
  key: string;
  sheet: string | null;
  sheet_name: string | null;
  file: string | null;
  row: number | null;
  /** Why the operation is in the plan, in the run's language. */
  reason: string;
  /** The same reason as a code and its values: the same in every language (cli.md "Reasons and notes"). */
  reason_code: OperationReasonCode;
  reason_params: Record<string, unknown>;
  /** Keys of the planned operations this one waits for (present when the report carries the whole plan). */
  depends_on?: string[];
  /** A removal held for approval (`--hold-removals`): not carried out until approved (`apply --approve`). */
  held?: true;
}

/** The plan's findings and its deletion guard's verdict, beside its operations. */
export interface ReportPlanDetail {
  notes: {
    code: NoteReasonCode;
    params: Record<string, unknown>;
    message: string;
    file: string | null;
    sheet_name: string | null;
    row: number | null;
    kind?: 'consequence';
    subject?: string;
  }[];
  deletion_guard: {
    exceeded: boolean;
    kinds: { entity: string; removals: number; limit: number; in_service: number }[];
    /** Keys of the removals --prune asks for. */
    removals: string[];
  };
}

export interface ReportOperation extends ReportPlanEntry {
  status: OperationStatus;
  status_code: number | null;
  message: string | null;
  /** Key of the failed operation a skipped one waited for; null otherwise. */
  blocked_by: string | null;
  /** How it was settled when not by the request asked for: already_existed, already_gone, already_done, rehired, confirmed. */
  settled?: string;
  /** An absence report: the period the service answered it holds (end null: open). */
  answered?: { start_date: string; end_date: string | null };
}

export interface ReportSummary {
  errors: number;
  warnings: number;
  /** Planned operations per entity and action: `{"employee": {"create": 3}}`. */
  plan: Record<string, Record<string, number>>;
  /** Operations per status. */
  operations: Record<OperationStatus, number>;
  /** Operations per entity, action and status, as the terminal's closing summary counts them: `{"absence": {"report_absence": {"done": 2, "failed": 1, …}}}`. */
  outcomes: Record<string, Record<string, Record<OperationStatus, number>>>;
  [extra: string]: unknown;
}

export interface Report {
  version: string;
  exit_code: number;
  command?: string;
  files?: string[];
  started_at?: string;
  finished_at?: string;
  summary: ReportSummary;
  issues: ReportIssue[];
  plan: ReportPlanEntry[];
  /** The plan's notes and deletion guard (when a plan was made). */
  plan_detail?: ReportPlanDetail;
  operations: ReportOperation[];
  /** Why the run ended with an exit code other than 0 (cli.md "--json events": the same codes). */
  error?: RunError;
}

export interface ReportInput {
  exitCode: number;
  issues: readonly Issue[];
  plan?: readonly Operation[];
  /** The whole plan: its operations' dependencies, notes and guard go into the report too. */
  planned?: Pick<Plan, 'operations' | 'notes' | 'guard' | 'held'>;
  operations?: readonly OperationOutcome[];
  /** Extra summary fields from the caller (for example `{"nothing_to_do": true}`); counts are computed. */
  summary?: Record<string, unknown>;
  /** The sub-command that ran: run, validate, plan. */
  command?: string;
  /** Input files as given. */
  files?: readonly string[];
  startedAt?: Date;
  finishedAt?: Date;
  /** Why the run was refused or failed (exit code other than 0). */
  error?: RunError;
}

export function buildReport(input: ReportInput, wording: ReasonWording): Report {
  const withDependencies = planEntryWithDependencies(input.planned, wording);
  const plan = plannedOperations(input).map(withDependencies);
  const operations = (input.operations ?? []).map((outcome) => operationEntry(outcome, wording));
  const errors = input.issues.filter((i) => i.severity === 'error').length;
  const report: Report = {
    version: REPORT_VERSION,
    exit_code: input.exitCode,
    summary: {
      errors,
      warnings: input.issues.length - errors,
      plan: countPlan(plan),
      operations: countStatuses(operations),
      outcomes: outcomesByKind(input.operations ?? []),
      ...input.summary,
    },
    issues: input.issues.map(issueEntry),
    plan,
    operations,
  };
  if (input.planned !== undefined) report.plan_detail = planDetail(input.planned, wording);
  if (input.command !== undefined) report.command = input.command;
  if (input.files !== undefined) report.files = [...input.files];
  if (input.startedAt !== undefined) report.started_at = input.startedAt.toISOString();
  if (input.finishedAt !== undefined) report.finished_at = input.finishedAt.toISOString();
  if (input.error !== undefined) report.error = input.error;
  return report;
}

/**
 * Writes the report as indented JSON, through a temporary file so a reader never sees half a report
 * (directly to a device or pipe: `--report /dev/stdout`). Written entry by entry: the report of 300,000
 * operations is hundreds of megabytes as one string.
 */
export async function writeReport(path: string, report: Report, lists: LazyLists = {}): Promise<void> {
  await replaceFileWith(path, reportPieces(report, lists));
}

/**
 * The same report as `writeReport(path, buildReport(input))`, with the plan and operation entries made
 * one at a time as they are written: 300,000 operations as entry objects are hundreds of megabytes.
 */
export async function writeReportOf(path: string, input: ReportInput, wording: ReasonWording): Promise<void> {
  const { operations = [], ...rest } = input;
  const plan = plannedOperations(input);
  // Built without its two long lists, which are written entry by entry below.
  const report = buildReport({ ...rest, plan: [] }, wording);
  report.summary.plan = countPlan(plan.map((op) => OPERATION_KINDS[op.type]));
  report.summary.operations = countStatuses(operations);
  report.summary.outcomes = outcomesByKind(operations);
  await writeReport(path, report, {
    plan: plan.length > 0 ? () => planEntries(input, plan, wording) : undefined,
    operations: operations.length > 0 ? () => mapped(operations, (outcome) => operationEntry(outcome, wording)) : undefined,
  });
}

/** The report's summary alone (the counts of `buildReport`), without building its entries. */
export function reportSummary(input: Omit<ReportInput, 'planned'> & { planned?: Pick<Plan, 'operations'> }): ReportSummary {
  const operations = input.operations ?? [];
  const errors = input.issues.filter((i) => i.severity === 'error').length;
  return {
    errors,
    warnings: input.issues.length - errors,
    plan: countPlan(plannedOperations(input).map((op) => OPERATION_KINDS[op.type])),
    operations: countStatuses(operations),
    outcomes: outcomesByKind(operations),
    ...input.summary,
  };
}

function plannedOperations(input: { plan?: readonly Operation[]; planned?: Pick<Plan, 'operations'> }): readonly Operation[] {
  return input.plan ?? input.planned?.operations.map((p) => p.op) ?? [];
}

/** A plan entry, with the keys it waits for when the report carries the whole plan, and whether it is held. */
export function planEntryWithDependencies(planned: ReportInput['planned'], wording: ReasonWording): (op: Operation) => ReportPlanEntry {
  const dependsOn = new Map(planned?.operations.map((p) => [p.op.key, p.dependsOn]) ?? []);
  const held = new Set(planned?.held ?? []);
  return (op) => entryWithFacts(op, dependsOn.get(op.key), held, wording);
}

/**
 * The plan's entries as `planEntryWithDependencies` makes them. The plan of a report made from the whole
 * plan is its operations in their order, each beside its own dependencies: no map of 300,000 keys to them
 * is held while the report is written.
 */
function planEntries(input: ReportInput, plan: readonly Operation[], wording: ReasonWording): Iterable<ReportPlanEntry> {
  const { planned } = input;
  if (input.plan !== undefined || planned === undefined) return mapped(plan, planEntryWithDependencies(planned, wording));
  const held = new Set(planned.held ?? []);
  return mapped(planned.operations, ({ op, dependsOn }) => entryWithFacts(op, dependsOn, held, wording));
}

function entryWithFacts(
  op: Operation,
  dependsOn: readonly string[] | undefined,
  held: ReadonlySet<string>,
  wording: ReasonWording,
): ReportPlanEntry {
  const entry = planEntry(op, wording);
  if (dependsOn) entry.depends_on = [...dependsOn];
  if (held.has(op.key)) entry.held = true;
  return entry;
}

function* mapped<T, U>(items: readonly T[], map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/** Lists of the report given as entries made on demand, in place of the report's (empty) arrays. */
interface LazyLists {
  plan?: (() => Iterable<unknown>) | undefined;
  operations?: (() => Iterable<unknown>) | undefined;
}

/** The same text as `JSON.stringify(report, null, 2)` and a newline, produced a piece at a time. */
function* reportPieces(report: Report, lists: LazyLists): Generator<string> {
  const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);
  const entries = Object.entries(report).filter(([, value]) => value !== undefined);
  yield '{';
  for (const [index, [key, value]] of entries.entries()) {
    yield `${index === 0 ? '' : ','}\n  ${JSON.stringify(key)}: `;
    const items = lists[key as keyof LazyLists]?.() ?? (Array.isArray(value) && value.length > 0 ? value : null);
    if (items) {
      yield '[';
      let first = true;
      // Each batch's text on its own (no string joined with its comma) and under 128 KB: a string that
      // large dies young, where a larger one goes straight to the old generation.
      for (const batch of batchesOf(items, 64)) {
        if (!first) yield ',';
        yield entriesText(batch);
        first = false;
      }
      yield '\n  ]';
    } else {
      yield indent(JSON.stringify(value, null, 2), '  ');
    }
  }
  yield '\n}\n';
}

/**
 * Entries as they stand in a list of the report: each on its own lines, four spaces in, separated by
 * commas. One native JSON.stringify of the batch inside a two-level wrapper indents them exactly so;
 * stringifying each entry and indenting its lines with a regular expression cost more than the rest of
 * the report (CPU profile of a 20,000-employee import).
 */
function entriesText(batch: unknown[]): string {
  const text = JSON.stringify({ e: batch }, null, 2);
  return text.slice(WRAPPER_HEAD.length, text.length - WRAPPER_TAIL.length);
}

const WRAPPER_HEAD = '{\n  "e": [';
const WRAPPER_TAIL = '\n  ]\n}';

function* batchesOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export function issueEntry(issue: Issue): ReportIssue {
  return {
    severity: issue.severity,
    code: issue.code,
    sheet: issue.sheet,
    sheet_name: issue.sheetName,
    file: issue.file,
    row: issue.row,
    column: issue.column,
    header: issue.header,
    message: issue.message,
    value: issue.value,
  };
}

export function planDetail(plan: Pick<Plan, 'operations' | 'notes' | 'guard'>, wording: ReasonWording): ReportPlanDetail {
  return {
    notes: plan.notes.map((note) => ({
      code: note.reason.code,
      params: reasonParams(note.reason),
      message: wording.note(note.reason, plan.operations.length),
      file: note.source?.file ?? null,
      sheet_name: note.source?.sheetName ?? null,
      row: note.source?.row ?? null,
      ...(note.kind ? { kind: note.kind } : {}),
      ...(note.subject ? { subject: note.subject } : {}),
    })),
    deletion_guard: {
      exceeded: plan.guard.exceeded,
      kinds: plan.guard.kinds.map((k) => ({ entity: k.entity, removals: k.removals, limit: k.limit, in_service: k.inService })),
      removals: plan.guard.removals.map((op) => op.key),
    },
  };
}

function planEntry(op: Operation, wording: ReasonWording): ReportPlanEntry {
  const described = OPERATION_KINDS[op.type];
  return {
    action: described.action,
    entity: described.entity,
    id: operationId(op),
    type: op.type,
    key: op.key,
    sheet: op.source?.sheet ?? null,
    sheet_name: op.source?.sheetName ?? null,
    file: op.source?.file ?? null,
    row: op.source?.row ?? null,
    reason: wording.reason(op.reason),
    reason_code: op.reason.code,
    reason_params: reasonParams(op.reason),
  };
}

// The entries are made by adding to the fresh plan entry, not by spreading it into a new object: the key
// order is the same, and a report of 300,000 operations makes a third fewer objects.
export function operationEntry(outcome: OperationOutcome, wording: ReasonWording): ReportOperation {
  const entry: ReportOperation = Object.assign(planEntry(outcome.op, wording), {
    status: outcome.status,
    status_code: outcome.statusCode,
    message: outcome.message,
    blocked_by: outcome.blockedBy ?? null,
  });
  if (outcome.settled) entry.settled = outcome.settled;
  if (outcome.answered) entry.answered = { start_date: outcome.answered.startDate, end_date: outcome.answered.endDate };
  return entry;
}

function countPlan(plan: readonly { entity: string; action: string }[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const entry of plan) {
    const perAction = (counts[entry.entity] ??= {});
    perAction[entry.action] = (perAction[entry.action] ?? 0) + 1;
  }
  return counts;
}

function outcomesByKind(outcomes: readonly OperationOutcome[]): Record<string, Record<string, Record<OperationStatus, number>>> {
  const result: Record<string, Record<string, Record<OperationStatus, number>>> = {};
  for (const c of countOutcomes(outcomes)) (result[c.entity] ??= {})[c.action] = c.statuses;
  return result;
}
