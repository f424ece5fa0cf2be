/**
 * Exports as they come (exports.md): what the rows of an export say about units, gathered while they
 * stream (a plain unit tree, paths on unit or employee rows, leaders), and turned into the same
 * departments, teams, owners and team memberships as the template's sheets once every sheet is read.
 * A workbook in the template's shape (an organisation sheet with `type`) passes through untouched.
 */
import { leaderFlag } from '../model/flags.js';
import type { ProposedRename } from '../model/organisation.js';
import type { Organisation, Source } from '../model/organisation.js';
import type { IssueCollector, SheetMeta } from './collector.js';
import type { RowCursor } from './cursor.js';
import { applyLeaders, LeaderFinder, type LeaderClaim } from './leaders.js';
import type { OrganisationRowsState } from './organisation.js';
import { departmentIds, placeUnits, type PlacedUnit } from './plain-tree.js';
import { placeImpliedTop, type RootOptions } from './implied-top.js';
import { proposeRenames } from './rename-proposals.js';
import type { CurrentView } from './types.js';
import { hasPathColumns, PathTree, readPath } from './units-from-paths.js';
import { deriveLeaders, type ManagerClaim } from './reporting-line.js';
import { validateUnitWords } from '../words/validate-units.js';

export interface ExportShapesState {
  pathSeparator: string | undefined;
  separators: Map<SheetMeta, string>;
  tree: PathTree;
  /** The organisation sheet's shape, once its first row is read; null: no such sheet, or the template's. */
  organisation: 'plain' | 'path' | null;
  plainUnits: PlacedUnit[];
  plainRows: Map<string, number>;
  /** Owners are managed on the units: an owner column on unit rows, or a leader flag column on employees. */
  ownersManaged: boolean;
  previousIds: Map<string, string>;
  /** Employee → the path key of the unit their row names. */
  employeePaths: Map<string, string>;
  leaders: LeaderClaim[];
  /** Each employee row's manager (exports.md "Who reports to whom"). */
  managers: ManagerClaim[];
}

export function newExportShapesState(pathSeparator: string | undefined): ExportShapesState {
  return {
    pathSeparator,
    separators: new Map(),
    tree: new PathTree(),
    organisation: null,
    plainUnits: [],
    plainRows: new Map(),
    ownersManaged: false,
    previousIds: new Map(),
    employeePaths: new Map(),
    leaders: [],
    managers: [],
  };
}

/** A row of an organisation sheet without `type`: a unit named by a path, or a row of a plain unit tree. */
export function readExportUnitRow(c: RowCursor, state: ExportShapesState): void {
  if (c.has('owner') || c.has('owner_email')) state.ownersManaged = true;
  const previousId = c.has('previous_id') ? c.text('previous_id') : null;
  if (hasPathColumns(c)) {
    state.organisation = 'path';
    const path = readPath(c, state.separators, state.pathSeparator, c.has('id') ? c.text('id') : null);
    if (path === null) {
      c.error(c.has('unit_path') ? 'unit_path' : 'level_1', 'required', validateUnitWords().pathEmpty, null);
    }
    if (!path) return;
    const key = state.tree.add(path, c.source());
    if (previousId !== null) state.previousIds.set(key, previousId);
    claimOwner(c, state, { pathKey: key });
    return;
  }
  state.organisation = 'plain';
  const id = c.required('id', validateUnitWords().plainIdEmpty);
  const name = c.required('name', validateUnitWords().plainNameEmpty);
  const parentId = c.text('parent_id');
  if (id === null) return;
  const first = state.plainRows.get(id);
  if (first !== undefined) {
    c.error('id', 'duplicate_id', validateUnitWords().duplicatePlainId(id, first));
    return;
  }
  state.plainRows.set(id, c.row);
  const unit: PlacedUnit = { id, name: name ?? '', parentId, source: c.source(), derived: false };
  if (previousId !== null && previousId !== id) unit.previousId = previousId;
  state.plainUnits.push(unit);
  claimOwner(c, state, { id });
}

function claimOwner(c: RowCursor, state: ExportShapesState, unit: LeaderClaim['unit']): void {
  const owner = c.has('owner') ? c.text('owner') : null;
  const email = owner === null && c.has('owner_email') ? c.text('owner_email') : null;
  if (owner !== null) state.leaders.push({ unit, who: owner, byEmail: false, source: c.source(), column: 'owner' });
  else if (email !== null) state.leaders.push({ unit, who: email, byEmail: true, source: c.source(), column: 'owner_email' });
}

/**
 * An employee row's unit and leader flag: the path it names (the unit's key), a `unit_id` (used as the
 * team), and `is_manager`. Answers the team id a `unit_id` gives, when the row has no `team_id`.
 */
export function readEmployeeUnit(
  c: RowCursor,
  employeeId: string,
  teamId: string | null | undefined,
  source: Source,
  state: ExportShapesState,
): string | null | undefined {
  let unit: LeaderClaim['unit'] | undefined;
  let unitId = teamId;
  if (hasPathColumns(c)) {
    const path = readPath(c, state.separators, state.pathSeparator, c.has('unit_id') ? c.text('unit_id') : null);
    if (path) {
      const key = state.tree.add(path, source);
      state.employeePaths.set(employeeId, key);
      unit = { pathKey: key };
    }
  } else if (teamId === undefined && c.has('unit_id')) {
    unitId = c.text('unit_id');
  }
  if (!unit && unitId) unit = { id: unitId };
  if (c.has('manager')) {
    // The leaders are derived from the reporting line: the units' owners are managed.
    state.ownersManaged = true;
    const manager = c.text('manager');
    if (manager !== null) state.managers.push({ employeeId, who: manager, source });
  }
  if (!c.has('is_manager')) return unitId;
  state.ownersManaged = true;
  const flag = c.text('is_manager');
  const leader = leaderFlag(flag);
  if (leader === false) return unitId;
  if (leader === undefined) {
    c.error('is_manager', 'invalid_value', validateUnitWords().unknownLeaderFlag(flag));
  } else if (!unit) {
    c.error('is_manager', 'invalid_value', validateUnitWords().leaderWithoutUnit);
  } else {
    state.leaders.push({ unit, who: employeeId, byEmail: false, source, column: 'is_manager' });
  }
  return unitId;
}

