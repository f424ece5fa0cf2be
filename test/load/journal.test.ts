import { appendFileSync, existsSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { OrgsyncError } from '../../src/errors.js';
import { processStartTime } from '../../src/process-lock.js';
import { describe, expect, it } from 'vitest';
import { Journal, planProgress } from '../../src/load/journal.js';
import { JournalLockedError } from '../../src/errors.js';
import { AbsenceLedger } from '../../src/load/ledger.js';
import type { Operation } from '../../src/model/operations.js';

const identity = { serviceKey: 'v3-abc', workbookHash: 'w1' };
const op = (id: string): Operation => ({
  type: 'fireEmployee',
  key: `fireEmployee:${id}`,
  id,
  reason: { code: 'as_saved' as const, text: 'test' },
});

function tempJournal(): string {
  return join(mkdtempSync(join(tmpdir(), 'journal-')), 'journal', 'service.jsonl');
}

describe('the journal', () => {
  it('tells the next run what the interrupted one confirmed and what it never heard back about', () => {
    const path = tempJournal();
    const first = Journal.open(path, identity);
    first.beginRun(identity, 3);
    first.sent(op('a'));
    first.finished({ op: op('a'), status: 'done', statusCode: 200, message: null });
    first.sent(op('b'));
    first.close(); // the process died here: no end line
    const second = Journal.open(path, identity);
    expect(second.previous).toMatchObject({ unfinished: true, sameWorkbook: true, confirmed: 1, unconfirmed: ['fireEmployee:b'] });
    second.close();
  });

  it('ignores a torn last line and keeps every confirmation before it', () => {
    const path = tempJournal();
    const first = Journal.open(path, identity);
    first.beginRun(identity, 2);
    first.finished({ op: op('a'), status: 'done', statusCode: 200, message: null });
    first.close();
    appendFileSync(path, '{"t":"done","key":"fireEm');
    const second = Journal.open(path, identity);
    expect(second.previous?.confirmed).toBe(1);
    second.beginRun(identity, 1);
    second.close();
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ t: 'run' });
  });

  it('says when the unfinished run was for another workbook', () => {
    const path = tempJournal();
    const first = Journal.open(path, identity);
    first.beginRun(identity, 1);
    first.close();
    const second = Journal.open(path, { ...identity, workbookHash: 'other' });
    expect(second.previous).toMatchObject({ unfinished: true, sameWorkbook: false });
    second.close();
  });

  it('refuses a second importer on the same journal while the first is alive', () => {
    const path = tempJournal();
    const first = Journal.open(path, identity);
    // The lock holds the pid of a live process: this test's parent stands in for the other importer.
    writeFileSync(path.replace(/\.jsonl$/, '.lock'), JSON.stringify({ pid: process.ppid }));
    expect(() => Journal.open(path, identity)).toThrow(JournalLockedError);
    first.close();
  });

  it('takes over the lock of an importer that was killed', () => {
    const path = tempJournal();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    Journal.open(path, identity).close();
    const lockPath = path.replace(/\.jsonl$/, '.lock');
    writeFileSync(lockPath, JSON.stringify({ pid: Number(dead) }));
    const journal = Journal.open(path, identity);
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    journal.close();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over a lock whose process id now belongs to an unrelated live process (the id was reused after a crash)', async () => {
    const path = tempJournal();
    Journal.open(path, identity).close();
    const lockPath = path.replace(/\.jsonl$/, '.lock');
    const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => unrelated.once('spawn', resolve));
      // The lock names that live process but a start time it does not have: a crashed importer's lock.
      writeFileSync(lockPath, JSON.stringify({ pid: unrelated.pid, started: '1', at: '2020-01-01T00:00:00Z' }));
      const journal = Journal.open(path, identity);
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      journal.close();
      // The same live process recorded with its real start time holds the lock: it is refused.
      writeFileSync(lockPath, JSON.stringify({ pid: unrelated.pid, started: processStartTime(unrelated.pid!) }));
      expect(() => Journal.open(path, identity)).toThrow(JournalLockedError);
    } finally {
      unrelated.kill();
    }
  });

  it('a journal too large to read is refused with a sentence naming the file to delete', () => {
    const path = tempJournal();
    Journal.open(path, identity).close();
    truncateSync(path, 600 * 1024 * 1024); // sparse: no disk used
    let thrown: unknown;
    try {
      Journal.open(path, identity).close();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OrgsyncError);
    expect((thrown as OrgsyncError).exitCode).toBe(3);
    expect((thrown as Error).message).toContain(`The journal ${path} is 600 MB`);
    expect((thrown as Error).message).toContain('Delete that file and run again');
    expect(existsSync(path.replace(/\.jsonl$/, '.lock'))).toBe(false);
  });
});

