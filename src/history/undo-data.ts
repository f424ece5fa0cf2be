/**
 * What undo needs of a run, kept as the run goes: `history/RUN/undo.jsonl`, one JSON line per step, only
 * ever appended. Before a part of the run sends its first write, a line with the part's plan and the
 * entities it touches as the service had them (`{"part", "before", "operations"}`); when the part ends —
 * or, when it was killed, once the next run reads what the journal says of it — a line with what became of
 * its operations (`{"part", "outcomes"}`). So no write is ever done that the record does not hold: the
 * journal has every confirmation before anything depends on it, and the plan line is on disk before the
 * first write. A line torn by a kill is skipped when read; a failed append takes back what it wrote.
 * Records of version 1 (`undo.json`, written whole at the run's end) are read too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendLine, compactJsonPieces } from '../json-file.js';
import type { OperationStatus } from '../load/outcome.js';
import type { Operation } from '../model/operations.js';
import { savedReason } from '../model/reasons.js';
import { mergeBefore, type BeforeState } from './before.js';
import { runFolder } from './record.js';

/** `unknown`: sent by a process that was killed before it read the answer, and not settled since. */
export type RecordedStatus = OperationStatus | 'unknown';

export interface UndoData {
  version: number;
  before: BeforeState;
  /** The run's operations in the order they were first planned, each with what finally became of it. */
  operations: { op: Operation; status: RecordedStatus }[];
}

/** What became of a part's operations, by key; an operation of the part not named was not carried out. */
export type PartOutcomes = Partial<Record<Exclude<RecordedStatus, 'skipped'>, string[]>>;

interface PartLine {
  part: number;
  before: BeforeState;
  operations: Operation[];
}

interface OutcomesLine {
  part: number;
  outcomes: PartOutcomes;
}

/** Operations count as done for undo when the service did them, or may have (an unread answer). */
export function doneForUndo(status: RecordedStatus): boolean {
  return status === 'done' || status === 'unknown';
}

function undoLog(stateDir: string, id: string): string {
  return join(runFolder(stateDir, id), 'undo.jsonl');
}

/** The part's plan and its before, on disk before its first write (three levels: the lists are written a piece at a time). */
export async function recordPart(stateDir: string, id: string, part: PartLine): Promise<void> {
  await appendLine(undoLog(stateDir, id), compactJsonPieces(part, 3));
}

export async function recordOutcomes(stateDir: string, id: string, line: OutcomesLine): Promise<void> {
  await appendLine(undoLog(stateDir, id), compactJsonPieces(line, 2));
}

/** The lines of a run's undo log, each parsed; a torn one (a kill while it was written) is left out. */
function readLines(stateDir: string, id: string): (PartLine | OutcomesLine)[] {
  let text: string;
  try {
    text = readFileSync(undoLog(stateDir, id), 'utf8');
  } catch {
    return [];
  }
  const lines: (PartLine | OutcomesLine)[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const parsed = JSON.parse(line) as PartLine | OutcomesLine;
      if (typeof parsed.part === 'number') lines.push(parsed);
    } catch {
      // torn by a kill: the part it began never sent a write (its plan line comes before any)
    }
  }
  return lines;
}

/** The parts a run's log holds, and which of them have their outcomes. */
export interface PartsOfRun {
  parts: PartLine[];
  sealed: Set<number>;
}

export function partsOf(stateDir: string, id: string): PartsOfRun {
  const parts: PartLine[] = [];
  const sealed = new Set<number>();
  for (const line of readLines(stateDir, id)) {
    if ('outcomes' in line) sealed.add(line.part);
    else parts.push(line);
  }
  return { parts, sealed };
}

/** What undo needs of a run: its parts merged (version 2), or the whole `undo.json` of an older record. */
export function readUndoData(stateDir: string, id: string): UndoData | null {
  const lines = readLines(stateDir, id);
  const data = lines.length > 0 ? merged(lines) : readVersion1(stateDir, id);
  // A record written before reasons were codes holds words: kept as they were said.
  for (const entry of data?.operations ?? []) entry.op.reason = savedReason(entry.op.reason);
  return data;
}

function merged(lines: readonly (PartLine | OutcomesLine)[]): UndoData | null {
  const parts = lines.filter((line): line is PartLine => 'operations' in line);
  if (parts.length === 0) return null;
  const byKey = new Map<string, { op: Operation; status: RecordedStatus }>();
  for (const line of lines) {
    if ('operations' in line) {
      for (const op of line.operations) {
        const known = byKey.get(op.key);
        if (known) known.op = op;
        else byKey.set(op.key, { op, status: 'skipped' });
      }
      continue;
    }
    for (const [status, keys] of Object.entries(line.outcomes) as [RecordedStatus, string[]][]) {
      for (const key of keys) {
        const known = byKey.get(key);
        if (known) known.status = status;
      }
    }
  }
  return { version: 2, before: mergeBefore(parts), operations: [...byKey.values()] };
}

function readVersion1(stateDir: string, id: string): UndoData | null {
  const path = join(runFolder(stateDir, id), 'undo.json');
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as UndoData;
  } catch {
    return null;
  }
}
