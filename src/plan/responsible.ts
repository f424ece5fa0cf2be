import type { Organisation } from '../model/organisation.js';

/**
 * The responsible employee each unit will have: its own owner, else the closest owner going up the
 * tree (v3 "Owner and responsible employee" rule 3). Keys: department id, and `team:${id}` for teams.
 */
export function effectiveResponsible(
  org: Organisation,
  /** A parent the organisation does not hold (a workbook listing part of the tree): what the service says it has. */
  outside: (departmentId: string) => string | null = () => null,
): Map<string, string | null> {
  const result = new Map<string, string | null>();
  const resolving = new Set<string>();
  const ofDepartment = (id: string | null): string | null => {
    if (id === null) return null;
    const known = result.get(id);
    if (known !== undefined) return known;
    const dept = org.departments.get(id);
    if (!dept) return outside(id);
    if (resolving.has(id)) return null; // a cycle, which the validator reports
    resolving.add(id);
    const value = dept.owner ? dept.owner : ofDepartment(dept.parentId);
    resolving.delete(id);
    result.set(id, value);
    return value;
  };
  for (const id of org.departments.keys()) ofDepartment(id);
  for (const team of org.teams.values()) {
    result.set(`team:${team.id}`, team.owner ? team.owner : ofDepartment(team.departmentId));
  }
  return result;
}
