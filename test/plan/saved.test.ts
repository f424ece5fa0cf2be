/** A saved plan against the plan made again, and which approved removals may be carried out now. */
import { describe, expect, it } from 'vitest';
import { operation } from '../../src/model/operations.js';
import type { PlannedOperation } from '../../src/plan/graph.js';
import { approvedRemovals, holdRemovals, planDifferences, remainingOf } from '../../src/plan/saved.js';
import type { Plan } from '../../src/plan/plan.js';
import { savedPlanFindingText } from '../../src/view/reason-text.js';

const planned = (op: PlannedOperation['op'], dependsOn: string[] = []): PlannedOperation => ({ op, dependsOn });
const fire = (id: string) =>
  operation({ type: 'fireEmployee', id, reason: { code: 'as_saved' as const, text: 'not in the workbook (--prune)' }, pruned: true });
const unmember = (id: string) =>
  operation({
    type: 'removeTeamMember',
    teamId: 'T1',
    employeeId: id,
    reason: { code: 'as_saved' as const, text: 'not in the workbook (--prune)' },
    pruned: true,
  });
const rename = (name: string) =>
  operation({
    type: 'updateTeam',
    id: 'T1',
    changes: { name: { now: name } },
    reason: { code: 'as_saved' as const, text: 'name changed' },
    source: { file: 'book.xlsx', sheet: 'organisation', sheetName: 'Org', row: 3 },
  });
/** The operations as they come back from the plan file. */
const saved = (ops: PlannedOperation[]): PlannedOperation[] => JSON.parse(JSON.stringify(ops));
const plan = (operations: PlannedOperation[]): Plan => ({ operations, notes: [], guard: { kinds: [], exceeded: false, removals: [] } });

describe('planDifferences', () => {
  it('finds none when the plan made again is the saved one, whatever the file names in the sources are spelled as', () => {
    const now = [planned(rename('Team One')), planned(fire('121'), ['updateTeam:T1'])];
    const before = saved(now);
    before[0]!.op.source!.file = '/home/hr/book.xlsx';
    expect(planDifferences(before, now).map(savedPlanFindingText)).toEqual([]);
  });

  it('finds none when only the value an update changes from is other now: what it sends is the same', () => {
    const renamed = (was: string) =>
      operation({
        type: 'updateTeam',
        id: 'T1',
        changes: { name: { was, now: 'Team One' } },
        reason: { code: 'as_saved' as const, text: 'name changed' },
      });
    expect(planDifferences(saved([planned(renamed('Team 1'))]), [planned(renamed('Team I'))]).map(savedPlanFindingText)).toEqual([]);
  });

  it('names an operation that would send other values, one no longer needed, one needed now, and other dependencies', () => {
    const before = saved([planned(rename('Team One')), planned(fire('121')), planned(fire('122'))]);
    const now = [planned(rename('Team 1')), planned(fire('122'), ['updateTeam:T1']), planned(fire('123'))];
    expect(planDifferences(before, now).map(savedPlanFindingText)).toEqual([
      'updateTeam:T1 would now send other values',
      'fireEmployee:121 is no longer needed',
      'fireEmployee:122 would now wait for other operations',
      'fireEmployee:123 is needed now and not in the saved plan',
    ]);
  });
});

describe('holdRemovals', () => {
  it('holds the removals only --prune asks for', () => {
    const left = operation({ type: 'fireEmployee', id: '130', reason: { code: 'as_saved' as const, text: 'status left' } });
    expect(holdRemovals(plan([planned(rename('X')), planned(fire('121')), planned(left)])).held).toEqual(['fireEmployee:121']);
  });
});

describe('approvedRemovals', () => {
  const heldPlan = saved([
    planned(rename('Team One')),
    planned(unmember('121')),
    planned(fire('121'), ['removeTeamMember:121', 'updateTeam:T1']),
    planned(fire('122')),
  ]);

  it('carries out the approved removals as saved, waiting only for approved ones', () => {
    const fresh = plan([planned(unmember('121')), planned(fire('121'), ['removeTeamMember:121']), planned(fire('122'))]);
    const run = approvedRemovals(heldPlan, ['fireEmployee:121', 'removeTeamMember:121'], fresh);
    expect(run.problems.map(savedPlanFindingText)).toEqual([]);
    expect(run.operations.map((p) => [p.op.key, p.dependsOn])).toEqual([
      ['removeTeamMember:121', []],
      ['fireEmployee:121', ['removeTeamMember:121']],
    ]);
  });

  it('refuses while a change other than a removal is pending', () => {
    const fresh = plan([planned(rename('Team One')), planned(fire('122'))]);
    expect(approvedRemovals(heldPlan, ['fireEmployee:122'], fresh).problems.map(savedPlanFindingText)).toEqual([
      '1 change(s) other than removals are pending (updateTeam:T1)',
    ]);
  });

  it('refuses an approved removal that is no longer needed', () => {
    expect(approvedRemovals(heldPlan, ['fireEmployee:122'], plan([])).problems.map(savedPlanFindingText)).toEqual([
      'fireEmployee:122 is no longer needed (already done, or the entity is gone)',
    ]);
  });

  it('refuses an approved removal that waits for one not approved', () => {
    const fresh = plan([planned(unmember('121')), planned(fire('121'), ['removeTeamMember:121'])]);
    expect(approvedRemovals(heldPlan, ['fireEmployee:121'], fresh).problems.map(savedPlanFindingText)).toEqual([
      'fireEmployee:121 must wait for removeTeamMember:121, which is not approved: approve both or neither',
    ]);
  });
});

