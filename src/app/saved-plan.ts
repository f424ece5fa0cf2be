/**
 * The plan file (`plan --out plan.json`, `--hold-removals`): what `apply plan.json` needs to carry out
 * exactly that plan later, and to refuse it when it has gone stale. It holds the service's address and
 * company, never a credential: those come from flags or the environment when the plan is applied.
 */
import { PACKAGE } from '../package-info.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { z } from 'zod';
import { OrgsyncError, UsageError } from '../errors.js';
import { replaceFileWith } from '../json-file.js';
import { listRuns } from '../history/record.js';
import { readUndoData } from '../history/undo-data.js';
import { OPERATION_KINDS, type Operation, type OperationType } from '../model/operations.js';
import type { CurrentState } from '../model/service-state.js';
import { savedReason, type OperationReason } from '../model/reasons.js';
import type { PlannedOperation } from '../plan/graph.js';
import type { Plan } from '../plan/plan.js';
import { planDetail, planEntryWithDependencies, type ReportPlanDetail, type ReportPlanEntry } from '../report/json.js';
import { appSavedPlanWords } from '../words/app-saved-plan.js';
import { reasonWording } from '../view/reason-text.js';
import { schemaProblems } from '../words/app-schema.js';
import type { InputDigests } from './inputs.js';
import type { ImportOptions } from './options.js';

/** The file's format name, a code that never changes with the language: "orgsync-import plan". */
export const PLAN_FILE_FORMAT = `${PACKAGE.name} plan`;
/**
 * 2: an update's changes carry each field's value before and after (`{field: {was, now}}`). 3: every option
 * that shapes the plan, and a hash of each input (each file, the profile, the importer's records).
 */
export const PLAN_FILE_VERSION = 3;

export const TOOL_VERSION: string = PACKAGE.version;

const OPERATION_TYPES = Object.keys(OPERATION_KINDS) as [OperationType, ...OperationType[]];

/**
 * Operations are checked loosely here: `apply` compares each one with the plan made again from the
 * workbook and the service, field by field, so an operation edited in the file is refused as stale.
 */
const operationSchema = z.looseObject({
  type: z.enum(OPERATION_TYPES),
  key: z.string(),
  // A code with its values; a plan file written before reasons were codes has words, read as saved.
  reason: z.union([z.looseObject({ code: z.string() }), z.string()]).transform((reason) => savedReason(reason as OperationReason | string)),
});

const entrySchema = z.looseObject({
  key: z.string(),
  depends_on: z.array(z.string()),
  held: z.literal(true).optional(),
  operation: operationSchema,
});

const savedPlanSchema = z.object({
  format: z.literal(PLAN_FILE_FORMAT),
  version: z.literal(PLAN_FILE_VERSION),
  tool_version: z.string(),
  created_at: z.string(),
  command: z.string(),
  service: z.object({
    api: z.enum(['v3', 'v2']),
    sandbox: z.boolean(),
    base_url: z.string().nullable(),
    company_id: z.string().nullable(),
    /** serviceKey of app/service.ts: API version, base URL and company (the journal's name). */
    key: z.string(),
    /** A hash of the service's state the plan was made from. */
    fingerprint: z.string(),
    /** The same with what the importer's ledgers know merged in (absences reported, employees fired). */
    records: z.string(),
    /** --root-id, --root-name: the rehearsal sandbox's top department asked for (null: the workbook's). */
    root_id: z.string().nullable(),
    root_name: z.string().nullable(),
  }),
  /** Every option that shapes the plan: apply makes the plan again with these, never with others. */
  options: z.object({
    prune: z.boolean(),
    hold_removals: z.boolean(),
    max_deletions: z.number().int().nonnegative().nullable(),
    resend_absences: z.boolean(),
    /** --accept-renames (true), or the rename proposals accepted one by one on the page (`proposalKey`). */
    accept_renames: z.union([z.boolean(), z.array(z.string())]),
    /** The run's date (--today, else the day the plan was made): leaving and hiring dates are read against it. */
    today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** --path-separator, when it is not the profile's own. */
    path_separator: z.string().nullable(),
  }),
  inputs: z.object({
    files: z.array(z.string()).min(1),
    map: z.string().nullable(),
    date_order: z.enum(['dmy', 'mdy']).nullable(),
    encoding: z.string().nullable(),
    /** The input files' names and bytes and the profile's bytes, in one hash. */
    hash: z.string(),
    /** Each input file by its name under what was given (inputDigests of app/inputs.ts): which one changed. */
    file_hashes: z.record(z.string(), z.string()),
    /** The --map profile's bytes. */
    map_hash: z.string().nullable(),
  }),
  /** The plan entries as the JSON report carries them, each with the operation to carry out. */
  plan: z.array(entrySchema),
  plan_detail: z.unknown(),
});

