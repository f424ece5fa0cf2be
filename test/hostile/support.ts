/**
 * Shared ground for the hostile tests: small companies as CSV sets, reading files the way the importer
 * does (in-process), the shape every refusal must have, and the journal as parsed lines.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { OrgsyncError } from '../../src/errors.js';
import { readInput } from '../../src/sheets/read.js';
import { validate } from '../../src/validate/index.js';
import type { Issue } from '../../src/model/issue.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { tempDir, writeCsvSet } from '../helpers/cli.js';
import { desiredFrom, sandboxView, workbookView } from '../helpers/equality.js';

export const EMPLOYEE_HEADER = ['employee_id', 'name', 'email', 'team_id'];
export const ORG_HEADER = ['type', 'id', 'name', 'parent_id', 'owner'];

/** A company of `size` employees in two departments and two teams: about 2·size + 5 operations. */
export function companyCsv(size: number, dir?: string, namePrefix = 'Person'): string {
  const employees = Array.from({ length: size }, (_, i) => {
    const id = String(1000 + i);
    return [id, `${namePrefix} ${id}`, `p${id}@nordlys.dk`, i % 2 === 0 ? 'T1' : 'T2'];
  });
  const organisation = [
    ['department', 'root', 'Company', '', '1000'],
    ['department', 'A', 'Afdeling A', 'root', ''],
    ['department', 'B', 'Afdeling B', 'A', ''],
    ['team', 'T1', 'Team 1', 'A', ''],
    ['team', 'T2', 'Team 2', 'B', ''],
  ];
  return writeCsvSet({ employees: [EMPLOYEE_HEADER, ...employees], organisation: [ORG_HEADER, ...organisation] }, dir);
}

export type ReadOutcome = { ok: true; issues: Issue[]; rows: number } | { ok: false; error: OrgsyncError };

/** Reads and validates as `orgsync-import validate` does, offline. Anything but an OrgsyncError escapes. */
export async function readAndValidate(paths: string[]): Promise<ReadOutcome> {
  try {
    const result = await validate(await readInput(paths, {}), { api: 'v3' });
    return { ok: true, issues: result.issues, rows: result.sheetsSeen.reduce((sum, s) => sum + s.rows, 0) };
  } catch (error) {
    if (error instanceof OrgsyncError) return { ok: false, error };
    throw error;
  }
}

/** One sentence or two for a person: no stack trace, no library name, no line break, no raw error class. */
export function expectPlainMessage(message: string): void {
  expect(message.length).toBeGreaterThan(10);
  expect(message).not.toMatch(/\n|\bat .+:\d+:\d+|exceljs|papaparse|unzipper|saxes|zlib|undici|TypeError|RangeError|Error:/i);
}

/** No stack trace anywhere in what the command printed. */
export function expectNoStackTrace(text: string): void {
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(text).not.toContain('stopped on an unexpected problem');
}

export interface JournalLine {
  t: 'run' | 'sent' | 'done' | 'failed' | 'end';
  key?: string;
  complete?: boolean;
}

/** The journal as lines, every one of which must parse (nothing torn, nothing garbled). */
export function journalLines(path: string): JournalLine[] {
  const text = readFileSync(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as JournalLine);
}

/** The one journal a run with default settings left under .orgsync/journal/. */
export function defaultJournal(cwd: string): string {
  const dir = join(cwd, '.orgsync', 'journal');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
}

/** Operations of the last run that were sent and never answered. */
export function unanswered(lines: readonly JournalLine[]): string[] {
  const start = lines.map((l) => l.t).lastIndexOf('run');
  const open = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    if (line.t === 'sent') open.add(line.key!);
    else if (line.t === 'done' || line.t === 'failed') open.delete(line.key!);
  }
  return [...open];
}

/** The service holds exactly the workbook, and no entity was created twice. */
export async function expectServiceEqualsWorkbook(sandbox: RunningSandbox, files: string[]): Promise<void> {
  expect(sandboxView(sandbox.snapshot())).toEqual(workbookView(await desiredFrom(files)));
  const twice = Object.entries(sandbox.stats().successfulCreates).filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
}

export function writeFile(name: string, bytes: Buffer | string, dir = tempDir('hostile-')): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

/** Names that are fine for a person and hard for software. */
export const ODD_NAMES = [
  'Zoe\u0308 Ma\u0308rtensson', // combining diaeresis (decomposed, NFD)
  'Åse Ø\u0301rsted', // precomposed with an extra combining acute
  'محمد عبد الله', // right to left
  'דוד כהן', // right to left, Hebrew
  'Ann \u202eevil\u202c Berg', // a right-to-left override inside a name
  '👩‍👩‍👧 Family Emoji', // zero-width-joiner sequence
  'Chloë 🏳️‍🌈 Smith', // flag sequence with variation selector
  '김민준', // Hangul
  'Z̸̡̛̛͇͉̝̳͔̫̈́͐̅a̵͓̓l̶g̷o', // stacked combining marks
  'Ｆｕｌｌｗｉｄｔｈ Ｎａｍｅ',
  '𝔐𝔞𝔱𝔥 𝔉𝔯𝔞𝔨𝔱𝔲𝔯', // astral plane letters
  'Ann\u200bZero Width',
] as const;
