/**
 * The state file's change log (`STATE.log` beside `STATE`): one JSON line per batch of answered writes,
 * holding the records that batch changed as they are now and the service ids it deleted. Appending a line
 * costs the size of the change, where rewriting the whole state costs the size of the company; the state
 * file itself is rewritten only when the log has grown as large as it (so the total cost stays linear)
 * and when the sandbox stops, which removes the log.
 *
 * The first line names the state the log belongs to (its instanceId): a log left beside a state file that
 * was deleted or replaced since is not applied to it. Every change line carries a sequence number and
 * the state file records the last one it includes, so a crash between rewriting the state file and
 * emptying the log applies nothing twice. A torn last line (the process died while writing it) was never
 * answered and is skipped.
 */
import { readFile } from 'node:fs/promises';
import type { CompanyState, TableName } from './company.js';
import type { TableChanges } from './records.js';

export const LOG_FORMAT = 'orgsync-sandbox-log';

const TABLES: readonly TableName[] = ['users', 'employees', 'departments', 'teams', 'delegations', 'absences'];

interface LogHeader {
  format: typeof LOG_FORMAT;
  instanceId: string | null;
}

interface ChangeLine {
  seq: number;
  next: CompanyState['next'];
  put?: Partial<Record<TableName, { sid: number }[]>>;
  deleted?: Partial<Record<TableName, number[]>>;
}

export function logPathOf(statePath: string): string {
  return `${statePath}.log`;
}

export function logHeader(instanceId: string | undefined): string {
  const header: LogHeader = { format: LOG_FORMAT, instanceId: instanceId ?? null };
  return `${JSON.stringify(header)}\n`;
}

/** One line for the changes of a batch, or null when the batch changed nothing. */
export function changeLine(seq: number, next: CompanyState['next'], tables: Record<TableName, TableChanges<unknown>>): string | null {
  const line: ChangeLine = { seq, next };
  for (const name of TABLES) {
    const { put, deleted } = tables[name];
    if (put.length > 0) (line.put ??= {})[name] = put as { sid: number }[];
    if (deleted.length > 0) (line.deleted ??= {})[name] = deleted;
  }
  if (!line.put && !line.deleted) return null;
  return `${JSON.stringify(line)}\n`;
}

function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isChangeLine(value: unknown): value is ChangeLine {
  const line = value as Partial<ChangeLine> | null;
  return typeof line === 'object' && line !== null && typeof line.seq === 'number' && typeof line.next === 'object' && line.next !== null;
}

/**
 * Applies the log beside `statePath` to the loaded state. Returns the state with the changes and the
 * last sequence number seen (the next line continues from it), and whether anything was applied.
 */
export async function replayLog(
  statePath: string,
  state: CompanyState,
): Promise<{ state: CompanyState; sequence: number; applied: number }> {
  let sequence = state.logSequence ?? 0;
  let text: string;
  try {
    text = await readFile(logPathOf(statePath), 'utf8');
  } catch {
    return { state, sequence, applied: 0 };
  }
  const lines = text.split('\n');
  const header = parseLine(lines[0] ?? '') as Partial<LogHeader> | undefined;
  if (header?.format !== LOG_FORMAT || header.instanceId !== (state.instanceId ?? null)) return { state, sequence, applied: 0 };

  const tables = new Map<TableName, Map<number, { sid: number }>>();
  for (const name of TABLES) tables.set(name, new Map((state[name] as { sid: number }[]).map((record) => [record.sid, record])));
  let next = state.next;
  let applied = 0;
  for (const text of lines.slice(1)) {
    const line = parseLine(text);
    if (!isChangeLine(line) || line.seq <= sequence) continue;
    for (const name of TABLES) {
      const table = tables.get(name)!;
      for (const record of line.put?.[name] ?? []) table.set(record.sid, record);
      for (const sid of line.deleted?.[name] ?? []) table.delete(sid);
    }
    next = line.next;
    sequence = line.seq;
    applied += 1;
  }
  if (applied === 0) return { state, sequence, applied };
  const merged: CompanyState = { ...state, next, logSequence: sequence };
  for (const name of TABLES) {
    const records = [...tables.get(name)!.values()].sort((a, b) => a.sid - b.sid);
    (merged as unknown as Record<TableName, unknown[]>)[name] = records;
  }
  return { state: merged, sequence, applied };
}
