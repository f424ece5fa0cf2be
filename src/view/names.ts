/**
 * Names, not ids alone, where people read (exports.md, issue 35): the terminal's plan lines name the
 * person or unit with its id and row ("- fire employee Sune Skriver (34705881-…, bruger row 4)"), and a
 * move says from where to where by name ("team Hovedbiblioteket → Bøger"). The names come from the
 * workbook's organisation, else the service's; the JSON report keeps the ids and reasons as they are.
 */
import { OPERATION_KINDS, operationId, type Operation } from '../model/operations.js';
import type { Organisation } from '../model/organisation.js';
import type { OperationReason, UnitChange } from '../model/reasons.js';
import { actionWords as vocabulary } from '../words/view-actions.js';
import { planWords } from '../words/view-plan.js';

export interface NameBook {
  user(id: string): string | undefined;
  employee(id: string): string | undefined;
  department(id: string): string | undefined;
  team(id: string): string | undefined;
}

/** The names of the workbook's people and units first, then the service's (a unit or person the plan removes). */
export function nameBook(desired: Organisation, current: Organisation): NameBook {
  const personOf = (org: Organisation, employeeId: string) => {
    const employee = org.employees.get(employeeId);
    return employee === undefined ? undefined : org.users.get(employee.userId)?.name;
  };
  const named = (text: string | undefined) => (text === undefined || text === '' ? undefined : text);
  return {
    user: (id) => named(desired.users.get(id)?.name ?? current.users.get(id)?.name),
    employee: (id) => named(personOf(desired, id) ?? personOf(current, id)),
    department: (id) => named(desired.departments.get(id)?.name ?? current.departments.get(id)?.name),
    team: (id) => named(desired.teams.get(id)?.name ?? current.teams.get(id)?.name),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID (OS2mo's ids) is shown by its first part beside the name: the JSON report has it whole. Any other id is shown as it is. */
export function shortId(id: string): string {
  return UUID.test(id) ? `${id.slice(0, 9)}…` : id;
}

/**
 * An operation named for the terminal: its action, the person's or unit's name, and in brackets its id
 * (shortened) and the row it came from; undefined when the name is not known (the id is shown instead).
 */
export function namedOperation(op: Operation, names: NameBook): string | undefined {
  const { action, entity } = OPERATION_KINDS[op.type];
  const words = vocabulary();
  const place = planWords().namedPlace(shortIds(op), op.source?.sheetName, op.source?.row);
  switch (op.type) {
    case 'addTeamMember':
    case 'removeTeamMember': {
      const person = names.employee(op.employeeId);
      const team = names.team(op.teamId);
      return person && team ? `${words.membership(action, person, team)}${place}` : undefined;
    }
    case 'reportAbsence': {
      const person = names.employee(op.employeeId);
      return person ? `${words.operation(action, null, `${person} ${op.startDate}`)}${place}` : undefined;
    }
    case 'createDelegation':
    case 'deleteDelegation': {
      const person = names.employee(op.employeeId);
      const unit = op.unitKind === 'team' ? names.team(op.unitId) : names.department(op.unitId);
      return person && unit ? `${words.operation(action, entity, `${person}: ${op.responsibility}, ${unit}`)}${place}` : undefined;
    }
    default: {
      const name =
        entity === 'user'
          ? names.user(op.id)
          : entity === 'employee'
            ? names.employee(op.id)
            : entity === 'department'
              ? names.department(op.id)
              : names.team(op.id);
      return name ? `${words.operation(action, entity, name)}${place}` : undefined;
    }
  }
}

function shortIds(op: Operation): string {
  if (op.type.startsWith('rename') && 'fromId' in op) return `${shortId(op.fromId)} → ${shortId(op.id)}`;
  if (op.type === 'addTeamMember' || op.type === 'removeTeamMember') return `${shortId(op.employeeId)}@${shortId(op.teamId)}`;
  return shortId(operationId(op));
}

/** The reason with the ids of the people and units it names given as their names, for the terminal only. */
export function namedReason(reason: OperationReason, names: NameBook): OperationReason {
  const team = (id: string) => names.team(id) ?? id;
  const department = (id: string) => names.department(id) ?? id;
  const person = (id: string) => names.employee(id) ?? id;
  const orNull = <T>(id: string | null, by: (id: string) => T) => (id === null ? null : by(id));
  switch (reason.code) {
    case 'team_change':
      return { ...reason, was: team(reason.was), now: team(reason.now) };
    case 'joins_team':
    case 'leaves_team':
    case 'emptied_for_deletion':
      return { ...reason, team: team(reason.team) };
    case 'parent':
      return { ...reason, was: orNull(reason.was, department), now: department(reason.now) };
    case 'team_department':
      return { ...reason, was: department(reason.was), now: department(reason.now) };
    case 'new_department':
    case 'new_team':
      return reason.leader ? { ...reason, leader: { ...reason.leader, employee: person(reason.leader.employee) } } : reason;
    case 'delegation':
      return { ...reason, employee: person(reason.employee), unit: reason.kind === 'team' ? team(reason.unit) : department(reason.unit) };
    case 'unit_changed':
      return { ...reason, changes: reason.changes.map((change) => namedChange(change, person)) };
    default:
      return reason;
  }
}

function namedChange(change: UnitChange, person: (id: string) => string): UnitChange {
  const orNull = (id: string | null) => (id === null ? null : person(id));
  switch (change.code) {
    case 'owner':
      return { ...change, was: orNull(change.was), now: person(change.now) };
    case 'owner_cleared':
      return { ...change, was: orNull(change.was) };
    case 'owner_unchanged':
      return { ...change, owner: person(change.owner), after: orNull(change.after) };
    case 'owner_cleared_inherits':
      return { ...change, was: orNull(change.was), after: orNull(change.after) };
    case 'owner_blank_unchanged':
      return { ...change, shown: person(change.shown), after: orNull(change.after) };
    default:
      return change;
  }
}
