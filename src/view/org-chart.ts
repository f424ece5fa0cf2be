/**
 * The org chart of a plan: the department tree with teams as leaves, before and after, as one tree of
 * units, each with what the plan does to it and to its people. A pure function of the current state, the
 * workbook and the plan; plan-html.ts turns it into a page.
 */
import type { Organisation } from '../model/organisation.js';
import type { Operation } from '../model/operations.js';
import type { Plan } from '../plan/plan.js';
import { inOrder, isTemporaryId, organisationAfter, renameChains, withShownOwners, type Before } from '../plan/after.js';
import { effectiveResponsible } from '../plan/responsible.js';
import { noteText } from './reason-text.js';

export const UNIT_CHANGES = ['added', 'removed', 'moved', 'renamed', 'changed', 'unchanged'] as const;
export type UnitChange = (typeof UNIT_CHANGES)[number];
/** In order of precedence: a person's element shows the first that applies. */
export const PERSON_CHANGES = ['hired', 'fired', 'rehired', 'left', 'joined', 'renamed', 'changed', 'absence', 'unchanged'] as const;
export type PersonChange = (typeof PERSON_CHANGES)[number];

export interface PersonRef {
  employeeId: string;
  name: string | null;
}

export interface ChartPerson {
  employeeId: string;
  /** The id before the plan, when it changes. */
  previousId?: string;
  name: string;
  email: string;
  /** The one change this element shows (the first of PERSON_CHANGES that applies here). */
  change: PersonChange;
  /** Every change of this person in this place. */
  changes: PersonChange[];
  /** Team ids (after renames) before and after the plan; null: in no team. */
  teamBefore: string | null;
  teamAfter: string | null;
  absences: { startDate: string; endDate: string | null }[];
  operationKeys: string[];
}

export interface ChartUnit {
  kind: 'department' | 'team';
  /** The id after the plan (a removed unit: its id before). */
  id: string;
  previousId?: string;
  change: UnitChange;
  changes: UnitChange[];
  name: string;
  nameBefore?: string;
  /** Parent department ids (after renames); null: the top, or not there. */
  parentBefore: string | null;
  parentAfter: string | null;
  ownerBefore: PersonRef | null;
  ownerAfter: PersonRef | null;
  responsibleBefore: PersonRef | null;
  responsibleAfter: PersonRef | null;
  headcountBefore: number;
  headcountAfter: number;
  children: ChartUnit[];
  people: ChartPerson[];
  operationKeys: string[];
  /** Consequence notes about this unit. */
  notes: string[];
}

export interface OrgChart {
  roots: ChartUnit[];
  /** People in no team before or after (the managers of departments, say). */
  noTeam: ChartPerson[];
  /** Consequence notes about a person, by employee id (after). */
  personNotes: Map<string, string[]>;
}

export interface ChartInput extends Before {
  desired: Organisation;
}

const UNIT_CHANGE_OF: Partial<Record<Operation['type'], UnitChange>> = {
  createDepartment: 'added',
  createTeam: 'added',
  deleteDepartment: 'removed',
  deleteTeam: 'removed',
  moveDepartment: 'moved',
  moveTeam: 'moved',
  renameDepartment: 'renamed',
  renameTeam: 'renamed',
  updateDepartment: 'changed',
  updateTeam: 'changed',
};

