import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/plan/plan.js';
import type { Organisation } from '../../src/model/organisation.js';
import { buildOrgChart, type ChartUnit } from '../../src/view/org-chart.js';
import { escapeHtml, renderPlanPage, scriptJson } from '../../src/view/plan-html.js';
import { buildReport } from '../../src/report/json.js';
import { ALL_MANAGED, V3_CAPABILITIES, asCurrent, org } from '../helpers/org.js';
import { reasonWording } from '../../src/view/reason-text.js';

function chartOf(desired: Organisation, current: Organisation) {
  const plan = buildPlan({
    desired,
    current: asCurrent(current),
    managed: ALL_MANAGED,
    capabilities: V3_CAPABILITIES,
    reportedAbsences: new Map(),
    prune: false,
  });
  return { plan, chart: buildOrgChart({ ...asCurrent(current), desired }, plan) };
}

function all(units: ChartUnit[]): ChartUnit[] {
  return units.flatMap((u) => [u, ...all(u.children)]);
}

describe('the org chart model', () => {
  it('follows two teams exchanging ids through a temporary id: each keeps its name and people', () => {
    const current = org({
      departments: [['root', null]],
      teams: [
        ['t1', 'root'],
        ['t2', 'root'],
      ],
      employees: [
        ['e1', 'u1', 't1'],
        ['e2', 'u2', 't2'],
      ],
    });
    current.teams.get('t1')!.name = 'Sales';
    current.teams.get('t2')!.name = 'Support';
    const desired = org({
      departments: [['root', null]],
      teams: [
        ['t2', 'root'],
        ['t1', 'root'],
      ],
      employees: [
        ['e1', 'u1', 't2'],
        ['e2', 'u2', 't1'],
      ],
    });
    Object.assign(desired.teams.get('t2')!, { name: 'Sales', previousId: 't1' });
    Object.assign(desired.teams.get('t1')!, { name: 'Support', previousId: 't2' });
    const { plan, chart } = chartOf(desired, current);
    expect(plan.operations.some((p) => p.op.key.includes('orgsync-moving-'))).toBe(true);
    const teams = all(chart.roots).filter((u) => u.kind === 'team');
    expect(teams.map((t) => [t.previousId, t.id, t.name, t.change, t.people.map((p) => `${p.employeeId}:${p.change}`)]).sort()).toEqual([
      ['t1', 't2', 'Sales', 'renamed', ['e1:unchanged']],
      ['t2', 't1', 'Support', 'renamed', ['e2:unchanged']],
    ]);
  });

  it('counts heads per unit before and after, departments counting every team below them', () => {
    const current = org({
      departments: [
        ['root', null],
        ['d', 'root'],
      ],
      teams: [
        ['a', 'd'],
        ['b', 'root'],
      ],
      employees: [
        ['e1', 'u1', 'a'],
        ['e2', 'u2', 'a'],
        ['e3', 'u3', 'b'],
      ],
    });
    const desired = org({
      departments: [
        ['root', null],
        ['d', 'root'],
      ],
      teams: [
        ['a', 'd'],
        ['b', 'root'],
      ],
      employees: [
        ['e1', 'u1', 'a'],
        ['e2', 'u2', 'b'],
        ['e3', 'u3', 'b'],
        ['e4', 'u4', 'a'],
      ],
    });
    const units = Object.fromEntries(all(chartOf(desired, current).chart.roots).map((u) => [u.id, [u.headcountBefore, u.headcountAfter]]));
    expect(units).toEqual({ root: [3, 4], d: [2, 2], a: [2, 2], b: [1, 2] });
  });
});

describe('the page', () => {
  it('escapes every text from the workbook and keeps the embedded JSON inside its script element', () => {
    const current = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['e1', 'u1', 't1']] });
    const desired = org({ departments: [['root', null]], teams: [['t1', 'root']], employees: [['e1', 'u1', 't1']] });
    desired.teams.get('t1')!.name = '<img src=x onerror=alert(1)></script>';
    const { plan, chart } = chartOf(desired, current);
    const html = renderPlanPage({
      chart,
      report: buildReport({ exitCode: 0, issues: [], planned: plan }, reasonWording),
      kind: 'plan',
      title: 'a"b',
    });
    expect(html).not.toContain('<img');
    expect(html).toContain(escapeHtml('<img src=x onerror=alert(1)></script>'));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(JSON.parse(scriptJson({ name: '</script><!--' }))).toEqual({ name: '</script><!--' });
  });
});
