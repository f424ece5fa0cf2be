import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/plan/plan.js';
import type { Organisation } from '../../src/model/organisation.js';
import { renderPlan } from '../../src/view/plan-text.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { noteText } from '../../src/view/reason-text.js';
import { planConsequences } from '../../src/plan/consequences.js';
import { operation } from '../../src/model/operations.js';

function consequences(
  desired: Organisation,
  current: Organisation,
  extra: { prune?: boolean; reported?: Map<string, string | null> } = {},
) {
  const plan = buildPlan({
    desired,
    current: asCurrent(current),
    managed: ALL_MANAGED,
    capabilities: V3_CAPABILITIES,
    reportedAbsences: extra.reported ?? new Map(),
    prune: extra.prune ?? false,
    maxDeletions: 100,
  });
  return { plan, messages: plan.notes.filter((n) => n.kind === 'consequence').map((n) => noteText(n.reason)) };
}

const BASE = {
  departments: [
    ['root', null, 'e0'],
    ['sales', 'root', 'e1'],
  ] as [string, string | null, string?][],
  teams: [
    ['t1', 'sales'],
    ['t2', 'sales'],
  ] as [string, string][],
  employees: [
    ['e0', 'u0', null],
    ['e1', 'u1', 't1'],
    ['e2', 'u2', 't1'],
    ['e3', 'u3', 't2'],
  ] as [string, string, string | null][],
};