/** Adds to a list kept in a map. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function first<T extends string>(order: readonly T[], present: ReadonlySet<T>, fallback: T): T {
  return order.find((c) => present.has(c)) ?? fallback;
}

export function buildOrgChart(input: ChartInput, plan: Pick<Plan, 'operations' | 'notes'>): OrgChart {
  const ops = inOrder(plan.operations);
  const before = withShownOwners(input.org);
  const after = organisationAfter({ org: input.org, firedEmployees: input.firedEmployees }, ops, input.desired).org;
  const chains = {
    department: renameChains(ops, 'renameDepartment'),
    team: renameChains(ops, 'renameTeam'),
    employee: renameChains(ops, 'renameEmployee'),
  };
  const deptAfterId = (id: string | null) => (id === null ? null : (chains.department.get(id) ?? id));
  const teamAfterId = (id: string | null | undefined) => (id ? (chains.team.get(id) ?? id) : null);
  const employeeAfterId = (id: string) => chains.employee.get(id) ?? id;

  const person = (org: Organisation, employeeId: string | null | undefined): PersonRef | null => {
    if (!employeeId) return null;
    const employee = org.employees.get(employeeId) ?? after.employees.get(employeeId) ?? before.employees.get(employeeId);
    const user = employee
      ? (org.users.get(employee.userId) ?? after.users.get(employee.userId) ?? input.desired.users.get(employee.userId))
      : undefined;
    return { employeeId, name: user?.name ?? null };
  };

  // Operations per unit (after-id) and per employee (after-id).
  const unitOps = new Map<string, Operation[]>();
  const employeeOps = new Map<string, Operation[]>();
  const employeesOfUser = new Map<string, string[]>();
  for (const e of after.employees.values()) push(employeesOfUser, e.userId, e.id);
  for (const op of ops) {
    switch (op.type) {
      case 'renameDepartment':
      case 'renameTeam': {
        const kind = op.type === 'renameTeam' ? 'team' : 'department';
        const origin = isTemporaryId(op.fromId)
          ? [...chains[kind]].find(([from]) => `orgsync-moving-${from}` === op.fromId)?.[0]
          : op.fromId;
        const id = origin ? (chains[kind].get(origin) ?? op.id) : op.id;
        push(unitOps, `${kind}:${id}`, op);
        break;
      }
      case 'renameEmployee': {
        const origin = isTemporaryId(op.fromId)
          ? [...chains.employee].find(([from]) => `orgsync-moving-${from}` === op.fromId)?.[0]
          : op.fromId;
        push(employeeOps, origin ? employeeAfterId(origin) : op.id, op);
        break;
      }
      case 'createDepartment':
      case 'updateDepartment':
      case 'moveDepartment':
      case 'deleteDepartment':
        push(unitOps, `department:${op.id}`, op);
        break;
      case 'createTeam':
      case 'updateTeam':
      case 'moveTeam':
      case 'deleteTeam':
        push(unitOps, `team:${op.id}`, op);
        break;
      case 'createEmployee':
      case 'updateEmployee':
      case 'fireEmployee':
      case 'rehireEmployee':
        push(employeeOps, op.id, op);
        break;
      case 'addTeamMember':
      case 'removeTeamMember':
      case 'reportAbsence':
        push(employeeOps, op.employeeId, op);
        break;
      case 'createUser':
      case 'updateUser':
        for (const id of employeesOfUser.get(op.id) ?? []) push(employeeOps, id, op);
        break;
      case 'createDelegation':
      case 'deleteDelegation':
        push(unitOps, `${op.unitKind}:${op.unitId}`, op);
        break;
    }
  }

  // Head counts: active employees per team; a department counts every team below it.
  const headcounts = (
    org: Organisation,
    teamId: (id: string | null | undefined) => string | null,
    deptId: (id: string | null) => string | null,
  ) => {
    const counts = new Map<string, number>();
    for (const e of org.employees.values()) {
      const team = e.status === 'active' ? teamId(e.teamId) : null;
      if (team) counts.set(`team:${team}`, (counts.get(`team:${team}`) ?? 0) + 1);
    }
    for (const t of org.teams.values()) {
      const n = counts.get(`team:${teamId(t.id)}`) ?? 0;
      const seen = new Set<string>();
      for (let d: string | null = t.departmentId; d !== null && !seen.has(d); d = org.departments.get(d)?.parentId ?? null) {
        seen.add(d);
        const key = `department:${deptId(d)}`;
        counts.set(key, (counts.get(key) ?? 0) + n);
      }
    }
    return counts;
  };
  const countBefore = headcounts(before, teamAfterId, deptAfterId);
  const same = (id: string | null | undefined) => id ?? null;
  const countAfter = headcounts(after, same, same);
  const responsibleBefore = effectiveResponsible(before);
  const responsibleAfter = effectiveResponsible(after);

  const notesBySubject = new Map<string, string[]>();
  for (const note of plan.notes) if (note.subject) push(notesBySubject, note.subject, noteText(note.reason));

  // Units: every unit after the plan, and the removed ones where they were.
  const units = new Map<string, ChartUnit>();
  const unit = (kind: 'department' | 'team', id: string, beforeId: string | null): ChartUnit => {
    const was = beforeId === null ? undefined : kind === 'department' ? before.departments.get(beforeId) : before.teams.get(beforeId);
    const is = kind === 'department' ? after.departments.get(id) : after.teams.get(id);
    const parentOf = (u: typeof was | typeof is): string | null =>
      u === undefined ? null : 'parentId' in u ? u.parentId : (u as { departmentId: string }).departmentId;
    const key = `${kind}:${id}`;
    const myOps = unitOps.get(key) ?? [];
    const changes = new Set<UnitChange>(myOps.flatMap((op) => (UNIT_CHANGE_OF[op.type] ? [UNIT_CHANGE_OF[op.type]!] : [])));
    const responsibleKey = (unitId: string) => (kind === 'team' ? `team:${unitId}` : unitId);
    const result: ChartUnit = {
      kind,
      id,
      change: first(UNIT_CHANGES, changes, 'unchanged'),
      changes: UNIT_CHANGES.filter((c) => changes.has(c)),
      name: is?.name ?? was?.name ?? id,
      parentBefore: was ? deptAfterId(parentOf(was)) : null,
      parentAfter: is ? parentOf(is) : null,
      ownerBefore: person(before, was?.owner),
      ownerAfter: person(after, is?.owner),
      responsibleBefore: was ? person(before, was.responsible ?? responsibleBefore.get(responsibleKey(was.id))) : null,
      responsibleAfter: is ? person(after, responsibleAfter.get(responsibleKey(id))) : null,
      headcountBefore: was ? (countBefore.get(key) ?? 0) : 0,
      headcountAfter: is ? (countAfter.get(key) ?? 0) : 0,
      children: [],
      people: [],
      operationKeys: myOps.map((op) => op.key),
      notes: notesBySubject.get(key) ?? [],
    };
    if (was && beforeId !== id) result.previousId = beforeId!;
    if (was && is && was.name !== is.name) result.nameBefore = was.name;
    return result;
  };
  for (const kind of ['department', 'team'] as const) {
    const chain = chains[kind];
    const previous = new Map([...chain].map(([from, to]) => [to, from]));
    const afterUnits = kind === 'department' ? after.departments : after.teams;
    const beforeUnits = kind === 'department' ? before.departments : before.teams;
    for (const id of afterUnits.keys()) {
      const beforeId = previous.get(id) ?? (beforeUnits.has(id) && !chain.has(id) ? id : null);
      units.set(`${kind}:${id}`, unit(kind, id, beforeId));
    }
    for (const id of beforeUnits.keys()) {
      const afterId = chain.get(id) ?? id;
      if (!afterUnits.has(afterId)) units.set(`${kind}:${id}`, unit(kind, id, id));
    }
  }

  // People: where each one is after the plan, and where they left from.
  const noTeam: ChartPerson[] = [];
  const personNotes = new Map<string, string[]>();
  for (const note of plan.notes)
    if (note.subject?.startsWith('employee:')) push(personNotes, note.subject.slice('employee:'.length), noteText(note.reason));
  const previousEmployee = new Map([...chains.employee].map(([from, to]) => [to, from]));
  const ids = new Set([...after.employees.keys(), ...[...before.employees.keys()].map(employeeAfterId)]);
  for (const id of ids) {
    const beforeId = previousEmployee.get(id) ?? id;
    const was = before.employees.get(beforeId);
    const is = after.employees.get(id);
    const user = is ? (after.users.get(is.userId) ?? input.desired.users.get(is.userId)) : was ? before.users.get(was.userId) : undefined;
    const myOps = employeeOps.get(id) ?? [];
    const activeAfter = is?.status === 'active';
    const teamBefore = was?.status === 'active' ? teamAfterId(was.teamId) : null;
    const teamAfter = activeAfter ? (is.teamId ?? null) : null;
    const common = new Set<PersonChange>();
    for (const op of myOps) {
      if (op.type === 'createEmployee') common.add('hired');
      if (op.type === 'rehireEmployee') common.add('rehired');
      if (op.type === 'renameEmployee') common.add('renamed');
      if (op.type === 'updateEmployee' || op.type === 'updateUser') common.add('changed');
      if (op.type === 'reportAbsence') common.add('absence');
    }
    const fired = myOps.some((op) => op.type === 'fireEmployee');
    const make = (changes: Set<PersonChange>): ChartPerson => {
      const result: ChartPerson = {
        employeeId: id,
        name: user?.name ?? id,
        email: user?.email ?? '',
        change: first(PERSON_CHANGES, changes, 'unchanged'),
        changes: PERSON_CHANGES.filter((c) => changes.has(c)),
        teamBefore,
        teamAfter,
        absences: myOps.flatMap((op) => (op.type === 'reportAbsence' ? [{ startDate: op.startDate, endDate: op.endDate }] : [])),
        operationKeys: myOps.map((op) => op.key),
      };
      if (beforeId !== id && was) result.previousId = beforeId;
      return result;
    };
    if (teamAfter) {
      const here = new Set(common);
      if (teamBefore !== teamAfter && !common.has('hired')) here.add('joined');
      units.get(`team:${teamAfter}`)?.people.push(make(here));
    }
    if (teamBefore && (teamBefore !== teamAfter || fired)) {
      const there = new Set(common);
      there.add(fired ? 'fired' : 'left');
      // A unit removed keeps its id before: its leavers are listed there.
      (units.get(`team:${teamBefore}`) ?? units.get(`team:${beforeId}`))?.people.push(make(there));
    }
    if (!teamAfter && !teamBefore) {
      const alone = new Set(common);
      if (fired) alone.add('fired');
      noTeam.push(make(alone));
    }
  }

  // The tree: each unit under its parent after the plan; a removed one under where it was.
  const roots: ChartUnit[] = [];
  for (const u of units.values()) {
    const parentId = u.change === 'removed' ? u.parentBefore : u.parentAfter;
    const parent =
      parentId === null
        ? undefined
        : (units.get(`department:${parentId}`) ?? units.get(`department:${previousOrSelf(chains.department, parentId)}`));
    if (parent && parent !== u) parent.children.push(u);
    else roots.push(u);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  for (const u of units.values()) {
    u.children.sort((a, b) => (a.kind === b.kind ? byName(a, b) : a.kind === 'department' ? -1 : 1));
    u.people.sort(byName);
  }
  roots.sort(byName);
  noTeam.sort(byName);
  return { roots, noTeam, personNotes };
}

function previousOrSelf(chain: ReadonlyMap<string, string>, id: string): string {
  for (const [from, to] of chain) if (to === id) return from;
  return id;
}
