/**
 * Operations: a discriminated union, one variant per thing the importer can ask the service to do.
 * Every operation carries a stable key (for the journal and the dependency graph), its reason as a code
 * with values (src/view/ says it in words), and the workbook row it came from. Adapters translate operations into requests for their API
 * version; nothing here knows a path or a field name of the API.
 */
import type { Department, Employee, Source, UnitKind, User } from '../model/organisation.js';
import type { OperationReason, OperationReasonCode } from '../model/reasons.js';
import type { EmployeeFieldKey, UnitFieldKey, UserFieldKey } from './fields.js';

interface Base {
  /** Stable and unique within a plan: `${type}:${id...}`. */
  key: string;
  reason: OperationReason;
  source?: Source;
  /** Set on removals that only --prune asks for (the entity is merely absent from the workbook). */
  pruned?: true;
}

/** The person's value fields (USER_FIELDS) as a create sends them: a new person always gets a username. */
export type UserFields = Pick<User, UserFieldKey> & { username: string };

/** An employee's value fields (EMPLOYEE_FIELDS) as a create sends them; absent: not managed. */
export type EmployeeValues = Partial<Pick<Employee, EmployeeFieldKey>>;

/**
 * A unit's value fields (UNIT_FIELDS) as a create sends them: the name always, every other field the
 * workbook gives a value (a blank one is not sent).
 */
export type UnitValues = Pick<Department, UnitFieldKey>;

type Value<Entity, Key extends keyof Entity> = Exclude<Entity[Key], undefined>;

/**
 * The value fields an update changes (fields.ts), each with the value the service showed (`was`; absent
 * when it could not be seen, as a rehired employee's title) and the one sent (`now`).
 */
export type FieldChanges<Entity, Key extends keyof Entity> = {
  [K in Key]?: { was?: Value<Entity, K> | null; now: Value<Entity, K> };
};
export type UserChanges = FieldChanges<User, UserFieldKey>;
export type EmployeeChanges = FieldChanges<Employee, EmployeeFieldKey>;
export type UnitChanges = FieldChanges<Department, UnitFieldKey>;

export type Operation =
  | (Base & { type: 'createUser'; id: string; fields: UserFields })
  | (Base & {
      type: 'updateUser';
      id: string;
      changes: UserChanges;
      /** The username this update gives up (usernames are unique): whoever takes it waits for this update. */
      releasesUsername?: string;
    })
  | (Base & {
      type: 'createEmployee';
      id: string;
      userId: string;
      /** The person's fields: v2 has no users and sends them with every employee. */
      user: UserFields;
    } & EmployeeValues)
  | (Base & { type: 'updateEmployee'; id: string; changes: EmployeeChanges })
  | (Base & { type: 'renameEmployee'; id: string; fromId: string })
  | (Base & { type: 'fireEmployee'; id: string })
  | (Base & { type: 'rehireEmployee'; id: string; userId: string })
  | (Base & { type: 'createDepartment'; id: string; parentId: string } & UnitValues)
  | (Base & { type: 'updateDepartment'; id: string; changes: UnitChanges })
  | (Base & { type: 'moveDepartment'; id: string; parentId: string; fromParentId: string | null })
  | (Base & { type: 'renameDepartment'; id: string; fromId: string })
  | (Base & { type: 'deleteDepartment'; id: string })
  | (Base & { type: 'createTeam'; id: string; departmentId: string } & UnitValues)
  | (Base & { type: 'updateTeam'; id: string; changes: UnitChanges })
  | (Base & { type: 'moveTeam'; id: string; departmentId: string; fromDepartmentId: string })
  | (Base & { type: 'renameTeam'; id: string; fromId: string })
  | (Base & { type: 'deleteTeam'; id: string })
  | (Base & { type: 'addTeamMember'; teamId: string; employeeId: string })
  | (Base & { type: 'removeTeamMember'; teamId: string; employeeId: string })
  | (Base & {
      type: 'createDelegation';
      unitKind: UnitKind;
      unitId: string;
      responsibility: string;
      employeeId: string;
    })
  | (Base & {
      type: 'deleteDelegation';
      unitKind: UnitKind;
      unitId: string;
      responsibility: string;
      employeeId: string;
      serviceId: string;
    })
  | (Base & {
      type: 'reportAbsence';
      employeeId: string;
      startDate: string;
      endDate: string | null;
      /**
       * A first step of a correction: the start the service keeps for now (it moves a start later only
       * when the same end date is sent, so the next step sends that). Unset: the period is as sent.
       */
      keepsStart?: string;
    });

export type OperationType = Operation['type'];

type Unkeyed<O> = O extends Operation ? Omit<O, 'key'> : never;
/** An operation before its key: what `operation` is given. */
export type NewOperation = Unkeyed<Operation>;

/** What an operation changes, as the key's part after its type: one key per change within a plan. */
function identityOf(op: NewOperation): string {
  switch (op.type) {
    case 'renameEmployee':
    case 'renameDepartment':
    case 'renameTeam':
      return `${op.fromId}->${op.id}`;
    case 'addTeamMember':
    case 'removeTeamMember':
      // An employee is in one team: one membership change per employee.
      return op.employeeId;
    case 'createDelegation':
    case 'deleteDelegation':
      return `${op.unitKind}:${op.unitId}|${op.responsibility}|${op.employeeId}`;
    case 'reportAbsence':
      return `${op.employeeId}|${op.startDate}`;
    default:
      return op.id;
  }
}

