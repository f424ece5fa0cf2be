/** Pieces the diff's parts share. */
import type { Organisation, ProposedRename } from '../model/organisation.js';
import type { Operation } from '../model/operations.js';
import { planNoteWords } from '../words/plan-notes.js';

export interface DiffNote {
  message: string;
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
  departments: Map<string, string>;
  teams: Map<string, string>;
  employees: Map<string, string>;
}

export function pruneKeeps(desired: Organisation, now: Organisation, proposedRenames: readonly ProposedRename[] = []): PruneKeeps {
  const w = planNoteWords();
  const keeps: PruneKeeps = { departments: new Map(), teams: new Map(), employees: new Map() };
  const keep = (map: Map<string, string>, id: string | null | undefined, why: string) => {
    if (id && !map.has(id)) map.set(id, why);
  };
  for (const r of proposedRenames) {
    keep(r.kind === 'team' ? keeps.teams : keeps.departments, r.from, w.keepLooksRenamed(r.to));
  }
  for (const d of desired.departments.values()) {
    keep(keeps.departments, d.parentId, w.keepDepartmentUnder(d.id));
    keep(keeps.employees, d.owner, w.keepOwnsDepartment(d.id));
  }
  for (const t of desired.teams.values()) {
    keep(keeps.departments, t.departmentId, w.keepTeamIn(t.id));
    keep(keeps.employees, t.owner, w.keepOwnsTeam(t.id));
  }
  for (const e of desired.employees.values()) if (e.status === 'active') keep(keeps.teams, e.teamId, w.keepWorksIn(e.id));
  for (const d of desired.delegations) {
    keep(d.unitKind === 'team' ? keeps.teams : keeps.departments, d.unitId, w.keepDelegationTo(d.employeeId));
    keep(keeps.employees, d.employeeId, w.keepHoldsResponsibility(d.responsibility, d.unitId));
  }
  for (const a of desired.absences) keep(keeps.employees, a.employeeId, w.keepReportedSick);
  for (const d of now.departments.values()) {
    // The owner of the top department can never be fired (v3 "States and transitions").
    if (d.parentId === null && desired.departments.get(d.id)?.owner === undefined) keep(keeps.employees, d.responsible ?? d.owner, w.keepOwnsTop);
  }
  // A kept team the workbook does not place keeps its department; such a department keeps its ancestors.
  for (const id of keeps.teams.keys()) {
    if (!desired.teams.has(id)) keep(keeps.departments, now.teams.get(id)?.departmentId, w.keepTeamIn(id));
  }
  for (const id of [...keeps.departments.keys()]) {
    if (desired.departments.has(id)) continue;
    let parent = now.departments.get(id)?.parentId;
    const seen = new Set<string>();
    while (parent && !seen.has(parent)) {
      seen.add(parent);
      keep(keeps.departments, parent, w.keepDepartmentUnder(id));
      parent = now.departments.get(parent)?.parentId;
    }
  }
  return keeps;
}
