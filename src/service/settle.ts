/**
 * The path every adapter takes after a request is rejected: a rejection that may only mean the operation
 * was carried out before (a resumed or repeated run) is checked against the service, and the operation
 * counts as settled when its effect is there; otherwise the rejection stands.
 */
import { assertNever } from '../assert-never.js';
import type { Operation, OperationOf } from '../model/operations.js';
import type { ExecuteResult, Settled } from './adapter.js';
import { ServiceError } from './errors.js';

/** Rejections that may only mean the operation was carried out before. */
const MAYBE_DONE_BEFORE = new Set([404, 409, 422]);

export function isRejection(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.kind === 'rejected';
}

export interface SettleSteps {
  /** Operations this version settles by its own rules or never sends: their rejection stands. */
  verifiable(op: Operation): boolean;
  verify(op: Operation): Promise<boolean>;
  /** A create whose employee id is taken (422): the version's own way to settle it (exists, or rehire). */
  createOverTakenId(op: OperationOf<'createEmployee'>, rejection: ServiceError): Promise<ExecuteResult>;
}

/** Settles `op` after `error`, or throws `error` when the operation was not carried out before. */
export async function settleRejected(op: Operation, error: unknown, steps: SettleSteps): Promise<ExecuteResult> {
  if (!isRejection(error) || error.status === null || !MAYBE_DONE_BEFORE.has(error.status) || !steps.verifiable(op)) throw error;
  if (op.type === 'createEmployee' && error.status === 422) return steps.createOverTakenId(op, error);
  if (await steps.verify(op)) {
    const settled = settledAs(op);
    return { status: settled === 'already_gone' ? 404 : 200, settled };
  }
  throw error;
}

/** What a rejected operation counts as when its effect turns out to be in the service already. */
export function settledAs(op: Operation): Exclude<Settled, 'rehired'> {
  switch (op.type) {
    case 'createUser':
    case 'createEmployee':
    case 'createDepartment':
    case 'createTeam':
    case 'addTeamMember':
    case 'createDelegation':
      return 'already_existed';
    case 'fireEmployee':
    case 'deleteDepartment':
    case 'deleteTeam':
    case 'removeTeamMember':
    case 'deleteDelegation':
      return 'already_gone';
    case 'updateUser':
    case 'updateEmployee':
    case 'renameEmployee':
    case 'rehireEmployee':
    case 'updateDepartment':
    case 'moveDepartment':
    case 'renameDepartment':
    case 'updateTeam':
    case 'moveTeam':
    case 'renameTeam':
    case 'reportAbsence':
      return 'already_done';
    default:
      return assertNever(op);
  }
}
