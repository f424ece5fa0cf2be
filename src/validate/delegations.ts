/**
 * The delegations sheet: one row per delegated responsibility. Whether a responsibility fits depends on
 * what the unit is, which only the whole workbook (and the service) can tell, so rows are kept as read
 * and checked once every sheet is read.
 */
import type { Delegation, Organisation, Source, UnitKind } from '../model/organisation.js';
import type { IssueCollector } from './collector.js';
import type { RowCursor } from './cursor.js';
import type { References } from './references.js';
import { parseResponsibility } from './values.js';

export interface DelegationRow {
  unitId: string | null;
  responsibility: string | null;
  employeeId: string | null;
  source: Source;
}

export function readDelegationRow(c: RowCursor, rows: DelegationRow[], api: 'v3' | 'v2'): void {
  if (api === 'v2') {
    c.error(
      null,
      'not_supported',
      'Delegations cannot be sent with API version 2. Remove this row (or the whole Delegations sheet), or import with --api v3.',
      null,
    );
    return;
  }
  const unitId = c.required('unit_id', 'The unit_id is empty. Write the id of the department or team.');
  const responsibility = c.required('responsibility', 'The responsibility is empty. Choose one from the list for the kind of unit.');
  const employeeId = c.required('employee_id', 'The employee_id is empty. Write the id of the employee who gets the responsibility.');
  rows.push({ unitId, responsibility, employeeId, source: c.source() });
}

const KIND_NAMES: Record<UnitKind, string> = { department: 'departments', team: 'teams' };

export function checkDelegations(rows: readonly DelegationRow[], org: Organisation, refs: References, issues: IssueCollector): Delegation[] {
  const delegations: Delegation[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const meta = issues.sheetOf(row.source);
    const line = row.source.row;
    const kinds = row.unitId === null ? 'blank' : refs.unit(meta, line, 'unit_id', row.unitId);
    // A delegation on a unit that does not exist gives that one error and nothing else.
    if (kinds === 'unknown') continue;

    const responsibility = row.responsibility === null ? undefined : parseResponsibility(row.responsibility);
    let unitKind: UnitKind | undefined = responsibility?.kind;
    if (row.responsibility !== null && responsibility === undefined) {
      issues.error(
        meta,
        line,
        'responsibility',
        'invalid_value',
        `The responsibility "${row.responsibility}" is not recognised. Choose one from the list (for example dialog_access_cv for a team, configuration for a department).`,
        row.responsibility,
      );
    } else if (responsibility && Array.isArray(kinds) && !kinds.includes(responsibility.kind)) {
      const unitKindName = kinds[0]!;
      issues.error(
        meta,
        line,
        'responsibility',
        'invalid_value',
        `The responsibility "${responsibility.name}" is for ${KIND_NAMES[responsibility.kind]}, but "${row.unitId}" is a ${unitKindName}. Choose a responsibility for ${KIND_NAMES[unitKindName]}.`,
        row.responsibility,
      );
      unitKind = undefined;
    }

    const employeeOk = row.employeeId !== null && refs.activeEmployee(meta, line, 'employee_id', row.employeeId, 'hold a delegation') !== 'unknown';
    if (!employeeOk || unitKind === undefined || row.unitId === null || !responsibility) continue;

    const key = `${unitKind}\u0000${row.unitId}\u0000${responsibility.name}\u0000${row.employeeId}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.warning(
        meta,
        line,
        null,
        'duplicate_delegation',
        `This delegation repeats row ${first} (${responsibility.name} on "${row.unitId}" for employee "${row.employeeId}"); it is sent once.`,
        null,
      );
      continue;
    }
    seen.set(key, line);
    delegations.push({ unitKind, unitId: row.unitId, responsibility: responsibility.name, employeeId: row.employeeId!, source: row.source });
  }
  return delegations;
}
