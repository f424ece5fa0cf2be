/**
 * A simulated month of nightly runs (issue 23, point 1): sixteen working nights (four weeks of four) of an HR export against one
 * sandbox over loopback, through the built command line, with hires, leavers, rehires, moves, renames,
 * owner changes, new employee ids, absences, delegations and departments closed. Some nights the service
 * fails (503s, answers lost after the write) or the importer is stopped at its first write — killed, the
 * service having done it, or Ctrl-C — and the same command finishes the night: each night, however many
 * processes it took, is one run in the history (issue 34). Every fourth night is undone (two of them
 * stopped and finished nights; one undo itself killed and finished by the same undo), and the sandbox
 * must then equal its snapshot before that night's run, except what the undo names. The month is seeded:
 * the same nights every time. At its end the last export is applied again (its night was undone), and then
 * nothing is left to do: the service is the export. Then two more nights give a person and a team a new id
 * twice over, and the undo of the first of them finds both under the ids the second gave them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type FaultOptions, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, startCli, tempDir } from '../helpers/cli.js';
import { desiredFrom, sandboxView, workbookView } from '../helpers/equality.js';
import { nightlyExport, type ExportShape } from '../helpers/nightly.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';
import { namedByUndo, recordedRuns, restorable } from '../helpers/undo-check.js';

const NIGHTS = 16;
const UNDO_EVERY = 4;
const FAULTS: Record<number, FaultOptions> = {
  2: { unavailableRate: 0.2, retryAfterSeconds: 0, seed: 2 },
  7: { dropAfterCommitRate: 0.15, seed: 7 },
  13: { unavailableRate: 0.2, retryAfterSeconds: 0, seed: 13 },
  14: { dropAfterCommitRate: 0.15, seed: 14 },
};
/** Nights stopped at their first write, and how; the same command then finishes the night. */
const STOPS: Record<number, NodeJS.Signals> = { 5: 'SIGKILL', 8: 'SIGINT', 10: 'SIGKILL', 15: 'SIGKILL', 16: 'SIGKILL' };
/** The night whose undo is killed at its first write and finished by the same undo. */
const STOPPED_UNDO = 12;

/** Kinds of event, in the order the nights take them (three a night): the undone nights get owners, rehires, ids, moves, delegations, hires and leavers. */
const EVENTS = ['absence', 'owner', 'rehire', 'newId', 'move', 'delegation', 'hire', 'leave', 'rename', 'unitRename', 'close'] as const;
type Event = (typeof EVENTS)[number];

const TEAMS = ['T1', 'T2', 'T3'];
const OWNED_UNITS = ['D1', 'D2', 'T1', 'T2', 'T3'];
const CLOSABLE = ['D3', 'D4', 'D5'];

/** HR's system as the month goes: rows by the id they were made with, what the export shows of each. */
class Company {
  employees = 10;
  readonly leavers = new Set<string>();
  readonly edits: Record<string, Record<string, string>> = {};
  /** Unit → row of its owner. */
  readonly owners: Record<string, string> = { root: '101', D1: '102', T1: '103' };
  /** [unit, responsibility, row]. */
  delegations: [string, string, string][] = [['D1', 'configuration', '104']];
  readonly absences: [string, string, string][] = [];
  readonly unitNames: Record<string, string> = {};
  /** Units given a new id: unit (as first made) → its id now and the one before. */
  readonly unitIds: Record<string, { id: string; previous_id: string }> = {};
  readonly closed: string[] = [];
  private readonly hiredOn = new Map<string, number>();
  private seed = 20261127;

