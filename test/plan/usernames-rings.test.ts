/**
 * The username hand-over (src/plan/usernames.ts, graph.ts): a ring of username changes must
 * always be broken, whatever else the service holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Organisation } from '../../src/model/organisation.js';
import { levels } from '../../src/plan/graph.js';
import { buildPlan } from '../../src/plan/plan.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { propertyRuns } from '../helpers/property-runs.js';

function withUsernames(names: Record<string, string>): Organisation {
  const o = org({ departments: [['root', null, 'e1']], employees: Object.keys(names).map((u, i) => [`e${i + 1}`, u, null]) });
  for (const [id, username] of Object.entries(names)) o.users.set(id, { ...o.users.get(id)!, username });
  return o;
}

function planFor(current: Record<string, string>, desired: Record<string, string>) {
  return buildPlan({
    desired: withUsernames(desired),
    current: asCurrent(withUsernames(current)),
    managed: ALL_MANAGED,
    capabilities: V3_CAPABILITIES,
    reportedAbsences: new Map(),
    prune: false,
  });
}

describe('username rings when the service holds two usernames that differ only in case', () => {
  it('still breaks the swap between two people when a third person gives up the other spelling of the same name', () => {
    // The sandbox (exact comparison) lets "Bob" and "bob" be two users. u1 and u3 swap "Bob"/"carol";
    // u2 gives up "bob" at the same time. The planner keys names case-insensitively and remembers only
    // one holder per key, so it sees no ring and the graph has a cycle.
    const plan = planFor({ u1: 'Bob', u2: 'bob', u3: 'carol' }, { u1: 'carol', u2: 'dave', u3: 'Bob' });
    expect(() => levels(plan.operations)).not.toThrow();
    expect(plan.operations.map((p) => p.op.key)).toContain('updateUser:u1:temporary-username');
  });

  it('still breaks the swap when the two spellings differ in Unicode normalisation only', () => {
    const nfc = 'jos\u00e9';
    const nfd = 'jose\u0301';
    const plan = planFor({ u1: nfc, u2: nfd, u3: 'carol' }, { u1: 'carol', u2: 'dave', u3: nfc });
    expect(() => levels(plan.operations)).not.toThrow();
  });
});

/**
 * Runs a plan as the loader would: level by level, each op only after the ones it depends on succeeded;
 * `fails` says which ops the service refuses. Refuses (throws) a username someone else still holds.
 */
function run(state: Record<string, string>, planned: ReturnType<typeof planFor>['operations'], fails: (key: string) => boolean): void {
  const level = levels(planned);
  const done = new Set<string>();
  for (const p of [...planned].sort((a, b) => level.get(a.op.key)! - level.get(b.op.key)!)) {
    if (p.op.type !== 'updateUser' || !p.dependsOn.every((d) => done.has(d)) || fails(p.op.key)) continue;
    const { id } = p.op;
    const username = p.op.changes.username!.now;
    const holder = Object.entries(state).find(([other, name]) => other !== id && name === username);
    if (holder) throw new Error(`${p.op.key}: "${username}" is still held by ${holder[0]}`);
    state[id] = username;
    done.add(p.op.key);
  }
}

describe('usernames passed round in rings and chains, with failures and re-runs', () => {
  it('never plans a cycle, never takes a held name, and reaches the workbook after a clean re-run', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 6 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.shuffledSubarray(names, { minLength: n, maxLength: n }),
              fc.shuffledSubarray(names, { minLength: n, maxLength: n }),
            ),
          ),
        fc.func(fc.boolean()),
        ([n, before, after], failsFirstTime) => {
          const ids = Array.from({ length: n }, (_, i) => `u${i + 1}`);
          const current = Object.fromEntries(ids.map((id, i) => [id, before[i]!]));
          const desired = Object.fromEntries(ids.map((id, i) => [id, after[i]!]));
          const state = { ...current };
          run(state, planFor(state, desired).operations, (key) => failsFirstTime(key));
          run(state, planFor(state, desired).operations, () => false);
          expect(state).toEqual(desired);
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });
});