type ParsedPlanFile = z.infer<typeof savedPlanSchema>;
/** The plan file as written: each entry of the report's plan with the operation it stands for. */
type SavedPlanFile = Omit<ParsedPlanFile, 'plan'> & { plan: (ReportPlanEntry & { depends_on: string[]; operation: Operation })[] };

export interface SavedPlan {
  file: ParsedPlanFile;
  operations: PlannedOperation[];
  held: string[];
}

/** Where the plan file goes without --out: beside the (first) input, `NAME.plan.json`. */
export function defaultPlanPath(files: readonly string[]): string {
  const first = resolve(files[0] ?? 'plan');
  const name = basename(first, extname(first));
  return join(dirname(first), `${name}.plan.json`);
}

/** A hash of the service's state: the same state, however it was read, gives the same fingerprint. */
export function serviceFingerprint(state: CurrentState): string {
  const canonical = JSON.stringify(state, (_key, value: unknown) => {
    if (value instanceof Map) return [...value.entries()].sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
    if (value instanceof Set) return [...value].sort();
    return value;
  });
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}

/**
 * The plan's id in the journal: an apply killed part-way finds by it what it did already. Made from what
 * makes one plan file differ from another (when and from what it was made, and its operations).
 */
export function savedPlanId(
  file: Pick<ParsedPlanFile, 'created_at' | 'service' | 'inputs'> & { plan: readonly { key: string }[] },
): string {
  const hash = createHash('sha256').update(`${file.created_at}\n${file.service.key}\n${file.service.fingerprint}\n${file.inputs.hash}\n`);
  for (const entry of file.plan) hash.update(`${entry.key}\n`);
  return hash.digest('hex').slice(0, 32);
}

/** A base URL as written in the plan file: without a user name or password in it. */
function withoutCredentials(baseUrl: string | undefined): string | null {
  if (baseUrl === undefined) return null;
  try {
    const url = new URL(baseUrl);
    if (url.username === '' && url.password === '') return baseUrl;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return baseUrl;
  }
}

/** What a plan was made from besides its options: the input files, the profile and the service, each hashed. */
export interface PlanSources {
  serviceKey: string;
  /** serviceFingerprint of the service's state as read, and of it with the ledgers merged in. */
  fingerprint: string;
  records: string;
  inputs: InputDigests;
  /** sha256 of the --map profile's bytes; null without one. */
  profile: string | null;
}

/** The plan's one input hash: the files' names and bytes and the profile's bytes. */
export function inputsHash(inputs: InputDigests, profile: string | null): string {
  return profile === null ? inputs.hash : createHash('sha256').update(`${inputs.hash}\n${profile}`).digest('hex').slice(0, 32);
}

export function planFileOf(plan: Plan, context: PlanSources & { options: ImportOptions; today: string; now: Date }): SavedPlanFile {
  const { options } = context;
  const entry = planEntryWithDependencies(plan, reasonWording);
  return {
    format: PLAN_FILE_FORMAT,
    version: PLAN_FILE_VERSION,
    tool_version: TOOL_VERSION,
    created_at: context.now.toISOString(),
    command: options.command,
    service: {
      api: options.api,
      sandbox: options.sandbox,
      base_url: options.sandbox ? null : withoutCredentials(options.baseUrl),
      company_id: options.sandbox ? null : (options.companyId ?? null),
      key: context.serviceKey,
      fingerprint: context.fingerprint,
      records: context.records,
      root_id: options.sandbox ? (options.rootId ?? null) : null,
      root_name: options.sandbox ? (options.rootName ?? null) : null,
    },
    options: {
      prune: options.prune,
      hold_removals: options.holdRemovals ?? false,
      max_deletions: options.maxDeletions ?? null,
      resend_absences: options.resendAbsences,
      accept_renames: typeof options.acceptRenames === 'object' ? [...options.acceptRenames] : (options.acceptRenames ?? false),
      today: context.today,
      path_separator:
        options.pathSeparator !== undefined && options.pathSeparator !== options.profile?.pathSeparator ? options.pathSeparator : null,
    },
    inputs: {
      files: options.files.map((f) => resolve(f)),
      map: options.mapFile ? resolve(options.mapFile) : null,
      date_order: options.dateOrder ?? null,
      encoding: options.encoding ?? null,
      hash: inputsHash(context.inputs, context.profile),
      file_hashes: context.inputs.files,
      map_hash: context.profile,
    },
    plan: plan.operations.map((p) => ({ ...entry(p.op), depends_on: [...p.dependsOn], operation: p.op })),
    plan_detail: planDetail(plan, reasonWording) satisfies ReportPlanDetail,
  };
}

