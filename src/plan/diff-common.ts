/** Pieces the diff's parts share. */
import type { Organisation, ProposedRename } from '../model/organisation.js';
import type { Operation } from '../model/operations.js';
import type { KeepReason, NoteReason } from '../model/reasons.js';

export interface DiffNote {
  /** What the note says, as a code with values: src/view/reason-text.ts says it in words. */
  reason: NoteReason;
  source?: Operation['source'];
  /** A consequence of the plan stated before it happens (consequences.ts); unset: a finding of the diff. */
  kind?: 'consequence';
  /** The unit or employee the note is about (`department:ID`, `team:ID`, `employee:ID`), for the org chart. */
  subject?: string;
}

/**
 * What --prune must keep although the workbook does not list it, because the workbook refers to it (a
 * team under a department only the service has, an owner or an absence of an employee the employees
 * sheet leaves out): removing it would be refused, or would break what the workbook asks for.
 */
export interface PruneKeeps {
  departments: Map<string, KeepReason>;
  teams: Map<string, KeepReason>;
  employees: Map<string, KeepReason>;
}

export function pruneKeeps(desired: Organisation, now: Organisation, proposedRenames: readonly ProposedRename[] = []): PruneKeeps {
  const keeps: PruneKeeps = { departments: new Map(), teams: new Map(), employees: new Map() };
  const keep = (map: Map<string, KeepReason>, id: string | null | undefined, why: KeepReason) => {
    if (id && !map.has(id)) map.set(id, why);
  };
  // An accepted proposal is a rename: the old unit is not kept, it becomes the new one.
  for (const r of proposedRenames) {
    if (r.accepted) continue;
    keep(r.kind === 'team' ? keeps.teams : keeps.departments, r.from, { code: 'looks_renamed', to: r.to });
    // A department that looks renamed keeps its own team (same id) with it, until the rename is decided.
    if (r.kind === 'department' && now.teams.get(r.from)?.departmentId === r.from)
      keep(keeps.teams, r.from, { code: 'looks_renamed', to: r.to });
  }
  for (const d of desired.departments.values()) {
    keep(keeps.departments, d.parentId, { code: 'department_under', department: d.id });
    keep(keeps.employees, d.owner, { code: 'owns_department', department: d.id });
  }
  for (const t of desired.teams.values()) {
    keep(keeps.departments, t.departmentId, { code: 'team_in', team: t.id });
    keep(keeps.employees, t.owner, { code: 'owns_team', team: t.id });
  }
  for (const e of desired.employees.values()) if (e.status === 'active') keep(keeps.teams, e.teamId, { code: 'works_in', employee: e.id });
  for (const d of desired.delegations) {
    keep(d.unitKind === 'team' ? keeps.teams : keeps.departments, d.unitId, { code: 'delegation_to', employee: d.employeeId });
    keep(keeps.employees, d.employeeId, { code: 'holds_responsibility', responsibility: d.responsibility, unit: d.unitId });
  }
  for (const a of desired.absences) keep(keeps.employees, a.employeeId, { code: 'reported_sick' });
  for (const d of now.departments.values()) {
    // The owner of the top department can never be fired (v3 "States and transitions").
    if (d.parentId === null && desired.departments.get(d.id)?.owner === undefined)
      keep(keeps.employees, d.responsible ?? d.owner, { code: 'owns_top' });
  }
  // A kept team the workbook does not place keeps its department; such a department keeps its ancestors.
  for (const id of keeps.teams.keys()) {
    if (!desired.teams.has(id)) keep(keeps.departments, now.teams.get(id)?.departmentId, { code: 'team_in', team: id });
  }
  for (const id of [...keeps.departments.keys()]) {
    if (desired.departments.has(id)) continue;
    let parent = now.departments.get(id)?.parentId;
    const seen = new Set<string>();
    while (parent && !seen.has(parent)) {
      seen.add(parent);
      keep(keeps.departments, parent, { code: 'department_under', department: id });
      parent = now.departments.get(parent)?.parentId;
    }
  }
  return keeps;
}
