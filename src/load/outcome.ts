import type { Operation } from '../plan/operations.js';

/** What became of one planned operation. */
export interface OperationOutcome {
  op: Operation;
  status: 'done' | 'failed' | 'skipped' | 'unchanged';
  /** HTTP status of the request that settled it; null when nothing was sent. */
  statusCode: number | null;
  /** The service's message for a failure, the reason a row was skipped, or a note ("rehired"). */
  message: string | null;
  /** For a failed operation: how the service failed it (`rejected`: the row's to fix; the others are transient). */
  failure?: 'rejected' | 'unavailable' | 'unknown_outcome' | 'auth' | 'error';
  /** For a skipped operation: the key of the failed operation it depended on. */
  blockedBy?: string;
}
