/**
 * The delegations sheet: one row per delegated responsibility. Whether a responsibility fits depends on
 * what the unit is, which only the whole workbook (and the service) can tell, so rows are kept as read
 * and checked once every sheet is read.
 */
import type { Delegation, Source, UnitKind } from '../model/organisation.js';
import type { IssueCollector } from './collector.js';
import type { RowCursor } from './cursor.js';
import type { References } from './references.js';
import { parseResponsibility } from './values.js';
import { validateReferenceWords } from '../words/validate-references.js';

export interface DelegationRow {
  unitId: string | null;
  responsibility: string | null;
  employeeId: string | null;
  source: Source;
}

export function readDelegationRow(c: RowCursor, rows: DelegationRow[], api: 'v3' | 'v2'): void {
  if (api === 'v2') {
    c.error(null, 'not_supported', validateReferenceWords().delegationsNeedV3, null);
    return;
  }
  const unitId = c.required('unit_id', validateReferenceWords().delegationUnitEmpty);
  const responsibility = c.required('responsibility', validateReferenceWords().responsibilityEmpty);
  const employeeId = c.required('employee_id', validateReferenceWords().delegateEmpty);
  rows.push({ unitId, responsibility, employeeId, source: c.source() });
}

export function checkDelegations(rows: readonly DelegationRow[], refs: References, issues: IssueCollector): Delegation[] {
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
        validateReferenceWords().unknownResponsibility(row.responsibility),
        row.responsibility,
      );
    } else if (responsibility && Array.isArray(kinds) && !kinds.includes(responsibility.kind)) {
      const unitKindName = kinds[0]!;
      issues.error(
        meta,
        line,
        'responsibility',
        'invalid_value',
        validateReferenceWords().responsibilityForOtherKind(responsibility.name, responsibility.kind, row.unitId, unitKindName),
        row.responsibility,
      );
      unitKind = undefined;
    }

    const employeeOk =
      row.employeeId !== null && refs.activeEmployee(meta, line, 'employee_id', row.employeeId, 'delegation') !== 'unknown';
    if (!employeeOk || unitKind === undefined || row.unitId === null || !responsibility) continue;

    const key = `${unitKind}\u0000${row.unitId}\u0000${responsibility.name}\u0000${row.employeeId}`;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.warning(
        meta,
        line,
        null,
        'duplicate_delegation',
        validateReferenceWords().duplicateDelegation(first, responsibility.name, row.unitId, row.employeeId),
        null,
      );
      continue;
    }
    seen.set(key, line);
    delegations.push({
      unitKind,
      unitId: row.unitId,
      responsibility: responsibility.name,
      employeeId: row.employeeId!,
      source: row.source,
    });
  }
  return delegations;
}