describe('the absence ledger', () => {
  it('remembers the periods the service confirmed, the latest end date winning', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ledger-')), 'absences.jsonl');
    const ledger = AbsenceLedger.load(path);
    ledger.record('e1', '2026-01-05', null);
    ledger.record('e1', '2026-01-05', '2026-01-09');
    appendFileSync(path, '{"employee_id":"e2","sta');
    const again = AbsenceLedger.load(path);
    expect([...again.periods]).toEqual([['e1|2026-01-05', '2026-01-09']]);
    again.record('e3', '2026-02-01', null);
    expect([...AbsenceLedger.load(path).periods]).toContainEqual(['e3|2026-02-01', null]);
  });
});

describe('taking over the lock of a crashed importer', () => {
  it('lets exactly one of several importers starting at the same moment take it over', async () => {
    const { spawn } = await import('node:child_process');
    const { pathToFileURL } = await import('node:url');
    const path = tempJournal();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    Journal.open(path, identity).close();
    writeFileSync(path.replace(/\.jsonl$/, '.lock'), JSON.stringify({ pid: Number(dead) }));
    const journalModule = pathToFileURL(join(process.cwd(), 'dist', 'load', 'journal.js')).href;
    const script = `
      const { Journal } = await import(${JSON.stringify(journalModule)});
      try {
        const j = Journal.open(${JSON.stringify(path)}, { serviceKey: 'v3-abc', workbookHash: 'w1' });
        process.stdout.write('took');
        setTimeout(() => j.close(), 1500);
      } catch (error) { process.stdout.write('refused'); }`;
    const runs = Array.from(
      { length: 6 },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.on('close', () => resolve(out));
        }),
    );
    const outcomes = await Promise.all(runs);
    expect(outcomes.filter((o) => o === 'took')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
  });
});

describe("a saved plan's progress in the journal", () => {
  const applying = { ...identity, plan: 'plan-1' };
  const done = (id: string) => ({ op: op(id), status: 'done' as const, statusCode: 200, message: null });

  it('is what every unfinished apply of that plan did, across two kills, and nothing of another plan', () => {
    const path = tempJournal();
    const first = Journal.open(path, applying);
    first.beginRun(applying, 4);
    first.finished(done('a'));
    first.sent(op('b'));
    first.close(); // killed
    const second = Journal.open(path, applying);
    expect(second.previous).toMatchObject({ unfinished: true, sameWorkbook: true, unconfirmed: ['fireEmployee:b'] });
    second.beginRun(applying, 3);
    second.finished(done('b'));
    second.finished(done('c'));
    second.sent(op('d'));
    second.close(); // killed again
    const progress = planProgress(path, identity.serviceKey, 'plan-1');
    expect([...progress.done].sort()).toEqual(['fireEmployee:a', 'fireEmployee:b', 'fireEmployee:c']);
    expect([...progress.unconfirmed]).toEqual(['fireEmployee:d']);
    expect(planProgress(path, identity.serviceKey, 'plan-2').done.size).toBe(0);
    expect(planProgress(path, 'v3-other', 'plan-1').done.size).toBe(0);
    // The third apply opens it: both earlier applies are kept, so a third kill loses nothing either.
    Journal.open(path, applying).close();
    expect(planProgress(path, identity.serviceKey, 'plan-1').done.size).toBe(3);
  });

  it('is none once a run of the main job came after it, or the apply finished', () => {
    const path = tempJournal();
    const first = Journal.open(path, applying);
    first.beginRun(applying, 2);
    first.finished(done('a'));
    first.close();
    const main = Journal.open(path, identity);
    main.beginRun(identity, 1);
    main.close();
    expect(planProgress(path, identity.serviceKey, 'plan-1').done.size).toBe(0);

    const again = Journal.open(path, applying);
    again.beginRun(applying, 1);
    again.finished(done('b'));
    again.endRun(true);
    again.close();
    expect(planProgress(path, identity.serviceKey, 'plan-1').done.size).toBe(0);
  });
});
