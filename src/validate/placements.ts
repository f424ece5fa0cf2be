/**
 * People placed through another file (exports.md "People placed through another file"): some systems
 * export the people and their placements apart (engagements, `dept_emp`, OS2mo's `organisationfunktion`):
 * a row per person, unit, role, from and to. The placements sheet is joined onto the people by the
 * person's employee id, current rows only (from on or before today, to blank, a word for no end, or on
 * or after today): a leader row makes the person the unit's leader, another row places them in the unit.
 */
import type { Organisation, Source } from '../model/organisation.js';
import { leaderFlag } from '../model/flags.js';
import { nameMatchKey } from '../sheets/columns.js';
import type { IssueCollector } from './collector.js';
import type { RowCursor } from './cursor.js';
import type { ExportShapesState } from './export-shapes.js';
import { validateReportingWords } from '../words/validate-reporting.js';
import { validateRowWords } from '../words/validate-rows.js';
import { validateUnitWords } from '../words/validate-units.js';

interface Placement {
  employeeId: string;
  unit: string;
  leader: boolean;
  source: Source;
}

export interface PlacementRows {
  /** Current rows, in row order. */
  current: Placement[];
  /** The placements sheet has a role column: the units' leaders come from it (owners are managed). */
  roles: boolean;
  read: boolean;
}

export function newPlacementRows(): PlacementRows {
  return { current: [], roles: false, read: false };
}

export function readPlacementRow(c: RowCursor, rows: PlacementRows): void {
  rows.read = true;
  if (c.has('is_manager')) rows.roles = true;
  const employeeId = c.required('employee_id', validateRowWords().placementPersonEmpty);
  const unit = c.required('unit_id', validateRowWords().placementUnitEmpty);
  const from = c.has('start_date') ? c.date('start_date') : null;
  const to = c.has('end_date') ? c.date('end_date') : null;
  const role = c.has('is_manager') ? c.text('is_manager') : null;
  const leader = leaderFlag(role);
  if (leader === undefined) c.error('is_manager', 'invalid_value', validateUnitWords().unknownLeaderFlag(role));
  if (employeeId === null || unit === null || from === undefined || to === undefined || leader === undefined) return;
  if ((from !== null && from > c.today) || (to !== null && to < c.today)) return;
  rows.current.push({ employeeId, unit, leader, source: c.source() });
}

/**
 * Each person's unit and the units' leaders, from the current placements. A person of the people list
 * with no current placement works in no team (unless the people list places them itself); a second
 * current placement of one person, and a current placement of someone the people list lacks, are
 * warnings at their rows (the first placement counts).
 */
export function joinPlacements(
  org: Organisation,
  rows: PlacementRows,
  shapes: ExportShapesState,
  unitsWritten: Set<string>,
  issues: IssueCollector,
): void {
  if (!rows.read) return;
  const words = validateReportingWords();
  const placedAt = new Map<string, Placement>();
  for (const placement of rows.current) {
    const employee = org.employees.get(placement.employeeId);
    const at = issues.sheetOf(placement.source);
    if (!employee) {
      issues.warning(
        at,
        placement.source.row,
        'employee_id',
        'placement',
        words.placementOfNobody(placement.employeeId),
        placement.employeeId,
      );
      continue;
    }
    if (placement.leader) {
      shapes.leaders.push({
        unit: { id: unitIdOf(placement.unit, shapes) },
        who: employee.id,
        byEmail: false,
        source: placement.source,
        column: 'is_manager',
      });
      continue;
    }
    const first = placedAt.get(employee.id);
    if (first) {
      issues.warning(at, placement.source.row, 'unit_id', 'placement', words.secondPlacement(first.unit, first.source.row), placement.unit);
      continue;
    }
    placedAt.set(employee.id, placement);
  }
  if (rows.roles) shapes.ownersManaged = true;
  for (const employee of org.employees.values()) {
    const placement = placedAt.get(employee.id);
    if (placement) {
      employee.teamId = placement.unit;
      unitsWritten.add(placement.unit);
    } else if (employee.teamId === undefined) employee.teamId = null;
  }
}

/** A leader row's unit as the unit list's id: the id itself, or the one unit of the list with that name. */
function unitIdOf(unit: string, shapes: ExportShapesState): string {
  if (shapes.plainUnits.some((u) => u.id === unit)) return unit;
  const key = nameMatchKey(unit);
  const named = shapes.plainUnits.filter((u) => nameMatchKey(u.name) === key);
  return named.length === 1 ? named[0]!.id : unit;
}
