/**
 * Derived ids change when a unit is renamed or moved in the export (exports.md). A unit that appeared
 * under a derived id is compared with the service's units of its kind that disappeared from the export:
 * one with the same parent and name (its parent was renamed), the same members, or (a department) the
 * same parent and most of its child units' names, is proposed as the unit it was renamed from. Nothing
 * is renamed without the user's confirmation: `--accept-renames` turns the proposals into renames (the page,
 * each proposal the person accepted).
 */
import type { IssueCollector } from './collector.js';
import { nameKey } from './derived-ids.js';
import type { PlacedUnit } from './plain-tree.js';
import type { CurrentView } from './types.js';
import { proposalKey, type ProposedRename } from '../model/organisation.js';
import { validateUnitWords } from '../words/validate-units.js';

/** At least this share of each side's members (or child names) in common makes two units look alike. */
const ALIKE = 0.5;

export function proposeRenames(
  units: readonly PlacedUnit[],
  departments: ReadonlySet<string>,
  membersOf: ReadonlyMap<string, ReadonlySet<string>>,
  current: CurrentView,
  accept: boolean | ReadonlySet<string>,
  issues: IssueCollector,
  proposals: ProposedRename[],
): void {
  const desired = new Set(units.map((u) => u.id));
  const serviceMembers = new Map<string, Set<string>>();
  for (const [employee, team] of current.teamOf) {
    if (team) (serviceMembers.get(team) ?? serviceMembers.set(team, new Set()).get(team)!).add(employee);
  }
  const parentInService = (kind: 'department' | 'team', id: string) =>
    kind === 'department' ? (current.departmentParents?.get(id) ?? null) : (current.teamDepartments?.get(id) ?? null);
  const nameInService = (kind: 'department' | 'team', id: string) =>
    (kind === 'department' ? current.departmentNames : current.teamNames)?.get(id) ?? '';
  const serviceChildNames = (id: string) => {
    const names = new Set<string>();
    for (const [child, parent] of current.departmentParents ?? [])
      if (parent === id) names.add(nameKey(current.departmentNames?.get(child) ?? ''));
    for (const [team, department] of current.teamDepartments ?? [])
      if (department === id && team !== id) names.add(nameKey(current.teamNames?.get(team) ?? ''));
    return names;
  };
  const childNames = new Map<string, Set<string>>();
  for (const unit of units) {
    if (unit.parentId !== null)
      (childNames.get(unit.parentId) ?? childNames.set(unit.parentId, new Set()).get(unit.parentId)!).add(nameKey(unit.name));
  }
  const gone = {
    department: [...current.departments].filter((id) => !desired.has(id) && id !== current.topDepartmentId),
    team: [...current.teams].filter((id) => !desired.has(id)),
  };
  const renamedTo = new Map<string, string>();
  for (const unit of units) {
    const kind = departments.has(unit.id) ? 'department' : 'team';
    const known = kind === 'department' ? current.departments : current.teams;
    if (!unit.derived || unit.previousId !== undefined || known.has(unit.id)) continue;
    const sameParent = (old: string) => {
      const parent = parentInService(kind, old);
      return parent === unit.parentId || (parent !== null && renamedTo.get(parent) === unit.parentId);
    };
    const candidates = gone[kind].filter((old) => {
      if (renamedTo.has(old)) return false;
      if (sameParent(old) && nameKey(nameInService(kind, old)) === nameKey(unit.name)) return true;
      if (alike(membersOf.get(unit.id), serviceMembers.get(old))) return true;
      return kind === 'department' && sameParent(old) && alike(childNames.get(unit.id), serviceChildNames(old));
    });
    if (candidates.length !== 1) continue;
    const old = candidates[0]!;
    renamedTo.set(old, unit.id);
    const proposal: ProposedRename = { kind, from: old, to: unit.id };
    if (accept === true) {
      unit.previousId = old;
      continue;
    }
    // Accepted one by one (the page): renamed, and still listed, so it can be taken back.
    if (accept !== false && accept.has(proposalKey(proposal))) {
      unit.previousId = old;
      proposals.push({ ...proposal, accepted: true });
      continue;
    }
    proposals.push(proposal);
    issues.warning(
      issues.sheetOf(unit.source),
      unit.source.row,
      null,
      'suggested_rename',
      validateUnitWords().suggestedRename(kind, unit.name, unit.id, nameInService(kind, old), old),
      old,
    );
  }
}

function alike(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if (!a || !b || a.size === 0 || b.size === 0) return false;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared >= ALIKE * a.size && shared >= ALIKE * b.size;
}
