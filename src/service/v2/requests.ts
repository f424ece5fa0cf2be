/**
 * Request bodies for v2. Bodies wrap fields in `employee`, `team` or `department`; client ids travel as
 * `ext_id`. Creates leave out empty optional fields; updates send null to clear. A team update always
 * carries its department and a department update its parent (v2's field tables require them).
 */
import type { OperationOf, UserFields } from '../../model/operations.js';

export function employeeCreateBody(op: OperationOf<'createEmployee'>): unknown {
  return {
    employee: withoutEmpty({
      ext_id: op.id,
      name: op.user.name,
      email: op.user.email,
      username: op.user.username,
      gender: op.user.gender,
      birthday: op.user.birthday,
      employment: op.employment,
    }),
  };
}

export function personBody(changes: Partial<UserFields>): unknown {
  return { employee: definedOnly(changes) };
}

export function employmentBody(changes: { employment?: string | null }): unknown {
  return { employee: definedOnly(changes) };
}

export function employeeRenameBody(toId: string): unknown {
  return { employee: { ext_id: toId } };
}

interface UnitChanges {
  name?: string;
  owner?: string | null;
  /** A new client id (rename). */
  extId?: string;
}

function unitFields(changes: UnitChanges): Record<string, unknown> {
  return definedOnly({ ext_id: changes.extId, name: changes.name, responsible_employee: changes.owner });
}

export function teamCreateBody(op: OperationOf<'createTeam'>): unknown {
  return {
    team: withoutEmpty({ ext_id: op.id, name: op.name, department: op.departmentId, responsible_employee: op.owner }),
  };
}

export function teamUpdateBody(departmentId: string, changes: UnitChanges = {}, members?: readonly string[]): unknown {
  return { team: { department: departmentId, ...unitFields(changes), ...(members !== undefined && { employees: [...members] }) } };
}

export function departmentCreateBody(op: OperationOf<'createDepartment'>): unknown {
  return {
    department: withoutEmpty({
      ext_id: op.id,
      name: op.name,
      parent_department: op.parentId,
      responsible_employee: op.owner,
    }),
  };
}

/** `parentId` null: the top department, which has no parent to send. */
export function departmentUpdateBody(parentId: string | null, changes: UnitChanges = {}): unknown {
  return { department: { ...(parentId !== null && { parent_department: parentId }), ...unitFields(changes) } };
}

export function dialogBody(employeeId: string, date: string): unknown {
  return { employee: employeeId, date };
}

/** Drops undefined and null: on create, "no value" is simply not sent. */
function withoutEmpty<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null)) as Partial<T>;
}

/** Drops undefined only: on update, null clears the field. */
function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