  random(): number {
    this.seed = (this.seed * 1103515245 + 12345) % 2 ** 31;
    return this.seed / 2 ** 31;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  rows(): string[] {
    return Array.from({ length: this.employees }, (_, n) => String(101 + n)).filter((row) => !this.leavers.has(row));
  }

  idOf(row: string): string {
    return this.edits[row]?.employee_id ?? row;
  }

  /** Anyone but the top department's owner, who never leaves and keeps the id the company was made with. */
  private anyoneButTop(): string {
    return this.pick(this.rows().filter((row) => row !== '101'));
  }

  private edit(row: string, column: string, value: string): void {
    (this.edits[row] ??= {})[column] = value;
  }

  /** HR gives the person of `row` a new employee id; the export names the one before. */
  newId(row: string, suffix: string): void {
    this.edit(row, 'previous_employee_id', this.idOf(row));
    this.edit(row, 'employee_id', `${row}-${suffix}`);
  }

  /** HR gives a unit a new id; the export names the one before. */
  newUnitId(unit: string, suffix: string): void {
    this.unitIds[unit] = { id: `${unit}-${suffix}`, previous_id: this.unitIds[unit]?.id ?? unit };
  }

  happen(event: Event, night: number): void {
    switch (event) {
      case 'hire':
        this.employees += 1;
        this.hiredOn.set(String(100 + this.employees), night);
        return;
      case 'leave': {
        // Not someone hired the same night: that night would change nothing about them.
        const row = this.pick(this.rows().filter((r) => r !== '101' && this.hiredOn.get(r) !== night));
        this.leavers.add(row);
        // HR takes the leaver off what they led and their delegations in the same export.
        for (const [unit, owner] of Object.entries(this.owners)) if (owner === row) delete this.owners[unit];
        this.delegations = this.delegations.filter(([, , holder]) => holder !== row);
        return;
      }
      case 'rehire':
        if (this.leavers.size === 0) {
          this.happen('hire', night);
          return;
        }
        this.leavers.delete(this.pick([...this.leavers].sort()));
        return;
      case 'move':
        this.edit(this.anyoneButTop(), 'team_id', this.pick(TEAMS));
        return;
      case 'rename':
        this.edit(this.anyoneButTop(), 'name', `Person renamed night ${night}`);
        return;
      case 'unitRename':
        this.unitNames[this.pick(TEAMS)] = `Team of night ${night}`;
        return;
      case 'owner': {
        const unit = this.pick(OWNED_UNITS);
        if (this.owners[unit] !== undefined && this.random() < 0.3) delete this.owners[unit];
        else this.owners[unit] = this.anyoneButTop();
        return;
      }
      case 'newId':
        this.newId(this.anyoneButTop(), String(night));
        return;
      case 'absence': {
        const day = String(1 + night).padStart(2, '0');
        this.absences.push([this.anyoneButTop(), `2026-01-${day}`, `2026-01-${day}`]);
        return;
      }
      case 'delegation':
        if (this.delegations.length > 1 && this.random() < 0.4)
          this.delegations.splice(Math.floor(this.random() * this.delegations.length), 1);
        else {
          const team = this.random() < 0.5;
          this.delegations.push([team ? this.pick(TEAMS) : 'D2', team ? 'dialog_access_cv' : 'configuration', this.anyoneButTop()]);
          this.delegations = this.delegations.filter((d, i, all) => all.findIndex((e) => e.join() === d.join()) === i);
        }
        return;
      case 'close': {
        const open = CLOSABLE.filter((id) => !this.closed.includes(id));
        if (open.length === 0) {
          this.happen('unitRename', night);
          return;
        }
        this.closed.push(open[0]!);
        return;
      }
    }
  }

  export(): string {
    const shape: ExportShape = {
      employees: this.employees,
      leavers: [...this.leavers],
      edits: this.edits,
      owners: Object.fromEntries(Object.entries(this.owners).map(([unit, row]) => [unit, this.idOf(row)])),
      delegations: this.delegations.map(([unit, responsibility, row]) => [unit, responsibility, this.idOf(row)]),
      absences: this.absences.filter(([row]) => !this.leavers.has(row)).map(([row, start, end]) => [this.idOf(row), start, end]),
      unitEdits: Object.fromEntries(
        [...new Set([...Object.keys(this.unitNames), ...Object.keys(this.unitIds)])].map((id) => [
          id,
          { ...(this.unitNames[id] !== undefined ? { name: this.unitNames[id] } : {}), ...this.unitIds[id] },
        ]),
      ),
      extraUnits: CLOSABLE.map((id) => ['department', id, `Office ${id}`, 'root']),
      withoutUnits: this.closed,
    };
    return nightlyExport(shape);
  }
}

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true });
  recorder = await recordRequests(sandbox);
  cwd = tempDir();
});
afterAll(async () => {
  await recorder?.close();
  await sandbox?.close();
});

const service = () => recordedServiceArgs(sandbox, recorder);

/** The night's run until it ends with exit 0 (exit 2 asks to run it again); never a stack trace. */
async function runNight(dir: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const result = await runCli([dir, '--yes', '--prune', ...service()], { cwd });
    expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    if (result.code === 0) return;
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(attempt).toBeLessThan(5);
  }
}

/**
 * Started and stopped at its first write. A kill comes once the service has carried the write out and
 * before the importer reads the answer; Ctrl-C comes while the write waits, which then goes on (the run
 * stops after it, exit 130). A run with nothing to write ends by itself.
 */
async function stopAtFirstWrite(args: string[], signal: NodeJS.Signals): Promise<void> {
  const holding = recorder.holdNext((request) => request.method !== 'GET', signal === 'SIGINT' ? 'request' : 'answer');
  const child = startCli([...args, '--concurrency', '1'], { cwd });
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const held = await Promise.race([holding, closed.then(() => null)]);
  recorder.stopHolding();
  if (held) {
    child.kill(signal);
    held.release();
  }
  await closed;
}

/** How many processes a recorded run took (run.json's `parts`, cli.md). */
function partsOf(runId: string): number {
  return (JSON.parse(readFileSync(join(cwd, '.orgsync', 'history', runId, 'run.json'), 'utf8')) as { parts: unknown[] }).parts.length;
}

