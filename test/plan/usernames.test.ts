import { describe, expect, it } from 'vitest';
import type { Organisation } from '../../src/model/organisation.js';
import { levels } from '../../src/plan/graph.js';
import { buildPlan } from '../../src/plan/plan.js';
import type { Capabilities } from '../../src/model/service-state.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';

function withUsernames(names: Record<string, string>): Organisation {
  const o = org({ departments: [['root', null, 'e1']], employees: Object.keys(names).map((u, i) => [`e${i + 1}`, u, null]) });
  for (const [id, username] of Object.entries(names)) o.users.set(id, { ...o.users.get(id)!, username });
  return o;
}

const V2_CAPABILITIES = { ...V3_CAPABILITIES, delegations: false, systemLanguage: false, separateUsers: false, rehireWindowDays: 14 };

function plan(current: Record<string, string>, desired: Record<string, string>, capabilities: Capabilities = V3_CAPABILITIES) {
  const p = buildPlan({
    desired: withUsernames(desired),
    current: asCurrent(withUsernames(current)),
    managed: ALL_MANAGED,
    capabilities,
    reportedAbsences: new Map(),
    prune: false,
  });
  const level = levels(p.operations); // throws on a dependency cycle
  return p.operations.map((o) => ({
    key: o.op.key,
    username: o.op.type === 'updateUser' ? o.op.changes.username?.now : undefined,
    level: level.get(o.op.key),
  }));
}

/** Applies the updates level by level, as the loader would, refusing a username someone else holds. */
function replay(current: Record<string, string>, steps: ReturnType<typeof plan>): Record<string, string> {
  const state = { ...current };
  for (const step of [...steps].sort((a, b) => a.level! - b.level!)) {
    const id = step.key.split(':')[1]!;
    const holder = Object.entries(state).find(([other, name]) => other !== id && name === step.username);
    if (holder) throw new Error(`${step.key}: "${step.username}" is still held by ${holder[0]}`);
    state[id] = step.username!;
  }
  return state;
}

describe('changing usernames that others hold', () => {
  it('lets two people swap usernames in one run, through a temporary username', () => {
    const current = { u1: 'ann', u2: 'bo' };
    const steps = plan(current, { u1: 'bo', u2: 'ann' });
    expect(steps.map((s) => s.key).sort()).toEqual(['updateUser:u1', 'updateUser:u1:temporary-username', 'updateUser:u2']);
    expect(replay(current, steps)).toEqual({ u1: 'bo', u2: 'ann' });
  });

  it('passes usernames round a ring of three', () => {
    const current = { u1: 'a', u2: 'b', u3: 'c' };
    const steps = plan(current, { u1: 'b', u2: 'c', u3: 'a' });
    expect(steps).toHaveLength(4);
    expect(replay(current, steps)).toEqual({ u1: 'b', u2: 'c', u3: 'a' });
  });

  it('takes a username only after its holder has moved on, without a temporary one in a chain', () => {
    const current = { u1: 'a', u2: 'b', u3: 'c' };
    const steps = plan(current, { u1: 'b', u2: 'c', u3: 'd' });
    expect(steps).toHaveLength(3);
    expect(replay(current, steps)).toEqual({ u1: 'b', u2: 'c', u3: 'd' });
  });

  it('changes the case of a username in one step', () => {
    expect(plan({ u1: 'Ann', u2: 'bo' }, { u1: 'ann', u2: 'bo' }).map((s) => s.key)).toEqual(['updateUser:u1']);
  });

  it('treats usernames that differ only in case as the same name', () => {
    const current = { u1: 'Ann', u2: 'bo' };
    const steps = plan(current, { u1: 'bo', u2: 'ann' });
    expect(steps.map((s) => s.key)).toContain('updateUser:u1:temporary-username');
  });

  it('leaves the order to the service on v2, where each employment carries the username: the plan has no cycle', () => {
    const steps = plan({ u1: 'ann', u2: 'bo' }, { u1: 'bo', u2: 'ann' }, V2_CAPABILITIES);
    expect(steps.map((s) => s.key).sort()).toEqual(['updateUser:u1', 'updateUser:u2']);
  });
});
