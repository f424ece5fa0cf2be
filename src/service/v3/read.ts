/**
 * Reading the whole organisation from v3: four lists, then the delegations of the units the plan needs.
 * v3 lists delegations per unit only, and the units outnumber every other read (6,000 lists for a
 * 100,000-employee company), so they wait for the workbook to say which units it needs, instead of
 * reading every unit while it is read.
 * v3 shows only active employees (fired ones answer 404 and are not listed) and only the effective
 * responsible employee of a unit, never its explicit owner.
 */
import { emptyOrganisation, type UnitKind } from '../../model/organisation.js';
import { ALL_DELEGATIONS, inDelegationScope, NO_DELEGATIONS, type CurrentState, type DelegationScope } from '../../model/service-state.js';
import type { ReadStateOptions } from '../adapter.js';
import { mapBounded } from '../bounded.js';
import type { HttpClient } from '../http/client.js';
import { listAll, listAllAs, type PageOptions } from '../http/pagination.js';
import { readLean } from '../http/lean-json.js';
import { V3 } from './paths.js';
import { delegationFromWire, departmentFromWire, employeeFromWire, records, teamFromWire, userFromWire } from './wire.js';

export async function readV3State(client: HttpClient, pages: PageOptions, options: ReadStateOptions = {}): Promise<CurrentState> {
  const { progress, delegations = Promise.resolve(ALL_DELEGATIONS) } = options;
  // A rejection means no plan follows.
  const scoped = delegations.catch((): DelegationScope => NO_DELEGATIONS);
  // Each page is turned into the model's records as it arrives (see listAllAs).
  const list = <T>(
    path: string,
    what: string,
    fromWire: (wire: Record<string, unknown>) => T | null,
    lean: Pick<PageOptions, 'readJsonBytes'> = {},
  ) =>
    listAllAs(client, path, { ...pages, ...lean, onPage: (read, total) => progress?.(read, total, what) }, (items) =>
      records(items).map(fromWire),
    );
  const [users, employees, departments, teams] = await Promise.all([
    list(V3.users, 'users', userFromWire),
    list(V3.employees, 'employees', employeeFromWire),
    list(V3.departments, 'departments', departmentFromWire),
    // Of a team's members only the ids are read (teamFromWire): each member's employee and user are not built.
    list(V3.teams, 'teams', teamFromWire, { readJsonBytes: (bytes) => readLean(bytes, 'employees') }),
  ]);

  const org = emptyOrganisation();
  for (const user of users) if (user) org.users.set(user.id, user);
  for (const employee of employees) if (employee) org.employees.set(employee.id, employee);
  for (const department of departments) if (department) org.departments.set(department.id, department);
  for (const read of teams) {
    if (!read) continue;
    org.teams.set(read.team.id, read.team);
    for (const memberId of read.memberIds) {
      const employee = org.employees.get(memberId);
      if (employee) employee.teamId = read.team.id;
    }
  }

  options.onLists?.({ org, firedEmployees: new Set() });

  const scope = await scoped;
  const units: { kind: UnitKind; id: string }[] = [
    ...[...org.departments.keys()].map((id) => ({ kind: 'department' as const, id })),
    ...[...org.teams.keys()].map((id) => ({ kind: 'team' as const, id })),
  ].filter((unit) => inDelegationScope(scope, unit.kind, unit.id));
  let unitsRead = 0;
  if (units.length > 0) progress?.(0, units.length, 'delegations');
  const perUnit = await mapBounded(units, pages.concurrency ?? client.concurrency, async (unit) => {
    // One unit's delegations are few: one page read each, not several in parallel.
    const items = await listAll(client, V3.delegations(unit.kind, unit.id), { ...pages, concurrency: 1 });
    progress?.(++unitsRead, units.length, 'delegations');
    return records(items).flatMap((wire) => delegationFromWire(wire, unit.kind, unit.id) ?? []);
  });
  org.delegations = perUnit.flat();

  return { org, firedEmployees: new Set() };
}
