import type { Operation } from '../../model/operations.js';
import { ServiceError } from '../errors.js';

/** An operation v2 cannot carry out: final for the row, with the reason. */
export function refused(op: Operation, message: string, status: number | null = null): ServiceError {
  return new ServiceError({ kind: 'rejected', message, request: { method: '-', path: op.type }, status, serviceMessage: message });
}
