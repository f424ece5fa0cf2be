/**
 * The state folder's disk fills up while a run's history record is written (issue 23 point 3; an injected
 * writer: the write of one history file stops with ENOSPC after half its bytes, be it the undo log appended to
 * before the first write or a file replaced whole). What the run applied
 * stays applied and the run ends as it would have; the failure is said; and the failed write leaves
 * nothing behind: no `history/RUN/FILE.PID.tmp`, no half record, so the disk does not stay full.
 */
import { PassThrough } from 'node:stream';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunView } from '../../src/app/run-view.js';
import { TextView } from '../../src/app/text-view.js';
import type { ImportOptions } from '../../src/app/options.js';
import { runImport } from '../../src/app/run-import.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { tempDir } from '../helpers/cli.js';
import { companyCsv, expectServiceEqualsWorkbook } from './support.js';
import { sandboxRunOptions } from '../helpers/in-process.js';

/** The history file whose write runs out of room (its temporary file's name ends with `.PID.tmp`). */
const disk = vi.hoisted(() => ({ failing: null as string | null }));

function enospc(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
}

function runsOutOfRoom(path: unknown): boolean {
  if (disk.failing === null) return false;
  // Replaced whole through `FILE.PID.tmp`, or (the undo log) appended to.
  const name = disk.failing.replace('.', '\\.');
  return new RegExp(`[\\\\/]history[\\\\/][^\\\\/]+[\\\\/]${name}(\\.\\d+\\.tmp)?$`).test(String(path));
}

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const open = (async (path: Parameters<typeof fs.open>[0], ...rest: unknown[]) => {
    const handle = await (fs.open as (...args: unknown[]) => Promise<import('node:fs/promises').FileHandle>)(path, ...rest);
    if (!runsOutOfRoom(path)) return handle;
    // Half of the first piece reaches the disk, then there is no more room.
    const write = async (bytes: Buffer, offset = 0) => {
      await handle.write(bytes, offset, Math.floor((bytes.length - offset) / 2));
      throw enospc();
    };
    return new Proxy(handle, { get: (target, key) => (key === 'write' ? write : Reflect.get(target, key, target)) });
  }) as typeof fs.open;
  return { ...fs, default: { ...fs, open }, open };
});

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const writeFileSync = ((path: Parameters<typeof fs.writeFileSync>[0], data: string, ...rest: unknown[]) => {
    if (!runsOutOfRoom(path)) return (fs.writeFileSync as (...args: unknown[]) => void)(path, data, ...rest);
    fs.writeFileSync(path, data.slice(0, data.length / 2));
    throw enospc();
  }) as typeof fs.writeFileSync;
  return { ...fs, default: { ...fs, writeFileSync }, writeFileSync };
});

function captureIO(): { io: RunView; err: () => string } {
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (d) => (err += d));
  return {
    io: new TextView({ stdout: new PassThrough().resume(), stderr, stdin: new PassThrough(), interactive: false, colour: false }),
    err: () => err,
  };
}

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  disk.failing = null;
});
afterEach(async () => {
  await sandbox.close();
});

function options(files: string[], folder: string): ImportOptions {
  return sandboxRunOptions(sandbox, files, join(folder, '.orgsync'), { report: join(folder, 'report.json') });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => join(f.parentPath, f.name));
}

describe('the disk fills up while the history is written', () => {
  it.each(['report.json', 'undo.jsonl', 'run.json'])(
    'writing %s: the run is applied, the failure said, nothing half-written left',
    async (file) => {
      const company = companyCsv(12);
      const folder = tempDir('hostile-history-');
      disk.failing = file;
      const run = captureIO();
      expect(await runImport(options([company], folder), run.io)).toBe(0);
      expect(run.err()).toMatch(/Could not record this run in .*history: ENOSPC/);
      await expectServiceEqualsWorkbook(sandbox, [company]);

      const history = join(folder, '.orgsync', 'history');
      expect(filesUnder(history)).toEqual([]);
      expect(filesUnder(join(folder, '.orgsync')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      // The --report file does not depend on the record: it is written whole all the same.
      expect(JSON.parse(readFileSync(join(folder, 'report.json'), 'utf8'))).toMatchObject({ exit_code: 0 });

      // With room again, the next run is recorded as usual.
      disk.failing = null;
      expect(await runImport(options([company], folder), captureIO().io)).toBe(0);
      const kept = filesUnder(history).map((f) => f.slice(history.length + 1).replace(/^[^\\/]+/, 'RUN'));
      expect(kept).toEqual(expect.arrayContaining([join('RUN', 'report.json'), join('RUN', 'run.json')]));
      expect(kept.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    },
  );
});
