/**
 * The history's undo data and the JSON written a piece at a time: the same bytes as one
 * `JSON.stringify`, so `undo` and scripts read what they read before the file was streamed.
 */
import { appendFileSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactJsonPieces, copyFileReplacing, replaceFileWith } from '../../src/json-file.js';
import { HISTORY_VERSION } from '../../src/history/record.js';
import { readUndoData, recordOutcomes, recordPart, type UndoData } from '../../src/history/undo-data.js';
import { operation } from '../../src/model/operations.js';
import { propertyRuns } from '../helpers/property-runs.js';

describe('JSON written a piece at a time', () => {
  it('is the text JSON.stringify gives, for any JSON value and nesting', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (value, depth) => {
        expect([...compactJsonPieces(value, depth)].join('')).toBe(JSON.stringify(value));
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('leaves out undefined keys and writes dates as JSON.stringify does, across 256-entry batches', () => {
    const value = {
      a: undefined,
      when: new Date(Date.UTC(2026, 0, 2)),
      list: Array.from({ length: 700 }, (_, i) => ({ i, skip: undefined, s: `é${i}"` })),
    };
    expect([...compactJsonPieces(value)].join('')).toBe(JSON.stringify(value));
  });

  it('writes through a link to the file it names, leaving the link a link (--report /dev/stdout > out.json)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-file-'));
    const target = join(dir, 'out.json');
    writeFileSync(target, 'old');
    const link = join(dir, 'stdout');
    symlinkSync(target, link);
    await replaceFileWith(link, compactJsonPieces({ a: [1, 2] }));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('{"a":[1,2]}');
    const source = join(dir, 'kept.json');
    writeFileSync(source, '{"kept":true}');
    await copyFileReplacing(source, link);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('{"kept":true}');
    await copyFileReplacing(source, join(dir, 'new', 'copy.json'));
    expect(readFileSync(join(dir, 'new', 'copy.json'), 'utf8')).toBe('{"kept":true}');
  });

  it('writes pieces of any size as their text joined: across the megabyte it gathers them in, and larger than it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-file-'));
    const path = join(dir, 'pieces.txt');
    // Characters of two and three bytes where a megabyte ends, a piece larger than a megabyte, empty pieces.
    const pieces = [
      '{',
      'ø'.repeat(300_000),
      '',
      'é'.repeat(250_001),
      '€'.repeat(100_000),
      'x'.repeat(1_500_000),
      ',',
      'Å'.repeat(524_287),
      '}',
    ];
    await replaceFileWith(path, pieces);
    expect(readFileSync(path, 'utf8')).toBe(pieces.join(''));
  });

  it('replaces a file whole, and a large list arrives intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-file-'));
    const path = join(dir, 'sub', 'big.json');
    const list = Array.from({ length: 20_000 }, (_, i) => ({ id: `e${i}`, name: 'Ærø Øster-Åby '.repeat(3) }));
    await replaceFileWith(path, compactJsonPieces({ list }));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ list });
  });
});

describe('a run kept in the history', () => {
  it('keeps the undo data of thousands of operations as undo reads it back', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'history-'));
    const id = '2026-11-26T10-00-00Z';
    const ops = Array.from({ length: 3_000 }, (_, i) =>
      operation({
        type: 'createUser',
        id: `u${i}`,
        reason: { code: 'as_saved' as const, text: 'ny i projektmappen' },
        fields: { name: `Søren ${i}`, email: `u${i}@example.dk`, username: `u${i}@example.dk`, gender: i % 2 ? 'f' : null },
        source: { file: 'firma.xlsx', sheet: 'employees', sheetName: 'Medarbejdere', row: i + 2 },
      }),
    );
    const before = { users: [], employees: [], departments: [], teams: [], delegations: [] };
    await recordPart(stateDir, id, { part: 1, before, operations: ops });
    await recordOutcomes(stateDir, id, { part: 1, outcomes: { done: ops.slice(0, 2_999).map((op) => op.key) } });
    const expected: UndoData = {
      version: HISTORY_VERSION,
      before,
      operations: ops.map((op, i) => ({ op, status: i < 2_999 ? 'done' : 'skipped' })),
    };
    expect(readUndoData(stateDir, id)).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('reads a run in parts as one: the first part’s before, each operation’s last status; a torn line is skipped', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'history-'));
    const id = '2026-11-26T10-30-00Z';
    const as = { code: 'as_saved' as const, text: '' };
    const rename = operation({ type: 'renameEmployee', id: '201', fromId: '101', reason: as });
    const update = operation({ type: 'updateEmployee', id: '201', changes: { employment: { was: 'A', now: 'B' } }, reason: as });
    const fire = operation({ type: 'fireEmployee', id: '102', reason: as });
    const employee = (id: string, employment: string) => ({ id, userId: `U${id}`, teamId: 'T1', status: 'active' as const, employment });
    // Part 1 renamed 101 and was killed with the fire sent and its answer unread; part 2 saw 201 renamed already.
    await recordPart(stateDir, id, {
      part: 1,
      before: { users: [], employees: [employee('101', 'A'), employee('102', 'A')], departments: [], teams: [] },
      operations: [rename, update, fire],
    });
    await recordOutcomes(stateDir, id, { part: 1, outcomes: { done: [rename.key], unknown: [fire.key] } });
    appendFileSync(join(stateDir, 'history', id, 'undo.jsonl'), '{"part":2,"before":{"us');
    await recordPart(stateDir, id, {
      part: 2,
      before: { users: [], employees: [employee('201', 'A')], departments: [], teams: [] },
      operations: [update],
    });
    await recordOutcomes(stateDir, id, { part: 2, outcomes: { done: [update.key, fire.key] } });
    const data = readUndoData(stateDir, id)!;
    expect(data.before.employees.map((e) => e.id)).toEqual(['101', '102']);
    expect(data.operations.map((o) => [o.op.key, o.status])).toEqual([
      [rename.key, 'done'],
      [update.key, 'done'],
      [fire.key, 'done'],
    ]);
  });

  it('reads the undo data of a run recorded whole (version 1), and before reasons were codes: its words are kept as they were said', () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'history-'));
    const id = '2026-11-26T11-00-00Z';
    const op = operation({ type: 'fireEmployee', id: '121', reason: { code: 'pruned' }, pruned: true });
    const undo = { version: 1, before: { users: [], employees: [], departments: [], teams: [] }, operations: [{ op, status: 'done' }] };
    mkdirSync(join(stateDir, 'history', id), { recursive: true });
    const path = join(stateDir, 'history', id, 'undo.json');
    writeFileSync(path, JSON.stringify(undo));
    expect(readUndoData(stateDir, id)?.operations[0]?.op.reason).toEqual({ code: 'pruned' });
    writeFileSync(path, readFileSync(path, 'utf8').replace('{"code":"pruned"}', '"not in the workbook (--prune)"'));
    expect(readUndoData(stateDir, id)?.operations[0]?.op).toEqual({
      ...op,
      reason: { code: 'as_saved', text: 'not in the workbook (--prune)' },
    });
  });
});
