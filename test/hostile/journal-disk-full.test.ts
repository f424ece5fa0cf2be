/**
 * The disk fills up while the journal is being written (an injected writer: node:fs's writeSync fails
 * with ENOSPC on the journal once a given number of lines were written). The run stops at once with a
 * clear message, every line already written stays readable, every confirmed operation is in the
 * service, and a re-run with room on the disk finishes without doing anything twice.
 */
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunView } from '../../src/app/run-view.js';
import { TextView } from '../../src/app/text-view.js';
import type { ImportOptions } from '../../src/app/options.js';
import { runImport } from '../../src/app/run-import.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { tempDir } from '../helpers/cli.js';
import { companyCsv, defaultJournal, expectServiceEqualsWorkbook, journalLines } from './support.js';
import { sandboxRunOptions } from '../helpers/in-process.js';

const disk = vi.hoisted(() => ({ journalFds: new Set<number>(), linesLeft: Number.POSITIVE_INFINITY }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = ((path: Parameters<typeof fs.openSync>[0], ...rest: unknown[]) => {
    const fd = (fs.openSync as (...args: unknown[]) => number)(path, ...rest);
    if (/[\\/]journal[\\/][^\\/]+\.jsonl$/.test(String(path))) disk.journalFds.add(fd);
    return fd;
  }) as typeof fs.openSync;
  const writeSync = ((fd: number, ...rest: unknown[]) => {
    if (disk.journalFds.has(fd) && disk.linesLeft-- <= 0) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    }
    return (fs.writeSync as (...args: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, openSync, writeSync }, openSync, writeSync };
});

function captureIO(): { io: RunView; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  return {
    io: new TextView({ stdout, stderr, stdin: new PassThrough(), interactive: false, colour: false }),
    out: () => out,
    err: () => err,
  };
}

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true, faults: { latencyMs: 2 } });
  disk.linesLeft = Number.POSITIVE_INFINITY;
});
afterEach(async () => {
  await sandbox.close();
});

function options(files: string[], stateDir: string): ImportOptions {
  return sandboxRunOptions(sandbox, files, join(stateDir, '.orgsync'));
}

describe('the disk fills up while the journal is written', () => {
  it('in the middle of a run: it stops with a clear message, loses no confirmation, and a re-run finishes', async () => {
    const company = companyCsv(30);
    const stateDir = tempDir('hostile-enospc-');
    disk.linesLeft = 31; // the run line, then fifteen operations sent and confirmed
    const first = captureIO();
    const code = await runImport(options([company], stateDir), first.io);
    expect(code).toBe(2);
    expect(first.err()).toMatch(/Could not write .*journal.*\.jsonl: the disk is full\./);
    expect(first.err()).toMatch(/The run stopped because its progress could not be recorded\. Nothing the service confirmed is lost/);
    expect(first.err()).not.toMatch(/ENOSPC: no space|at .+:\d+:\d+/);

    const lines = journalLines(defaultJournal(stateDir)); // every line written is whole
    expect(lines).toHaveLength(31);
    const confirmed = lines.filter((l) => l.t === 'done').map((l) => l.key!);
    const writesBefore = sandbox.stats().writes;
    expect(writesBefore).toBeGreaterThanOrEqual(confirmed.length);
    expect(writesBefore).toBeLessThan(30 * 2 + 5); // it stopped: not everything was sent

    disk.linesLeft = Number.POSITIVE_INFINITY;
    const second = captureIO();
    expect(await runImport(options([company], stateDir), second.io)).toBe(0);
    expect(second.out()).toMatch(/Resuming the run of/);
    await expectServiceEqualsWorkbook(sandbox, [company]);
  });

  it('before the first line: nothing is sent, and the message says so', async () => {
    const company = companyCsv(5);
    const stateDir = tempDir('hostile-enospc-');
    disk.linesLeft = 0;
    await expect(runImport(options([company], stateDir), captureIO().io)).rejects.toThrow(
      /Could not write .*: the disk is full\. Nothing was sent: make room \(or choose another --journal\) and run again\./,
    );
    expect(sandbox.stats().writes).toBe(0);
  });
});