/**
 * The one way to make an operation: its key (journal, dependency graph) is derived from its type and what
 * it changes. `step` tells apart the steps of one change (`temporary-username`, a correction's `end`).
 */
export function operation<O extends NewOperation>(fields: O, step?: string): O & { key: string } {
  // Joined, not a template: one flat string, where a template's pieces stay alive (72 bytes a key against
  // 48, for 300,000 keys the plan, the loader and the report hold to the end of a run).
  const key = (step === undefined ? [fields.type, ':', identityOf(fields)] : [fields.type, ':', identityOf(fields), ':', step]).join('');
  // `type` and `key` first, then the fields in their order: the order of the plan file's, the journal's and
  // undo.json's keys. Spread, the fields are laid out in the object itself rather than in a second one.
  const rest: Omit<O, 'type'> = fields;
  const op = { type: fields.type, key, ...rest } as unknown as O & { key: string };
  // (Only what the planner makes is sure to have a reason.)
  const code = (fields.reason as OperationReason | undefined)?.code;
  const shared = code === undefined ? undefined : SHARED_REASONS.get(code);
  if (shared !== undefined) op.reason = shared;
  return op;
}

/** The reasons that carry nothing but their code. */
type BareReasonCode = {
  [C in OperationReasonCode]: Exclude<keyof Extract<OperationReason, { code: C }>, 'code'> extends never ? C : never;
}[OperationReasonCode];

/**
 * One object for each reason that carries nothing but its code, shared by every operation with that
 * reason: 200,000 new people and employees need not each hold a `{code: 'new_person'}` of their own.
 */
const BARE_REASONS: { readonly [C in BareReasonCode]: Extract<OperationReason, { code: C }> } = {
  pruned: { code: 'pruned' },
  new_person: { code: 'new_person' },
  fire_left: { code: 'fire_left' },
  rehire_active: { code: 'rehire_active' },
  new_employment: { code: 'new_employment' },
};
const SHARED_REASONS: ReadonlyMap<OperationReasonCode, OperationReason> = new Map(
  Object.values(BARE_REASONS).map((reason) => [reason.code, Object.freeze(reason)]),
);
export type OperationOf<T extends OperationType> = Extract<Operation, { type: T }>;

export type Action =
  | 'create'
  | 'update'
  | 'move'
  | 'rename'
  | 'fire'
  | 'rehire'
  | 'delete'
  | 'add_member'
  | 'remove_member'
  | 'report_absence';
export type EntityKind = 'user' | 'employee' | 'department' | 'team' | 'membership' | 'delegation' | 'absence';

/** Every operation type, with how it is counted and shown: its action, the kind of entity it changes, its plan symbol. */
export const OPERATION_KINDS: Record<OperationType, { action: Action; entity: EntityKind; symbol: string }> = {
  createUser: { action: 'create', entity: 'user', symbol: '+' },
  updateUser: { action: 'update', entity: 'user', symbol: '~' },
  createEmployee: { action: 'create', entity: 'employee', symbol: '+' },
  updateEmployee: { action: 'update', entity: 'employee', symbol: '~' },
  renameEmployee: { action: 'rename', entity: 'employee', symbol: '≈' },
  fireEmployee: { action: 'fire', entity: 'employee', symbol: '-' },
  rehireEmployee: { action: 'rehire', entity: 'employee', symbol: '↺' },
  createDepartment: { action: 'create', entity: 'department', symbol: '+' },
  updateDepartment: { action: 'update', entity: 'department', symbol: '~' },
  moveDepartment: { action: 'move', entity: 'department', symbol: '→' },
  renameDepartment: { action: 'rename', entity: 'department', symbol: '≈' },
  deleteDepartment: { action: 'delete', entity: 'department', symbol: '-' },
  createTeam: { action: 'create', entity: 'team', symbol: '+' },
  updateTeam: { action: 'update', entity: 'team', symbol: '~' },
  moveTeam: { action: 'move', entity: 'team', symbol: '→' },
  renameTeam: { action: 'rename', entity: 'team', symbol: '≈' },
  deleteTeam: { action: 'delete', entity: 'team', symbol: '-' },
  addTeamMember: { action: 'add_member', entity: 'membership', symbol: '+' },
  removeTeamMember: { action: 'remove_member', entity: 'membership', symbol: '-' },
  createDelegation: { action: 'create', entity: 'delegation', symbol: '+' },
  deleteDelegation: { action: 'delete', entity: 'delegation', symbol: '-' },
  reportAbsence: { action: 'report_absence', entity: 'absence', symbol: '+' },
};

/** The id a report shows for an operation (the entity's own id, or a readable composite). */
export function operationId(op: Operation): string {
  switch (op.type) {
    case 'addTeamMember':
    case 'removeTeamMember':
      return `${op.employeeId}@${op.teamId}`;
    case 'createDelegation':
    case 'deleteDelegation':
      return `${op.unitId}/${op.responsibility}/${op.employeeId}`;
    case 'reportAbsence':
      return `${op.employeeId}:${op.startDate}`;
    default:
      return op.id;
  }
}