describe('consequences stated before they happen', () => {
  it('says that deleting a team makes its dialog data inaccessible to its leader', () => {
    const current = org(BASE);
    const desired = org({
      ...BASE,
      teams: [['t1', 'sales']],
      employees: [
        ['e0', 'u0', null],
        ['e1', 'u1', 't1'],
        ['e2', 'u2', 't1'],
        ['e3', 'u3', 't1'],
      ],
    });
    const { messages } = consequences(desired, current, { prune: true });
    expect(messages).toContainEqual(
      expect.stringMatching(/^Team t2 "Team t2" is deleted: its dialog data becomes inaccessible to its leader, employee e1 \(Person u1\)/),
    );
  });

  it('says that a sick employee who leaves every team will have their sickness reports refused', () => {
    const current = org(BASE);
    const desired = org({
      ...BASE,
      employees: [
        ['e0', 'u0', null],
        ['e1', 'u1', 't1'],
        ['e2', 'u2', null],
        ['e3', 'u3', 't2'],
      ],
    });
    const { messages } = consequences(desired, current, {
      reported: new Map([
        ['e2|2026-03-02', null],
        ['e3|2026-01-05', null],
      ]),
    });
    const sick = messages.filter((m) => m.includes('open absence'));
    expect(sick).toEqual([
      expect.stringMatching(
        /^Employee e2 \(Person u2\) is sick \(open absence since 2026-03-02\) and leaves every team: the service reports sick only an employee in a team/,
      ),
    ]);
  });

  it('names who becomes responsible by inheritance when a unit loses its owner', () => {
    const current = org(BASE);
    const desired = org({
      ...BASE,
      departments: [
        ['root', null, 'e0'],
        ['sales', 'root', null],
      ],
    });
    const { messages } = consequences(desired, current);
    expect(messages).toContainEqual(
      'Department sales "Dept sales" loses its owner, employee e1 (Person u1): employee e0 (Person u0) becomes responsible by inheritance from department root.',
    );
  });

  it('names who becomes responsible for new units without a leader of their own (exports.md)', () => {
    const current = org(BASE);
    const desired = org({
      ...BASE,
      departments: [...BASE.departments, ['north', 'sales', 'e2'], ['south', 'sales', null]],
      teams: [...BASE.teams, ['t3', 'north'], ['t4', 'south']],
    });
    const { messages } = consequences(desired, current);
    expect(messages).toContainEqual(
      '3 new unit(s) have no leader of their own and inherit the responsible employee from above: department south → employee e1 (Person u1); team t3 → employee e2 (Person u2); team t4 → employee e1 (Person u1).',
    );
  });

  it('says a team is left without members, and that the top department owner changes', () => {
    const current = org(BASE);
    const desired = org({
      ...BASE,
      departments: [
        ['root', null, 'e1'],
        ['sales', 'root', 'e1'],
      ],
      employees: [
        ['e0', 'u0', null],
        ['e1', 'u1', 't1'],
        ['e2', 'u2', 't1'],
        ['e3', 'u3', 't1'],
      ],
    });
    const { messages } = consequences(desired, current);
    expect(messages).toContainEqual('Team t2 "Team t2" is left without members (it had 1).');
    expect(messages).toContainEqual(
      expect.stringMatching(/^The owner of the top department changes from employee e0 \(Person u0\) to employee e1 \(Person u1\)/),
    );
  });

  it('says the top department owner leaves and who takes over, not that the service refuses, when the plan gives it a new owner', () => {
    const current = org(BASE);
    const leaves = org({
      ...BASE,
      departments: [
        ['root', null, 'e1'],
        ['sales', 'root', 'e1'],
      ],
      employees: [
        ['e0', 'u0', null, 'fired'],
        ['e1', 'u1', 't1'],
        ['e2', 'u2', 't1'],
        ['e3', 'u3', 't2'],
      ],
    });
    const { plan, messages } = consequences(leaves, current);
    // The new owner is set before the old one is fired: the order the service takes.
    const fire = plan.operations.find((p) => p.op.key === 'fireEmployee:e0');
    expect(fire?.dependsOn).toContain('updateDepartment:root');
    expect(messages.filter((m) => m.includes('top department'))).toEqual([
      expect.stringMatching(
        /^The owner of the top department, employee e0 \(Person u0\), leaves; employee e1 \(Person u1\) becomes its owner first/,
      ),
    ]);
    const unreplaced = org({
      ...BASE,
      employees: [
        ['e0', 'u0', null, 'fired'],
        ['e1', 'u1', 't1'],
        ['e2', 'u2', 't1'],
        ['e3', 'u3', 't2'],
      ],
    });
    expect(consequences(unreplaced, current).messages).toContainEqual(
      expect.stringMatching(/^The owner of the top department, employee e0 \(Person u0\), is fired: the service refuses/),
    );
  });

  it('follows renamed units and people: a renamed team keeping its members is no consequence', () => {
    const current = org(BASE);
    const desired = org({
      ...BASE,
      teams: [
        ['t1', 'sales'],
        ['t9', 'sales'],
      ],
      employees: [
        ['e0', 'u0', null],
        ['e1', 'u1', 't1'],
        ['e2', 'u2', 't1'],
        ['e3', 'u3', 't9'],
      ],
    });
    desired.teams.get('t9')!.previousId = 't2';
    desired.teams.get('t9')!.name = 'Team t2';
    const { plan, messages } = consequences(desired, current);
    expect(plan.operations.map((p) => p.op.key)).toEqual(['renameTeam:t2->t9']);
    expect(messages).toEqual([]);
  });

  it('shows consequences as warnings in the terminal plan', () => {
    const current = org(BASE);
    const desired = org({
      ...BASE,
      departments: [
        ['root', null, 'e0'],
        ['sales', 'root', null],
      ],
    });
    const { plan } = consequences(desired, current);
    expect(renderPlan(plan)).toContainEqual(expect.stringMatching(/^Warning: Department sales "Dept sales" loses its owner/));
  });
  it('says the same with nothing to do as a plan whose operations change nothing would: a sick leaver still in a team, a unit shown without its owner', () => {
    // The service as the ledgers complete it: e2 was fired while sick and the service still shows them in t1.
    const current = org({
      ...BASE,
      employees: [
        ['e0', 'u0', null],
        ['e1', 'u1', 't1'],
        ['e2', 'u2', 't1', 'fired'],
        ['e3', 'u3', 't2'],
      ],
    });
    current.teams.get('t2')!.owner = undefined;
    current.teams.get('t2')!.responsible = 'e3';
    const input = {
      org: current,
      firedEmployees: new Set<string>(),
      desired: current,
      reportedAbsences: new Map([['e2|2026-03-02', null]]),
    };
    const nothing = planConsequences(input, []);
    // An update of a user the organisation lacks: the general path, changing nothing.
    const noEffect = operation({ type: 'updateUser', id: 'nobody', changes: {}, reason: { code: 'fields_changed', changes: [] } });
    expect(nothing).toEqual(planConsequences(input, [noEffect]));
    expect(nothing.map((n) => noteText(n.reason))).toContainEqual(expect.stringMatching(/^Employee e2 \(Person u2\) is sick/));
  });
});
