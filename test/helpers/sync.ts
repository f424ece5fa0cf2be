/** Runs the real stages in-process against a sandbox over loopback HTTP: read, plan, apply. */
import { executePlan } from '../../src/load/executor.js';
import type { Organisation } from '../../src/model/organisation.js';
import { buildPlan, type Plan } from '../../src/plan/plan.js';
import type { ServiceAdapter } from '../../src/service/adapter.js';
import { createAdapter } from '../../src/service/connect.js';
import type { RunningSandbox, SandboxSnapshot } from '../../src/sandbox/index.js';
import type { Managed } from '../../src/validate/types.js';

export const ALL: Managed = { employees: true, organisation: true, absence: true, delegations: true };

export function adapterFor(sandbox: RunningSandbox, api: 'v3' | 'v2' = 'v3', concurrency = 8): ServiceAdapter {
  return createAdapter({
    api,
    baseUrl: sandbox.baseUrl,
    companyId: String(sandbox.companyId),
    accessToken: sandbox.accessToken,
    concurrency,
  });
}

export async function planAgainst(
  adapter: ServiceAdapter,
  desired: Organisation,
  options: { prune?: boolean; managed?: Managed; reported?: Map<string, string | null> } = {},
): Promise<Plan> {
  const current = await adapter.readCurrentState();
  return buildPlan({
    desired,
    managed: options.managed ?? ALL,
    current,
    capabilities: adapter.capabilities,
    reportedAbsences: options.reported ?? new Map(),
    prune: options.prune ?? false,
  });
}

export async function sync(
  adapter: ServiceAdapter,
  desired: Organisation,
  options: { prune?: boolean; managed?: Managed; concurrency?: number } = {},
) {
  const plan = await planAgainst(adapter, desired, options);
  const result = await executePlan(plan.operations, { adapter, concurrency: options.concurrency ?? 8 });
  return { plan, result };
}

/** The organisation as the sandbox holds it, in the shape tests compare: effective owners, memberships. */
export function shapeOfSnapshot(s: SandboxSnapshot) {
  return {
    departments: s.departments.map((d) => ({ id: d.id, name: d.name, parentId: d.parentId })).sort(byId),
    teams: s.teams.map((t) => ({ id: t.id, name: t.name, departmentId: t.departmentId })).sort(byId),
    activeEmployees: s.employees
      .filter((e) => e.active)
      .map((e) => ({ id: e.id, userId: e.userId, teamId: e.teamId }))
      .sort(byId),
  };
}

export function shapeOfOrganisation(o: Organisation) {
  return {
    departments: [...o.departments.values()].map((d) => ({ id: d.id, name: d.name, parentId: d.parentId })).sort(byId),
    teams: [...o.teams.values()].map((t) => ({ id: t.id, name: t.name, departmentId: t.departmentId })).sort(byId),
    activeEmployees: [...o.employees.values()]
      .filter((e) => e.status === 'active')
      .map((e) => ({ id: e.id, userId: e.userId, teamId: e.teamId ?? null }))
      .sort(byId),
  };
}

function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Effective responsible employee per unit in a snapshot (explicit owner, else closest up the tree). */
export function effectiveOwners(s: SandboxSnapshot): Record<string, string | null> {
  const depts = new Map(s.departments.map((d) => [d.id, d]));
  const of = (id: string | null): string | null => {
    if (id === null) return null;
    const d = depts.get(id);
    return d ? (d.owner ?? of(d.parentId)) : null;
  };
  const result: Record<string, string | null> = {};
  for (const d of s.departments) result[d.id] = of(d.id);
  for (const t of s.teams) result[`team:${t.id}`] = t.owner ?? of(t.departmentId);
  return result;
}
