/**
 * The history's undo data and the JSON written a piece at a time: the same bytes as one
 * `JSON.stringify`, so `undo` and scripts read what they read before the file was streamed.
 */
import { lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactJsonPieces, copyFileReplacing, replaceFileWith } from '../../src/json-file.js';
import { HISTORY_VERSION, readUndoData, saveRun, type RunRecord, type UndoData } from '../../src/load/history.js';
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
    const operations = Array.from({ length: 3_000 }, (_, i) => ({
      op: operation({
        type: 'createUser',
        id: `u${i}`,
        reason: { code: 'as_saved' as const, text: 'ny i projektmappen' },
        fields: { name: `Søren ${i}`, email: `u${i}@example.dk`, username: `u${i}@example.dk`, gender: i % 2 ? 'f' : null },
        source: { file: 'firma.xlsx', sheet: 'employees', sheetName: 'Medarbejdere', row: i + 2 },
      }),
      status: 'done' as const,
    }));
    const undo: UndoData = { version: HISTORY_VERSION, before: { users: [], employees: [], departments: [], teams: [] }, operations };
    const record = {
      version: HISTORY_VERSION,
      id: '2026-11-26T10-00-00Z',
      command: 'run',
      started_at: '',
      finished_at: '',
      duration_ms: 1,
      files: [],
      workbook_hash: null,
      service_key: 'k',
      exit_code: 0,
      counts: {},
      export_guard: [],
      undoable: true,
    } satisfies RunRecord;
    await saveRun(stateDir, record, undo);
    const file = readFileSync(join(stateDir, 'history', record.id, 'undo.json'), 'utf8');
    expect(file).toBe(JSON.stringify(undo));
    expect(readUndoData(stateDir, record.id)).toEqual(JSON.parse(JSON.stringify(undo)));
  });

  it('reads the undo data of a run recorded before reasons were codes: its words are kept as they were said', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'history-'));
    const op = operation({ type: 'fireEmployee', id: '121', reason: { code: 'pruned' }, pruned: true });
    const undo: UndoData = {
      version: HISTORY_VERSION,
      before: { users: [], employees: [], departments: [], teams: [] },
      operations: [{ op, status: 'done' }],
    };
    const record = {
      version: HISTORY_VERSION,
      id: '2026-11-26T11-00-00Z',
      command: 'run',
      started_at: '',
      finished_at: '',
      duration_ms: 1,
      files: [],
      workbook_hash: null,
      service_key: 'k',
      exit_code: 0,
      counts: {},
      export_guard: [],
      undoable: true,
    } satisfies RunRecord;
    await saveRun(stateDir, record, undo);
    expect(readUndoData(stateDir, record.id)?.operations[0]?.op.reason).toEqual({ code: 'pruned' });
    const path = join(stateDir, 'history', record.id, 'undo.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('{"code":"pruned"}', '"not in the workbook (--prune)"'));
    expect(readUndoData(stateDir, record.id)?.operations[0]?.op).toEqual({
      ...op,
      reason: { code: 'as_saved', text: 'not in the workbook (--prune)' },
    });
  });
});