/**
 * The file's text a piece at a time, one line per plan entry: a plan of 300,000 operations is hundreds
 * of megabytes, too much for one string.
 */
function* planFilePieces(file: SavedPlanFile): Generator<string> {
  const { plan, ...rest } = file;
  const head = JSON.stringify(rest, null, 2);
  yield `${head.slice(0, -2)},\n  "plan": [`;
  for (const [index, entry] of plan.entries()) yield `${index === 0 ? '' : ','}\n    ${JSON.stringify(entry)}`;
  yield `${plan.length === 0 ? '' : '\n  '}]\n}\n`;
}

/** Written whole or not at all (a reader never sees half a plan), into a folder made if missing. */
export async function writePlanFile(path: string, file: SavedPlanFile): Promise<void> {
  await replaceFileWith(path, planFilePieces(file));
}

export function readPlanFile(path: string): SavedPlan {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(appSavedPlanWords().planFileUnreadable(path, (error as NodeJS.ErrnoException).code === 'ENOENT'));
  }
  // A plan of an earlier format is a plan all the same: it is stale, not something else.
  const { format, version } = (parsed ?? {}) as { format?: unknown; version?: unknown };
  if (format === PLAN_FILE_FORMAT && Number.isInteger(version) && (version as number) >= 1 && (version as number) < PLAN_FILE_VERSION) {
    throw new OrgsyncError('plan_stale', appSavedPlanWords().olderFormat(path, version as number, PLAN_FILE_VERSION));
  }
  const result = savedPlanSchema.safeParse(parsed, { error: schemaProblems });
  if (!result.success) {
    const first = result.error.issues[0]!;
    throw new UsageError(appSavedPlanWords().notAPlanFile(path, first.path.join('.') || appSavedPlanWords().theFile, first.message));
  }
  const file = result.data;
  if (file.tool_version !== TOOL_VERSION) {
    throw new OrgsyncError('plan_stale', appSavedPlanWords().madeByOtherVersion(path, file.tool_version, TOOL_VERSION));
  }
  for (const e of file.plan) {
    if (e.operation.key !== e.key) throw new UsageError(appSavedPlanWords().entryMismatch(path, e.key, e.operation.key));
  }
  return {
    file,
    operations: file.plan.map((e) => ({ op: e.operation as unknown as Operation, dependsOn: e.depends_on })),
    held: file.plan.filter((e) => e.held === true).map((e) => e.key),
  };
}

/** What the finished runs of a saved plan carried out, from the history: the keys done, and the runs. */
export interface EarlierRuns {
  done: Set<string>;
  /** The runs that carried out some of it (ids, oldest first). */
  runs: string[];
}

/**
 * The runs of the history that carried out this plan (its apply, or the main job that saved it with
 * --out or --hold-removals), with what each did: done, or unchanged (the service had it already).
 */
export function earlierRunsOfPlan(stateDir: string, planId: string): EarlierRuns {
  const done = new Set<string>();
  const runs: string[] = [];
  for (const record of listRuns(stateDir)) {
    if (record.plan_id !== planId) continue;
    const carried = (readUndoData(stateDir, record.id)?.operations ?? []).filter((o) => o.status === 'done' || o.status === 'unchanged');
    if (carried.length === 0) continue;
    for (const { op } of carried) done.add(op.key);
    runs.push(record.id);
  }
  return { done, runs };
}
