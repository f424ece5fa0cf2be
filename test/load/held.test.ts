/** Held removals, and what waits for them, are not executed: reported skipped, naming the held removal. */
import { describe, expect, it } from 'vitest';
import { withoutHeld } from '../../src/load/held.js';
import { operation } from '../../src/model/operations.js';

const fire = operation({ type: 'fireEmployee', id: '121', reason: { code: 'as_saved' as const, text: 'pruned' }, pruned: true });
const deleteTeam = operation({ type: 'deleteTeam', id: 'T9', reason: { code: 'as_saved' as const, text: 'pruned' }, pruned: true });
const create = operation({
  type: 'createTeam',
  id: 'T9b',
  name: 'New',
  departmentId: 'A',
  reason: { code: 'as_saved' as const, text: 'new' },
});
const after = operation({
  type: 'updateTeam',
  id: 'T9b',
  changes: { name: { now: 'Newer' } },
  reason: { code: 'as_saved' as const, text: 'renamed' },
});
const other = operation({
  type: 'updateTeam',
  id: 'T1',
  changes: { name: { now: 'One' } },
  reason: { code: 'as_saved' as const, text: 'renamed' },
});

describe('withoutHeld', () => {
  it('runs everything else and skips the held removals and, transitively, what waits for them', () => {
    const { runnable, held } = withoutHeld(
      [
        { op: fire, dependsOn: [] },
        { op: deleteTeam, dependsOn: [] },
        { op: create, dependsOn: [deleteTeam.key] },
        { op: after, dependsOn: [create.key] },
        { op: other, dependsOn: [] },
      ],
      [fire.key, deleteTeam.key],
    );
    expect(runnable.map((p) => p.op.key)).toEqual([other.key]);
    expect(held.map((o) => [o.op.key, o.status, o.blockedBy ?? null, o.message])).toEqual([
      [fire.key, 'skipped', null, 'held for approval'],
      [deleteTeam.key, 'skipped', null, 'held for approval'],
      [create.key, 'skipped', deleteTeam.key, `skipped (waits for ${deleteTeam.key}, held for approval)`],
      [after.key, 'skipped', deleteTeam.key, `skipped (waits for ${deleteTeam.key}, held for approval)`],
    ]);
  });

  it('runs the whole plan when nothing is held', () => {
    expect(withoutHeld([{ op: other, dependsOn: [] }], undefined)).toEqual({ runnable: [{ op: other, dependsOn: [] }], held: [] });
  });
});