/**
 * Once every sheet is read: the units of a plain tree or of paths placed as departments and teams, the
 * employees in them (a department's employees in its own team), owners from leader rows and flags, and
 * rename proposals for derived ids. Answers whether the export defined the units (the organisation is
 * then managed even without an organisation sheet).
 */
export function resolveExportShapes(
  org: Organisation,
  state: ExportShapesState,
  rowsState: OrganisationRowsState,
  current: CurrentView | undefined,
  issues: IssueCollector,
  acceptRenames: boolean | ReadonlySet<string>,
  proposals: ProposedRename[] = [],
  root: RootOptions = {},
): boolean {
  const finder = new LeaderFinder(org, current);
  if (state.tree.size > 0) {
    const { units, idOf } = state.tree.units(current, issues);
    if (units.length === 0) return false;
    const placed: PlacedUnit[] = units.map((unit) => {
      const previousId = unit.key === undefined ? undefined : state.previousIds.get(unit.key);
      return {
        ...unit,
        ...(state.ownersManaged && { owner: null }),
        ...(previousId !== undefined && previousId !== unit.id && { previousId }),
      };
    });
    const byId = new Map(placed.map((u) => [u.id, u]));
    const workedIn = new Set<string>();
    const membersOf = new Map<string, Set<string>>();
    for (const [employeeId, key] of state.employeePaths) {
      const id = idOf.get(key);
      const employee = org.employees.get(employeeId);
      if (id === undefined || !employee) continue;
      employee.teamId = id;
      workedIn.add(id);
      (membersOf.get(id) ?? membersOf.set(id, new Set()).get(id)!).add(employeeId);
    }
    const unitOf = (claim: LeaderClaim) => byId.get('pathKey' in claim.unit ? (idOf.get(claim.unit.pathKey) ?? '') : claim.unit.id);
    const claimed = applyLeaders(state.leaders, unitOf, finder, issues);
    deriveLeaders(placed, state.managers, teamOf(org), claimed, org, issues);
    if (current) proposeRenames(placed, departmentIds(placed, current), membersOf, current, acceptRenames, issues, proposals);
    placeUnits(placed, workedIn, org, rowsState, current, issues);
    return true;
  }
  if (state.organisation === 'plain') {
    if (state.ownersManaged) for (const unit of state.plainUnits) unit.owner ??= null;
    placeImpliedTop(state.plainUnits, current, root, rowsState, issues);
    const byId = new Map(state.plainUnits.map((u) => [u.id, u]));
    const claimed = applyLeaders(state.leaders, (claim) => ('id' in claim.unit ? byId.get(claim.unit.id) : undefined), finder, issues);
    deriveLeaders(state.plainUnits, state.managers, teamOf(org), claimed, org, issues);
    const workedIn = new Set<string>();
    for (const employee of org.employees.values()) if (employee.teamId) workedIn.add(employee.teamId);
    placeUnits(state.plainUnits, workedIn, org, rowsState, current, issues);
    return false;
  }
  // The template's organisation sheet (or none): leader flags name units by their team id.
  const unitOf = (claim: LeaderClaim) =>
    'id' in claim.unit ? (org.teams.get(claim.unit.id) ?? org.departments.get(claim.unit.id)) : undefined;
  const claimed = applyLeaders(state.leaders, unitOf, finder, issues);
  // Only with an organisation sheet of the template's (read when its fields were): without one, units are not managed.
  if (state.organisation === null && rowsState.fields !== undefined) deriveTemplateLeaders(org, state.managers, claimed, issues);
  return false;
}

function teamOf(org: Organisation): (employeeId: string) => string | null | undefined {
  return (employeeId) => org.employees.get(employeeId)?.teamId;
}

/**
 * The template's organisation sheet: departments and teams keep their own ids (a team may share a
 * department's id), so the reporting line is read over units keyed by kind, and the owners set back.
 */
function deriveTemplateLeaders(
  org: Organisation,
  managers: readonly ManagerClaim[],
  claimed: ReadonlySet<string>,
  issues: IssueCollector,
): void {
  if (managers.length === 0) return;
  const units = [
    ...[...org.departments.values()].map((unit) => ({
      unit,
      led: { ...unit, id: `d:${unit.id}`, parentId: unit.parentId && `d:${unit.parentId}` },
    })),
    ...[...org.teams.values()].map((unit) => ({ unit, led: { ...unit, id: `t:${unit.id}`, parentId: `d:${unit.departmentId}` } })),
  ];
  // A unit its owner column or a leader flag names keeps that leader; a blank owner is filled in from the line.
  const keyed = new Set(units.filter(({ unit }) => claimed.has(unit.id) || Boolean(unit.owner)).map(({ led }) => led.id));
  deriveLeaders(
    units.map(({ led }) => led),
    managers,
    (employeeId) => {
      const team = org.employees.get(employeeId)?.teamId;
      return team ? `t:${team}` : team;
    },
    keyed,
    org,
    issues,
  );
  for (const { unit, led } of units) {
    if (led.ownerFrom === undefined) continue;
    unit.owner = led.owner;
    unit.ownerFrom = led.ownerFrom;
  }
}