describe('approvedRemovals: what the saved plan held back with its held removals', () => {
  const undelegate = operation({
    type: 'deleteDelegation',
    unitKind: 'department',
    unitId: 'D1',
    responsibility: 'configuration',
    employeeId: '105',
    serviceId: 'd-1',
    reason: { code: 'as_saved' as const, text: 'not in the workbook (--prune)' },
    pruned: true,
  });
  const leaves = operation({ type: 'fireEmployee', id: '105', reason: { code: 'as_saved' as const, text: 'status left' } });
  const heldPlan = saved([planned(undelegate), planned(leaves, [undelegate.key]), planned(fire('122'))]);
  const fresh = plan([planned(undelegate), planned(leaves, [undelegate.key]), planned(fire('122'))]);

  it("carries out a leaver's fire that waited for their delegation's removal once that removal is approved", () => {
    const run = approvedRemovals(heldPlan, [undelegate.key], fresh);
    expect(run.problems.map(savedPlanFindingText)).toEqual([]);
    expect(run.operations.map((p) => [p.op.key, p.dependsOn])).toEqual([
      [undelegate.key, []],
      ['fireEmployee:105', [undelegate.key]],
    ]);
  });

  it('keeps it held, and goes ahead with the rest, while that removal is not approved', () => {
    const run = approvedRemovals(heldPlan, ['fireEmployee:122'], fresh);
    expect(run.problems.map(savedPlanFindingText)).toEqual([]);
    expect(run.operations.map((p) => p.op.key)).toEqual(['fireEmployee:122']);
  });
});

describe('remainingOf: a saved plan less what its interrupted applies did', () => {
  const none = new Set<string>();
  it('leaves out what was confirmed, and what was sent unanswered that the service no longer needs', () => {
    const whole = saved([planned(unmember('1')), planned(fire('1'), ['removeTeamMember:T1:1']), planned(fire('2')), planned(fire('3'))]);
    const keys = whole.map((p) => p.op.key);
    const fresh = [planned(fire('1')), planned(fire('3'))]; // fire 2 arrived; fire 3 did not
    const left = remainingOf(whole, { done: new Set([keys[0]!]), unconfirmed: new Set([keys[2]!, keys[3]!]) }, fresh);
    expect(left).toEqual([{ op: whole[1]!.op, dependsOn: [] }, whole[3]]);
    expect(planDifferences(left, fresh)).toEqual([]);
    // Without the progress, the same world makes the plan stale.
    expect(planDifferences(remainingOf(whole, { done: none, unconfirmed: none }, fresh), fresh).length).toBeGreaterThan(0);
  });

  it('leaves out an operation the service no longer needs because of one it waited for (a rehire that put the person back in their team)', () => {
    const rehire = operation({ type: 'rehireEmployee', id: '105', userId: '105', reason: { code: 'as_saved' as const, text: 'rehire' } });
    const join = operation({
      type: 'addTeamMember',
      teamId: 'T2',
      employeeId: '105',
      reason: { code: 'as_saved' as const, text: 'joins' },
    });
    const whole = saved([planned(join, [rehire.key]), planned(rehire), planned(fire('2'))]);
    // The rehire arrived unanswered; the service placed 105 in T2 with it; fire 2 is still to do.
    const fresh = [planned(fire('2'))];
    const left = remainingOf(whole, { done: none, unconfirmed: new Set([rehire.key]) }, fresh);
    expect(left.map((p) => p.op.key)).toEqual(['fireEmployee:2']);
    expect(planDifferences(left, fresh)).toEqual([]);
    // An operation no longer needed that waited for nothing the apply did stays a change of the world.
    expect(
      remainingOf(whole, { done: none, unconfirmed: new Set(['fireEmployee:2']) }, [planned(rehire), planned(fire('2'))]).map(
        (p) => p.op.key,
      ),
    ).toEqual([join.key, rehire.key, 'fireEmployee:2']);
  });
});