describe('a month of nightly runs', () => {
  it('lands every night, and every fourth night is undone back to the night before', async () => {
    const company = new Company();
    let dir = company.export();
    await runNight(dir);
    let undone = 0;
    for (let night = 1; night <= NIGHTS; night++) {
      for (let i = 0; i < 3; i++) company.happen(EVENTS[(3 * night + i) % EVENTS.length]!, night);
      dir = company.export();
      const before = sandbox.snapshot();
      const recorded = recordedRuns(cwd).length;
      const stop = STOPS[night];
      if (stop) await stopAtFirstWrite([dir, '--yes', '--prune', ...service()], stop);
      const faults = FAULTS[night];
      if (faults) sandbox.setFaults(faults);
      await runNight(dir);
      sandbox.setFaults({});
      // However many processes the night took, it is one run.
      expect(recordedRuns(cwd), `night ${night}`).toHaveLength(recorded + 1);
      const runId = recordedRuns(cwd).at(-1)!;
      if (stop) expect(partsOf(runId), `night ${night}`).toBeGreaterThanOrEqual(2);
      if (night % UNDO_EVERY !== 0) continue;

      recorder.clear();
      const undoArgs = ['undo', runId, '--yes', ...service()];
      if (night === STOPPED_UNDO) await stopAtFirstWrite(undoArgs, 'SIGKILL');
      const undo = await runCli(undoArgs, { cwd });
      expect(undo.code, `night ${night}: ${undo.stdout}${undo.stderr}`).toBe(0);
      expect(recordedRuns(cwd), `undo of night ${night}`).toHaveLength(recorded + 2);
      if (night === STOPPED_UNDO) expect(partsOf(recordedRuns(cwd).at(-1)!)).toBe(2);
      const named = namedByUndo(undo.stdout);
      expect(restorable(sandbox.snapshot(), before, named), `night ${night} undone`).toEqual(restorable(before, before, named));
      const writes = recorder.writes();
      expect(writes.filter((w) => w.method === 'POST' && w.path.includes('absence'))).toEqual([]);
      for (const id of [...named.deletedDepartments, ...named.deletedTeams]) {
        expect(writes.filter((w) => w.method === 'POST' && JSON.stringify(w.body ?? null).includes(`"id":"${id}"`))).toEqual([]);
      }
      undone++;
    }
    expect(undone).toBe(NIGHTS / UNDO_EVERY);

    // The last night was undone: the next run applies its export again, and the one after has nothing to do.
    await runNight(dir);
    const last = await runCli([dir, '--yes', '--prune', ...service()], { cwd });
    expect(last.code, last.stdout + last.stderr).toBe(0);
    expect(last.stdout).toContain('Nothing to do');
    const withoutIds = <T extends { users: { id: string; email: string }[]; employees: { userId: string }[]; absences: unknown }>(
      view: T,
    ) => ({
      ...view,
      users: view.users.map(({ id: _id, ...u }) => u).sort((a, b) => a.email.localeCompare(b.email)),
      employees: view.employees.map((e) => ({ ...e, userId: '' })),
      absences: [],
    });
    expect(withoutIds(sandboxView(sandbox.snapshot(), { userIds: false }))).toEqual(withoutIds(workbookView(await desiredFrom([dir]))));
    // No entity was created twice, whatever the faults and kills.
    const twice = Object.entries(sandbox.stats().successfulCreates).filter(
      ([key, n]) => n > 1 && !key.startsWith('delegation') && !key.startsWith('absence'),
    );
    expect(twice).toEqual([]);

    // Undo across later renames: night B gives a person and a team new ids, night C new ids again.
    const row = company.rows().find((r) => r !== '101' && !company.edits[r]?.previous_employee_id)!;
    const beforeB = sandbox.snapshot();
    company.newId(row, 'B');
    company.newUnitId('T2', 'B');
    await runNight(company.export());
    const runB = recordedRuns(cwd).at(-1)!;
    company.newId(row, 'C');
    company.newUnitId('T2', 'C');
    await runNight(company.export());
    expect(sandbox.snapshot().teams.map((t) => t.id)).toContain('T2-C');
    recorder.clear();
    const undoB = await runCli(['undo', runB, '--yes', ...service()], { cwd });
    expect(undoB.code, undoB.stdout + undoB.stderr).toBe(0);
    // Found under the ids night C gave them and renamed back; nothing made a second time.
    expect(recorder.writes()).toHaveLength(2);
    expect(recorder.writes()).toEqual(
      expect.arrayContaining([
        { method: 'PATCH', path: `/v3/core/employees/${row}-C`, body: { employee: { id: row } } },
        { method: 'PATCH', path: '/v3/core/teams/T2-C', body: { team: { id: 'T2' } } },
      ]),
    );
    expect(sandbox.snapshot()).toEqual(beforeB);
  }, 900_000);
});
