/** Small builders for canonical organisations in tests. */
import { emptyOrganisation, type Organisation } from '../../src/model/organisation.js';
import type { CurrentState } from '../../src/model/service-state.js';
import { buildPlan } from '../../src/plan/plan.js';

export interface OrgSpec {
  users?: [id: string, name?: string][];
  /** [employeeId, userId, teamId | null] */
  employees?: [id: string, userId: string, teamId: string | null, status?: 'active' | 'fired'][];
  /** [id, parentId | null, owner?] */
  departments?: [id: string, parentId: string | null, owner?: string | null][];
  /** [id, departmentId, owner?] */
  teams?: [id: string, departmentId: string, owner?: string | null][];
}

export function org(spec: OrgSpec): Organisation {
  const o = emptyOrganisation();
  for (const [id, name] of spec.users ?? []) {
    o.users.set(id, { id, name: name ?? `Person ${id}`, email: `${id}@example.dk`, username: `${id}@example.dk` });
  }
  for (const [id, userId, teamId, status] of spec.employees ?? []) {
    if (!o.users.has(userId))
      o.users.set(userId, { id: userId, name: `Person ${userId}`, email: `${userId}@example.dk`, username: `${userId}@example.dk` });
    o.employees.set(id, { id, userId, teamId, status: status ?? 'active', employment: null });
  }
  for (const [id, parentId, owner] of spec.departments ?? []) {
    o.departments.set(id, { id, name: `Dept ${id}`, parentId, owner: owner ?? null });
  }
  for (const [id, departmentId, owner] of spec.teams ?? []) {
    o.teams.set(id, { id, name: `Team ${id}`, departmentId, owner: owner ?? null });
  }
  return o;
}

/** The same organisation as a v3 service would show it: effective responsible, no explicit owner. */
export function asCurrent(o: Organisation): CurrentState {
  const copy = org({});
  for (const [k, v] of o.users) copy.users.set(k, { ...v });
  for (const [k, v] of o.employees) if (v.status === 'active') copy.employees.set(k, { ...v });
  const responsibleOf = (deptId: string | null): string | null => {
    if (deptId === null) return null;
    const d = o.departments.get(deptId);
    return d ? (d.owner ?? responsibleOf(d.parentId)) : null;
  };
  for (const [k, v] of o.departments) {
    const { owner: _owner, ...rest } = v;
    copy.departments.set(k, { ...rest, responsible: responsibleOf(k) });
  }
  for (const [k, v] of o.teams) {
    const { owner: _owner, ...rest } = v;
    copy.teams.set(k, { ...rest, responsible: v.owner ?? responsibleOf(v.departmentId) });
  }
  copy.delegations = o.delegations.map((d, i) => ({ ...d, serviceId: String(i + 1) }));
  return { org: copy, firedEmployees: new Set() };
}

export const ALL_MANAGED = { employees: true, organisation: true, absence: true, delegations: true };
export const V3_CAPABILITIES = { delegations: true, systemLanguage: true, absenceList: false, separateUsers: true, rehireWindowDays: null };

/** The plan of a workbook against a v3 service, every kind managed, nothing pruned. */
export function planOf(desired: Organisation, current: Organisation) {
  return buildPlan({
    desired,
    current: asCurrent(current),
    managed: ALL_MANAGED,
    capabilities: V3_CAPABILITIES,
    reportedAbsences: new Map(),
    prune: false,
  });
}
