/** The diff of the unit tree: renames, departments top-down, teams; removals bottom-up with --prune. */
import type { Department, Organisation, Team } from '../model/organisation.js';
import type { DiffNote, PruneKeeps } from './diff-common.js';
import { renameReason } from './diff-people.js';
import { orderRenames, renameAll, renamedId, temporaryId, type RenameRequest } from './renames.js';
import { operation, type Operation, type UnitChanges, type UnitValues } from '../model/operations.js';
import { UNIT_FIELDS } from '../model/fields.js';
import { diffFields, fieldChangeList, valuesToSend } from '../model/field-changes.js';
import type { DerivedLeader, UnitChange } from '../model/reasons.js';

export function planUnitRenames(desired: Organisation, now: Organisation, ops: Operation[], notes: DiffNote[]): void {
  const kinds = [
    { units: desired.departments, current: now.departments, type: 'renameDepartment', label: 'department' },
    { units: desired.teams, current: now.teams, type: 'renameTeam', label: 'team' },
  ] as const;
  for (const { units, current, type, label } of kinds) {
    const requests: RenameRequest[] = [];
    for (const unit of units.values()) {
      const previous = unit.previousId;
      if (previous === undefined || previous === unit.id) continue;
      const from = current.has(temporaryId(previous)) ? temporaryId(previous) : current.has(previous) ? previous : null;
      if (from === null) continue;
      requests.push({ from, to: unit.id, identity: unit.name, ...(unit.source ? { source: unit.source } : {}) });
    }
    const { steps, mapping } = orderRenames(
      requests,
      (id) => current.has(id),
      (id) => current.get(id)?.name ?? null,
      label,
      notes,
    );
    for (const step of steps) {
      ops.push(
        operation({
          type,
          id: step.id,
          fromId: step.fromId,
          reason: renameReason(step, 'previous_id', 'unit'),
          ...(step.source ? { source: step.source } : {}),
        }),
      );
    }
    if (mapping.size === 0) continue;
    if (type === 'renameDepartment') {
      renameAll(now.departments, mapping);
      for (const d of now.departments.values()) d.parentId = renamedId(mapping, d.parentId);
      for (const t of now.teams.values()) t.departmentId = renamedId(mapping, t.departmentId);
    } else {
      renameAll(now.teams, mapping);
      // The employees are the service's own records (diff.ts workingCopy): a moved one is set as a copy.
      for (const [id, e] of now.employees) {
        const teamId = e.teamId ? renamedId(mapping, e.teamId) : e.teamId;
        if (teamId !== e.teamId) now.employees.set(id, { ...e, teamId });
      }
    }
    for (const d of now.delegations)
      if (d.unitKind === (type === 'renameDepartment' ? 'department' : 'team')) d.unitId = renamedId(mapping, d.unitId);
  }
}

/** What a unit's create sends of its value fields: the name, and each other field with a value. */
function createValues(unit: Department | Team): UnitValues {
  return { ...valuesToSend(UNIT_FIELDS, unit), name: unit.name };
}

/** Desired departments in top-down order (parents before children); unknown parents last. */
function topDown(departments: Map<string, Department>): Department[] {
  const children = new Map<string | null, Department[]>();
  for (const d of departments.values()) {
    const parent = d.parentId !== null && departments.has(d.parentId) ? d.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(d);
    children.set(parent, list);
  }
  const ordered: Department[] = [];
  const queue = [...(children.get(null) ?? [])];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const d = queue.shift()!;
    if (seen.has(d.id)) continue;
    seen.add(d.id);
    ordered.push(d);
    queue.push(...(children.get(d.id) ?? []));
  }
  for (const d of departments.values()) if (!seen.has(d.id)) ordered.push(d);
  return ordered;
}

/** The responsible employee a department will have: the workbook's tree, else what the service shows. */
function willShow(responsible: ReadonlyMap<string, string | null>, now: Organisation, departmentId: string | null): string | null {
  if (departmentId === null) return null;
  return responsible.has(departmentId) ? (responsible.get(departmentId) ?? null) : (now.departments.get(departmentId)?.responsible ?? null);
}

/**
 * A unit's value fields that differ from the service's, and why each is sent: every field by the table
 * (diffFields), the owner by a rule of its own. Where the service shows the explicit owner (v2) it is
 * compared like the rest; v3 shows only the responsible employee, which may be the unit's own owner or
 * inherited from above: a value that looks right is sent again only when what it inherits changes and the
 * API cannot tell the two apart.
 */
function unitChanges(
  unit: Department | Team,
  existing: Department | Team,
  inherits: { now: string | null; after: string | null },
): { changes: UnitChanges; parts: UnitChange[] } {
  const { changes } = diffFields(UNIT_FIELDS, unit, existing);
  const parts: UnitChange[] = [];
  const from = unit.ownerFrom === undefined ? {} : { from: unit.ownerFrom };
  for (const change of fieldChangeList(changes)) {
    if (change.field === 'owner') continue;
    // The name keeps the part it has always had (reports and scripts match its code); any other field is a generic part.
    parts.push(change.field === 'name' ? { code: 'name', was: change.was ?? '', now: change.now ?? '' } : { code: 'field', ...change });
  }
  if (changes.owner) {
    const { was = null, now } = changes.owner;
    parts.push(now === null ? { code: 'owner_cleared', was } : { code: 'owner', was, now, ...from });
  } else if (unit.owner !== undefined && existing.owner === undefined) {
    const owner = ownerAsResponsible(unit.owner, existing.responsible ?? null, inherits);
    if (owner) {
      changes.owner = { was: existing.responsible ?? null, now: unit.owner };
      parts.push(owner.code === 'owner' ? { ...owner, ...from } : owner);
    }
  }
  return { changes, parts };
}

