/**
 * The top that is only a parent (exports.md "The top that is only a parent"): an export's unit list often
 * leaves the company out. When no unit is without a parent and exactly one parent id is named but never
 * defined, or a parent id names the service's top department, that unit is the top department (its name
 * the service's, `--root-name`, or the id), said once. Several units without a parent are placed under
 * `--root-id` when it is given; otherwise they are one error listing them, with the fix.
 */
import type { IssueCollector } from './collector.js';
import type { OrganisationRowsState } from './organisation.js';
import type { PlacedUnit } from './plain-tree.js';
import type { CurrentView } from './types.js';
import { validateUnitWords } from '../words/validate-units.js';

/** `--root-id`/`--root-name`: the top department an export leaves out. */
export interface RootOptions {
  id?: string;
  name?: string;
}

/** How many of the units without a parent an error names; the rest are counted. */
const NAMED = 8;

/** Adds the top department the unit list leaves out to `units`, or reports why it cannot be told. */
export function placeImpliedTop(
  units: PlacedUnit[],
  current: CurrentView | undefined,
  root: RootOptions,
  rowsState: OrganisationRowsState,
  issues: IssueCollector,
): void {
  if (units.length === 0) return;
  const ids = new Set(units.map((u) => u.id));
  const parentless = units.filter((u) => u.parentId === null);
  const undefinedParents = new Set(units.flatMap((u) => (u.parentId !== null && !ids.has(u.parentId) ? [u.parentId] : [])));
  const serviceTop = current?.topDepartmentId;
  const words = validateUnitWords();
  if (parentless.length === 0) {
    const top =
      undefinedParents.size === 1
        ? [...undefinedParents][0]!
        : serviceTop !== undefined && undefinedParents.has(serviceTop)
          ? serviceTop
          : null;
    if (top === null) return;
    const first = units.find((u) => u.parentId === top)!;
    const name = nameOf(top, current, root);
    units.push({ id: top, name, parentId: null, source: first.source, derived: false });
    const children = units.filter((u) => u.parentId === top).length;
    issues.warning(issues.sheetOf(first.source), null, 'parent_id', 'implied_top', words.impliedTop(top, name, children), top);
    return;
  }
  if (parentless.length === 1) return;
  const listed = parentless.slice(0, NAMED).map((u) => words.unitAtRow(u.name, u.source.row));
  const more = parentless.length - listed.length;
  if (root.id !== undefined && !ids.has(root.id)) {
    for (const unit of parentless) unit.parentId = root.id;
    const name = nameOf(root.id, current, root);
    units.push({ id: root.id, name, parentId: null, source: parentless[0]!.source, derived: false });
    issues.warning(
      issues.sheetOf(parentless[0]!.source),
      null,
      'parent_id',
      'implied_top',
      words.placedUnderRoot(root.id, name, listed, more),
      root.id,
    );
    return;
  }
  rowsState.topReported = true;
  issues.error(
    issues.sheetOf(parentless[0]!.source),
    null,
    'parent_id',
    'top_department',
    words.severalWithoutParent(listed, more, serviceTop),
    null,
  );
}

/** The top department's name: the service's when it is the service's top, else `--root-name`, else its id. */
function nameOf(id: string, current: CurrentView | undefined, root: RootOptions): string {
  if (current?.topDepartmentId === id) return current.departmentNames?.get(id) ?? root.name ?? id;
  return root.name ?? id;
}
