/**
 * Consequences of a plan stated before they happen (issue 15 point 2), read from the organisation before
 * and after the plan: what a person loses access to, who becomes responsible, which reports the service
 * will refuse. Pure; they are plan notes of kind `consequence`.
 */
import type { Organisation } from '../model/organisation.js';
import { topDepartment } from '../model/organisation.js';
import type { Operation } from '../model/operations.js';
import type { DiffNote } from './diff-common.js';
import { organisationAfter, renameChains, withShownOwners, type Before } from './after.js';
import { effectiveResponsible } from './responsible.js';

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
  const after = organisationAfter({ org: before, firedEmployees: input.firedEmployees }, ops, input.desired).org;
  const shownBefore = withShownOwners(before);
  const responsibleBefore = effectiveResponsible(shownBefore);
  const responsibleAfter = effectiveResponsible(after);
  const who = (org: Organisation, employeeId: string | null | undefined): string => {
    if (!employeeId) return 'nobody';
    const employee = org.employees.get(employeeId) ?? before.employees.get(employeeId);
    const user = employee ? (org.users.get(employee.userId) ?? before.users.get(employee.userId)) : undefined;
    return user ? `employee ${employeeId} (${user.name})` : `employee ${employeeId}`;
  };
  const sourceOf = (match: (op: Operation) => boolean) => ops.find((op) => match(op) && op.source)?.source;
  const notes: DiffNote[] = [];
  const note = (subject: string, message: string, source?: Operation['source']) =>
    notes.push({ message, kind: 'consequence', subject, ...(source ? { source } : {}) });

  for (const op of ops) {
    if (op.type !== 'deleteTeam') continue;
    const team = before.teams.get(op.id);
    const leader = team?.responsible ?? responsibleBefore.get(`team:${op.id}`) ?? null;
    note(
      `team:${op.id}`,
      `Team ${op.id}${team ? ` "${team.name}"` : ''} is deleted: its dialog data becomes inaccessible to its leader${leader ? `, ${who(before, leader)}` : ''}. Keep or move the team instead if that data is still needed.`,
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
      `${capitalise(who(after, a.employeeId))} is sick (open absence since ${a.startDate}) and ${fired ? 'is fired, so leaves' : 'leaves'} every team: the service reports sick only an employee in a team, so it will refuse their next sickness report (reporting them fit, say) until they are in a team again.`,
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
        `${capitalise(kind)} ${id} "${later.name}" loses its owner, ${who(before, unit.owner)}: ${
          heir ? `${who(after, heir)} becomes responsible by inheritance from department ${from}` : 'nobody is responsible for it then'
        }${isTop ? ', and every unit that inherits its responsible employee from the top department has nobody either' : ''}.`,
        sourceOf((op) => (op.type === 'updateDepartment' || op.type === 'updateTeam') && op.id === id),
      );
    }
  }

  // exports.md: a unit without a leader inherits one (the service does it), and the plan says who.
  const createdUnits = new Set(ops.flatMap((op) => (op.type === 'createDepartment' ? [op.id] : op.type === 'createTeam' ? [`team:${op.id}`] : [])));
  const leaderless: string[] = [];
  for (const d of after.departments.values()) if (createdUnits.has(d.id) && !d.owner) leaderless.push(`department ${d.id} → ${who(after, responsibleAfter.get(d.id))}`);
  for (const t of after.teams.values()) if (createdUnits.has(`team:${t.id}`) && !t.owner) leaderless.push(`team ${t.id} → ${who(after, responsibleAfter.get(`team:${t.id}`))}`);
  if (leaderless.length > 0) {
    const shown = leaderless.slice(0, INHERITED_SHOWN).join('; ');
    const more = leaderless.length > INHERITED_SHOWN ? `; and ${leaderless.length - INHERITED_SHOWN} more (the plan page shows each)` : '';
    notes.push({
      kind: 'consequence',
      message: `${leaderless.length} new unit(s) have no leader of their own and inherit the responsible employee from above: ${shown}${more}.`,
    });
  }

  const previousTeam = inverse(unitIds.team);
  const membersBefore = countMembers(before);
  const membersAfter = countMembers(after);
  for (const team of after.teams.values()) {
    const previousId = previousTeam.get(team.id) ?? team.id;
    const had = membersBefore.get(previousId) ?? 0;
    if (had === 0 || (membersAfter.get(team.id) ?? 0) > 0) continue;
    note(`team:${team.id}`, `Team ${team.id} "${team.name}" is left without members (it had ${had}).`);
  }

  const topOwner = top ? (top.responsible ?? shownBefore.departments.get(top.id)?.owner ?? null) : null;
  if (top && topOwner) {
    const ownerAfter = after.employees.get(employeeIds.get(topOwner) ?? topOwner);
    const topAfter = after.departments.get(unitIds.department.get(top.id) ?? top.id);
    if (ownerAfter?.status === 'fired') {
      note(
        `employee:${ownerAfter.id}`,
        `The owner of the top department, ${who(before, topOwner)}, is fired: the service refuses to fire the owner of the top department. Give the top department another owner first.`,
        sourceOf((op) => op.type === 'fireEmployee' && op.id === ownerAfter.id),
      );
    } else if (topAfter?.owner && ownerAfter && topAfter.owner !== ownerAfter.id) {
      note(
        `department:${topAfter.id}`,
        `The owner of the top department changes from ${who(before, topOwner)} to ${who(after, topAfter.owner)}: every unit without an owner of its own becomes ${who(after, topAfter.owner)}'s responsibility.`,
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

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