/** A new unit's leader no column named, derived from the reporting line: the plan says so. */
function leaderFromLine(unit: Department | Team): { leader?: DerivedLeader } {
  return unit.owner && unit.ownerFrom ? { leader: { employee: unit.owner, from: unit.ownerFrom } } : {};
}

/** Why an owner must be sent where only the responsible employee (`shown`) is visible; null: it need not be. */
function ownerAsResponsible(
  owner: string | null,
  shown: string | null,
  inherits: { now: string | null; after: string | null },
): UnitChange | null {
  if (owner !== null) {
    if (shown !== owner) return { code: 'owner', was: shown, now: owner };
    if (shown === inherits.now && inherits.after !== owner) return { code: 'owner_unchanged', owner, after: inherits.after };
    return null;
  }
  if (shown !== inherits.now) return { code: 'owner_cleared_inherits', was: shown, after: inherits.after };
  if (shown === inherits.after || shown === null) return null;
  return { code: 'owner_blank_unchanged', shown, after: inherits.after };
}

/** `responsible`: the responsible employee each unit will have (department id, `team:${id}`). */
export function planDepartments(
  desired: Organisation,
  now: Organisation,
  ops: Operation[],
  prune: PruneKeeps | null,
  notes: DiffNote[],
  responsible: ReadonlyMap<string, string | null>,
): void {
  const shownNow = (departmentId: string | null) =>
    departmentId === null ? null : (now.departments.get(departmentId)?.responsible ?? null);
  for (const dept of topDown(desired.departments)) {
    const existing = now.departments.get(dept.id);
    if (!existing) {
      if (dept.parentId === null) continue; // the top department always exists; the validator checks its id
      ops.push(
        operation({
          type: 'createDepartment',
          id: dept.id,
          ...createValues(dept),
          parentId: dept.parentId,
          reason: { code: 'new_department', ...leaderFromLine(dept) },
          source: dept.source,
        }),
      );
      now.departments.set(dept.id, { ...dept });
      continue;
    }
    const { changes, parts } = unitChanges(dept, existing, {
      now: shownNow(existing.parentId),
      after: willShow(responsible, now, dept.parentId),
    });
    if (parts.length > 0) {
      ops.push(
        operation({
          type: 'updateDepartment',
          id: dept.id,
          changes,
          reason: { code: 'unit_changed', changes: parts },
          source: dept.source,
        }),
      );
    }
    if (dept.parentId !== null && existing.parentId !== dept.parentId) {
      ops.push(
        operation({
          type: 'moveDepartment',
          id: dept.id,
          parentId: dept.parentId,
          fromParentId: existing.parentId,
          reason: { code: 'parent', was: existing.parentId, now: dept.parentId },
          source: dept.source,
        }),
      );
    }
  }
  if (!prune) return;
  // Removals bottom-up: children before parents.
  const doomed = [...now.departments.values()].filter((d) => d.parentId !== null && !desired.departments.has(d.id));
  for (const dept of doomed.reverse()) {
    const why = prune.departments.get(dept.id);
    if (why !== undefined) {
      notes.push({ reason: { code: 'kept', kind: 'department', id: dept.id, why } });
      continue;
    }
    ops.push(operation({ type: 'deleteDepartment', id: dept.id, reason: { code: 'pruned' }, pruned: true }));
  }
}

export function planTeams(
  desired: Organisation,
  now: Organisation,
  ops: Operation[],
  prune: PruneKeeps | null,
  notes: DiffNote[],
  responsible: ReadonlyMap<string, string | null>,
): void {
  for (const team of desired.teams.values()) {
    const existing = now.teams.get(team.id);
    if (!existing) {
      ops.push(
        operation({
          type: 'createTeam',
          id: team.id,
          ...createValues(team),
          departmentId: team.departmentId,
          reason: { code: 'new_team', ...leaderFromLine(team) },
          source: team.source,
        }),
      );
      now.teams.set(team.id, { ...team });
      continue;
    }
    const { changes, parts } = unitChanges(team, existing, {
      now: now.departments.get(existing.departmentId)?.responsible ?? null,
      after: willShow(responsible, now, team.departmentId),
    });
    if (parts.length > 0) {
      ops.push(
        operation({
          type: 'updateTeam',
          id: team.id,
          changes,
          reason: { code: 'unit_changed', changes: parts },
          source: team.source,
        }),
      );
    }
    if (existing.departmentId !== team.departmentId) {
      ops.push(
        operation({
          type: 'moveTeam',
          id: team.id,
          departmentId: team.departmentId,
          fromDepartmentId: existing.departmentId,
          reason: { code: 'team_department', was: existing.departmentId, now: team.departmentId },
          source: team.source,
        }),
      );
    }
  }
  if (!prune) return;
  for (const team of now.teams.values()) {
    if (desired.teams.has(team.id)) continue;
    const why = prune.teams.get(team.id);
    if (why !== undefined) {
      notes.push({ reason: { code: 'kept', kind: 'team', id: team.id, why } });
      continue;
    }
    ops.push(operation({ type: 'deleteTeam', id: team.id, reason: { code: 'pruned' }, pruned: true }));
  }
}
