/** Id changes in order: chains, exchanges and rings, an exchange already done, a run stopped half-way. */
import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/plan/plan.js';
import { levels } from '../../src/plan/graph.js';
import { orderRenames, temporaryId, type RenameRequest } from '../../src/plan/renames.js';
import type { DiffNote } from '../../src/plan/diff-common.js';
import type { Organisation } from '../../src/model/organisation.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { noteText } from '../../src/view/reason-text.js';

const request = (from: string, to: string, identity: string | null = null): RenameRequest => ({ from, to, identity });

function plan(desired: Organisation, current: Organisation) {
  return buildPlan({
    desired,
    managed: ALL_MANAGED,
    current: asCurrent(current),
    capabilities: V3_CAPABILITIES,
    reportedAbsences: new Map(),
    prune: false,
  });
}

/** The renames of a plan in an order its dependencies allow. */
function renameOrder(p: ReturnType<typeof plan>): string[] {
  const level = levels(p.operations);
  return p.operations
    .filter((o) => o.op.type === 'renameEmployee')
    .sort((a, b) => level.get(a.op.key)! - level.get(b.op.key)!)
    .map((o) => o.op.key.replace('renameEmployee:', ''));
}

describe('orderRenames', () => {
  it('renames a chain without a temporary id: the id given up is taken after', () => {
    const held = new Set(['A', 'B']);
    const { steps } = orderRenames(
      [request('A', 'B', 'x'), request('B', 'C', 'y')],
      (id) => held.has(id),
      () => null,
      'employee',
      [],
    );
    expect(steps.map((s) => `${s.fromId}->${s.id}`).sort()).toEqual(['A->B', 'B->C']);
  });

  it('moves the first of a ring to a temporary id, which takes its new id last', () => {
    const held = new Set(['A', 'B', 'C']);
    const identity: Record<string, string> = { A: 'a', B: 'b', C: 'c' };
    const { steps, mapping } = orderRenames(
      [request('A', 'B', 'a'), request('B', 'C', 'b'), request('C', 'A', 'c')],
      (id) => held.has(id),
      (id) => identity[id] ?? null,
      'team',
      [],
    );
    expect(steps).toContainEqual({ fromId: 'A', id: temporaryId('A'), temporary: 'first' });
    expect(steps).toContainEqual({ fromId: temporaryId('A'), id: 'B', temporary: 'last' });
    expect(
      steps
        .filter((s) => !s.temporary)
        .map((s) => `${s.fromId}->${s.id}`)
        .sort(),
    ).toEqual(['B->C', 'C->A']);
    expect(Object.fromEntries(mapping)).toEqual({ A: 'B', B: 'C', C: 'A' });
  });

  it('does nothing for an exchange the service already shows done', () => {
    // After the exchange, B holds what the row for B is (a), A holds b.
    const identity: Record<string, string> = { A: 'b', B: 'a' };
    const notes: DiffNote[] = [];
    const { steps } = orderRenames(
      [request('A', 'B', 'a'), request('B', 'A', 'b')],
      () => true,
      (id) => identity[id] ?? null,
      'employee',
      notes,
    );
    expect(steps).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('exchanges nothing, and says so, when the service cannot tell the two apart', () => {
    const notes: DiffNote[] = [];
    const { steps } = orderRenames(
      [request('A', 'B', 'same'), request('B', 'A', 'same')],
      () => true,
      () => 'same',
      'team',
      notes,
    );
    expect(steps).toEqual([]);
    expect(notes[0] && noteText(notes[0].reason)).toContain('Team A and B exchange ids');
  });

  it('keeps a rename to an id that is held and not given up out, with a note', () => {
    const notes: DiffNote[] = [];
    const { steps } = orderRenames(
      [request('A', 'B')],
      () => true,
      () => null,
      'department',
      notes,
    );
    expect(steps).toEqual([]);
    expect(notes[0] && noteText(notes[0].reason)).toBe('Department B already exists, so A is not renamed to it; A is left as it is.');
  });
});

describe('the plan of two employees exchanging ids', () => {
  const current = org({
    departments: [['root', null, 'E0']],
    teams: [['T1', 'root']],
    employees: [
      ['E0', 'E0', 'T1'],
      ['E1', 'ann', 'T1'],
      ['E2', 'bob', 'T1'],
    ],
  });

  it('goes through a temporary id, in an order without a cycle', () => {
    const desired = org({
      departments: [['root', null, 'E0']],
      teams: [['T1', 'root']],
      employees: [
        ['E0', 'E0', 'T1'],
        ['E2', 'ann', 'T1'],
        ['E1', 'bob', 'T1'],
      ],
    });
    desired.employees.get('E2')!.previousId = 'E1';
    desired.employees.get('E1')!.previousId = 'E2';
    const p = plan(desired, current);
    expect(renameOrder(p)).toEqual([`E1->${temporaryId('E1')}`, 'E2->E1', `${temporaryId('E1')}->E2`]);
    expect(p.operations.map((o) => o.op.type).filter((t) => t !== 'renameEmployee')).toEqual([]);
  });

  it('finishes from the temporary id after a run that stopped half-way', () => {
    const halfway = org({
      departments: [['root', null, 'E0']],
      teams: [['T1', 'root']],
      employees: [
        ['E0', 'E0', 'T1'],
        [temporaryId('E1'), 'ann', 'T1'],
        ['E2', 'bob', 'T1'],
      ],
    });
    const desired = org({
      departments: [['root', null, 'E0']],
      teams: [['T1', 'root']],
      employees: [
        ['E0', 'E0', 'T1'],
        ['E2', 'ann', 'T1'],
        ['E1', 'bob', 'T1'],
      ],
    });
    desired.employees.get('E2')!.previousId = 'E1';
    desired.employees.get('E1')!.previousId = 'E2';
    expect(renameOrder(plan(desired, halfway))).toEqual(['E2->E1', `${temporaryId('E1')}->E2`]);
  });
});
