/**
 * Consequences of a plan stated before they happen, read from the organisation before
 * and after the plan: what a person loses access to, who becomes responsible, which reports the service
 * will refuse. Pure; they are plan notes of kind `consequence`.
 */
import type { Organisation } from '../model/organisation.js';
import { topDepartment } from '../model/organisation.js';
import type { Operation } from '../model/operations.js';
import type { DiffNote } from './diff-common.js';
import { organisationAfter, renameChains, withShownOwners, type Before } from './after.js';
import { effectiveResponsible } from './responsible.js';
import type { Inherited, NoteReason, Who } from '../model/reasons.js';

export interface ConsequenceInput extends Before {
  /** The desired organisation (where a rehired employee's record comes from). */
  desired: Organisation;
  /** `employee|start` → end (null: open): the periods the service holds. */
  reportedAbsences: ReadonlyMap<string, string | null>;
}

/** How many new leaderless units the note names one by one. */
const INHERITED_SHOWN = 8;

/** `ops` in the order they are carried out (after.ts `inOrder`). */
export function planConsequences(input: ConsequenceInput, ops: readonly Operation[]): DiffNote[] {
  const before = withAbsences(input.org, input.reportedAbsences);
  const shownBefore = withShownOwners(before);
  // Nothing to do (the nightly run of an unchanged export): the organisation after is the one before as
  // shown, not copied and resolved a second time.
  const unchanged = ops.length === 0;
  const after = unchanged ? shownBefore : organisationAfter({ org: before, firedEmployees: input.firedEmployees }, ops, input.desired).org;
  const responsibleBefore = effectiveResponsible(shownBefore);
  const responsibleAfter = unchanged ? responsibleBefore : effectiveResponsible(after);
  const who = (org: Organisation, employeeId: string | null | undefined): Who => {
    if (!employeeId) return null;
    const employee = org.employees.get(employeeId) ?? before.employees.get(employeeId);
    const user = employee ? (org.users.get(employee.userId) ?? before.users.get(employee.userId)) : undefined;
    return user ? { employeeId, name: user.name } : { employeeId };
  };
  const sourceOf = (match: (op: Operation) => boolean) => ops.find((op) => match(op) && op.source)?.source;
  const notes: DiffNote[] = [];
  const note = (subject: string, reason: NoteReason, source?: Operation['source']) =>
    notes.push({ reason, kind: 'consequence', subject, ...(source ? { source } : {}) });

  for (const op of ops) {
    if (op.type !== 'deleteTeam') continue;
    const team = before.teams.get(op.id);
    const leader = team?.responsible ?? responsibleBefore.get(`team:${op.id}`) ?? null;
    note(
      `team:${op.id}`,
      {
        code: 'team_deleted',
        id: op.id,
        ...(team?.name !== undefined ? { name: team.name } : {}),
        leader: leader ? who(before, leader) : null,
      },
      op.source,
    );
  }

  const employeeIds = renameChains(ops, 'renameEmployee');
  const previousEmployee = inverse(employeeIds);
  for (const a of after.absences) {
    if (a.endDate !== null) continue;
    const employee = after.employees.get(a.employeeId);
    const previousId = previousEmployee.get(a.employeeId) ?? a.employeeId;
    const teamBefore = before.employees.get(previousId)?.teamId ?? null;
    if (!employee || teamBefore === null) continue;
    const fired = employee.status === 'fired';
    if (!fired && employee.teamId !== null) continue;
    note(
      `employee:${a.employeeId}`,
      { code: 'sick_leaves_teams', who: who(after, a.employeeId), since: a.startDate, fired },
      sourceOf((op) => ('employeeId' in op ? op.employeeId : 'id' in op ? op.id : '') === a.employeeId),
    );
  }

  const unitIds = { department: renameChains(ops, 'renameDepartment'), team: renameChains(ops, 'renameTeam') };
  const top = topDepartment(before);
  for (const kind of ['department', 'team'] as const) {
    const unitsBefore = kind === 'department' ? shownBefore.departments : shownBefore.teams;
    const unitsAfter = kind === 'department' ? after.departments : after.teams;
    for (const unit of unitsBefore.values()) {
      const id = unitIds[kind].get(unit.id) ?? unit.id;
      const later = unitsAfter.get(id);
      if (!later || !unit.owner || later.owner) continue;
      const key = kind === 'team' ? `team:${id}` : id;
      const heir = responsibleAfter.get(key) ?? null;
      const from = kind === 'team' ? (later as { departmentId: string }).departmentId : (later as { parentId: string | null }).parentId;
      const isTop = kind === 'department' && unit.id === top?.id;
      note(
        `${kind}:${id}`,
        {
          code: 'loses_owner',
          unit: { kind, id, name: later.name },
          owner: who(before, unit.owner),
          heir: heir ? who(after, heir) : null,
          from: String(from),
          top: isTop,
        },
        sourceOf((op) => (op.type === 'updateDepartment' || op.type === 'updateTeam') && op.id === id),
      );
    }
  }

  // exports.md: a unit without a leader inherits one (the service does it), and the plan says who.
  const createdUnits = new Set(
    ops.flatMap((op) => (op.type === 'createDepartment' ? [op.id] : op.type === 'createTeam' ? [`team:${op.id}`] : [])),
  );
  const leaderless: Inherited[] = [];
  for (const d of after.departments.values()) {
    if (createdUnits.has(d.id) && !d.owner) leaderless.push({ kind: 'department', id: d.id, heir: who(after, responsibleAfter.get(d.id)) });
  }
  for (const t of after.teams.values()) {
    if (createdUnits.has(`team:${t.id}`) && !t.owner)
      leaderless.push({ kind: 'team', id: t.id, heir: who(after, responsibleAfter.get(`team:${t.id}`)) });
  }
  if (leaderless.length > 0) {
    const more = Math.max(0, leaderless.length - INHERITED_SHOWN);
    notes.push({ kind: 'consequence', reason: { code: 'new_units_inherit', units: leaderless.slice(0, INHERITED_SHOWN), more } });
  }

  const previousTeam = inverse(unitIds.team);
  const membersBefore = countMembers(before);
  const membersAfter = unchanged ? membersBefore : countMembers(after);
  for (const team of after.teams.values()) {
    const previousId = previousTeam.get(team.id) ?? team.id;
    const had = membersBefore.get(previousId) ?? 0;
    if (had === 0 || (membersAfter.get(team.id) ?? 0) > 0) continue;
    note(`team:${team.id}`, { code: 'team_emptied', id: team.id, name: team.name, had });
  }

  const topOwner = top ? (top.responsible ?? shownBefore.departments.get(top.id)?.owner ?? null) : null;
  if (top && topOwner) {
    const ownerAfter = after.employees.get(employeeIds.get(topOwner) ?? topOwner);
    const topAfter = after.departments.get(unitIds.department.get(top.id) ?? top.id);
    // The plan gives the top department its new owner before it fires the old one: that the service takes.
    const successor = topAfter?.owner && ownerAfter && topAfter.owner !== ownerAfter.id ? after.employees.get(topAfter.owner) : undefined;
    if (ownerAfter?.status === 'fired' && successor?.status === 'active') {
      note(
        `department:${topAfter!.id}`,
        { code: 'top_owner_leaves_replaced', was: who(before, topOwner), now: who(after, successor.id) },
        sourceOf((op) => op.type === 'fireEmployee' && op.id === ownerAfter.id),
      );
    } else if (ownerAfter?.status === 'fired') {
      note(
        `employee:${ownerAfter.id}`,
        { code: 'top_owner_fired', owner: who(before, topOwner) },
        sourceOf((op) => op.type === 'fireEmployee' && op.id === ownerAfter.id),
      );
    } else if (topAfter?.owner && ownerAfter && topAfter.owner !== ownerAfter.id) {
      note(
        `department:${topAfter.id}`,
        { code: 'top_owner_changes', was: who(before, topOwner), now: who(after, topAfter.owner) },
        sourceOf((op) => op.type === 'updateDepartment' && op.id === topAfter.id),
      );
    }
  }
  return notes;
}

function withAbsences(org: Organisation, reported: ReadonlyMap<string, string | null>): Organisation {
  const known = new Set(org.absences.map((a) => `${a.employeeId}|${a.startDate}`));
  const absences = [...org.absences];
  for (const [key, endDate] of reported) {
    if (known.has(key)) continue;
    const cut = key.lastIndexOf('|');
    absences.push({ employeeId: key.slice(0, cut), startDate: key.slice(cut + 1), endDate });
  }
  return { ...org, absences };
}

function inverse(map: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...map].map(([from, to]) => [to, from]));
}

function countMembers(org: Organisation): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of org.employees.values()) if (e.status === 'active' && e.teamId) counts.set(e.teamId, (counts.get(e.teamId) ?? 0) + 1);
  return counts;
}
