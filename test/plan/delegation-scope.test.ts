import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Delegation, Organisation } from '../../src/model/organisation.js';
import { delegationScope } from '../../src/plan/delegation-scope.js';
import { buildPlan } from '../../src/plan/plan.js';
import { inDelegationScope, type CurrentState } from '../../src/model/service-state.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { propertyRuns } from '../helpers/property-runs.js';

function planKeys(desired: Organisation, current: CurrentState, prune: boolean): string[] {
  const plan = buildPlan({ desired, current, managed: ALL_MANAGED, capabilities: V3_CAPABILITIES, reportedAbsences: new Map(), prune });
  return plan.operations.map((p) => p.op.key).sort();
}

/** The current state as a reader that skipped the units outside the scope sees it. */
function readWithin(current: CurrentState, desired: Organisation, prune: boolean): CurrentState {
  const scope = delegationScope(desired, ALL_MANAGED, prune);
  return {
    ...current,
    org: { ...current.org, delegations: current.org.delegations.filter((d) => inDelegationScope(scope, d.unitKind, d.unitId)) },
  };
}

const UNITS = ['root', 'd1', 'd2', 't1', 't2', 'x1', 'x2'];
const isTeam = (id: string) => id.startsWith('t') || id === 'x2';
const delegation = fc.record({
  unitId: fc.constantFrom(...UNITS),
  responsibility: fc.constantFrom('configuration', 'dialog_access_cv'),
  employeeId: fc.constantFrom('e1', 'e2'),
});

/** A service with departments d1, d2 and teams t1, t2; the workbook may rename d2 → x1 and t2 → x2. */
function organisations(current: Delegation[], desired: Delegation[], renames: boolean) {
  const spec = {
    departments: [
      ['root', null, 'e1'],
      ['d1', 'root'],
      ['d2', 'root'],
    ] as [string, string | null, string?][],
    teams: [
      ['t1', 'd1'],
      ['t2', 'd2'],
    ] as [string, string][],
    employees: [
      ['e1', 'u1', 't1'],
      ['e2', 'u2', 't2'],
    ] as [string, string, string | null][],
  };
  const now = org(spec);
  now.delegations = current.filter((d) => !d.unitId.startsWith('x'));
  const wanted = org(spec);
  if (renames) {
    wanted.departments.delete('d2');
    wanted.departments.set('x1', { id: 'x1', name: 'Dept d2', parentId: 'root', owner: null, previousId: 'd2' });
    wanted.teams.delete('t2');
    wanted.teams.set('x2', { id: 'x2', name: 'Team t2', departmentId: 'x1', owner: null, previousId: 't2' });
    for (const e of wanted.employees.values()) if (e.teamId === 't2') e.teamId = 'x2';
  }
  const exists = (id: string) => wanted.departments.has(id) || wanted.teams.has(id);
  wanted.delegations = desired.filter((d) => exists(d.unitId));
  return { now: asCurrent(now), wanted };
}

const withKind = (d: { unitId: string; responsibility: string; employeeId: string }): Delegation => ({
  ...d,
  unitKind: isTeam(d.unitId) ? 'team' : 'department',
});

describe('reading only the delegations the plan needs', () => {
  it('gives the same plan as reading every unit, renames and --prune included', () => {
    fc.assert(
      fc.property(
        fc.array(delegation, { maxLength: 8 }),
        fc.array(delegation, { maxLength: 8 }),
        fc.boolean(),
        fc.boolean(),
        (current, desired, renames, prune) => {
          const { now, wanted } = organisations(current.map(withKind), desired.map(withKind), renames);
          expect(planKeys(wanted, readWithin(now, wanted, prune), prune)).toEqual(planKeys(wanted, now, prune));
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  it('needs no unit when the workbook has no delegations sheet, and every unit with --prune', () => {
    const desired = org({ departments: [['root', null]] });
    desired.delegations = [{ unitKind: 'department', unitId: 'root', responsibility: 'configuration', employeeId: 'e1' }];
    expect(delegationScope(desired, { ...ALL_MANAGED, delegations: false }, true)).toEqual({ all: false, units: new Set() });
    expect(delegationScope(desired, ALL_MANAGED, true)).toEqual({ all: true });
    expect(delegationScope(desired, ALL_MANAGED, false)).toEqual({ all: false, units: new Set(['department:root']) });
  });
});
