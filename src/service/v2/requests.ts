/**
 * Request bodies for v2. Bodies wrap fields in `employee`, `team` or `department`; client ids travel as
 * `ext_id`. Creates leave out empty optional fields; updates send null to clear. A team update always
 * carries its department and a department update its parent (v2's field tables require them).
 */
import { EMPLOYEE_FIELDS, UNIT_FIELDS, USER_FIELDS } from '../../model/fields.js';
import type { EmployeeChanges, OperationOf, UnitChanges, UserChanges } from '../../model/operations.js';
import { writeChanges, writeFields } from '../field-wire.js';

/** v2 has no users: a new employee carries the person's value fields beside its own. */
export function employeeCreateBody(op: OperationOf<'createEmployee'>): unknown {
  return {
    employee: { ext_id: op.id, ...writeFields(USER_FIELDS, 'v2', op.user, 'create'), ...writeFields(EMPLOYEE_FIELDS, 'v2', op, 'create') },
  };
}

export function personBody(changes: UserChanges): unknown {
  return { employee: writeChanges(USER_FIELDS, 'v2', changes) };
}

export function employmentBody(changes: EmployeeChanges): unknown {
  return { employee: writeChanges(EMPLOYEE_FIELDS, 'v2', changes) };
}

export function employeeRenameBody(toId: string): unknown {
  return { employee: { ext_id: toId } };
}

/** What a unit update sends besides its parent: its changed value fields, or a new client id (rename). */
export interface UnitUpdate {
  changes?: UnitChanges;
  extId?: string;
}

function unitFields({ changes = {}, extId }: UnitUpdate): Record<string, unknown> {
  return { ...(extId !== undefined && { ext_id: extId }), ...writeChanges(UNIT_FIELDS, 'v2', changes) };
}

export function teamCreateBody(op: OperationOf<'createTeam'>): unknown {
  return { team: { ext_id: op.id, ...writeFields(UNIT_FIELDS, 'v2', op, 'create'), department: op.departmentId } };
}

export function teamUpdateBody(departmentId: string, update: UnitUpdate = {}, members?: readonly string[]): unknown {
  return { team: { department: departmentId, ...unitFields(update), ...(members !== undefined && { employees: [...members] }) } };
}

export function departmentCreateBody(op: OperationOf<'createDepartment'>): unknown {
  return { department: { ext_id: op.id, ...writeFields(UNIT_FIELDS, 'v2', op, 'create'), parent_department: op.parentId } };
}

/** `parentId` null: the top department, which has no parent to send. */
export function departmentUpdateBody(parentId: string | null, update: UnitUpdate = {}): unknown {
  return { department: { ...(parentId !== null && { parent_department: parentId }), ...unitFields(update) } };
}

export function dialogBody(employeeId: string, date: string): unknown {
  return { employee: employeeId, date };
}
