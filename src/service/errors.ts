import { EXIT, OrgsyncError } from '../errors.js';

export interface FieldError {
  resource: string;
  field: string;
  error: string;
}

/**
 * A request the service did not carry out. `kind` tells the loader what it may do next:
 * - `rejected`: the service answered 4xx (not 429) — final for this row; `status` and `serviceMessage` say why.
 * - `unavailable`: 429/503/5xx/network still failing after every retry — the run can be resumed later.
 * - `unknown_outcome`: a write was sent and the connection was lost before the answer — verify before resending.
 * - `auth`: 401 — nothing else will work either; the run stops (exit 3).
 */
export class ServiceError extends OrgsyncError {
  constructor(
    readonly kind: 'rejected' | 'unavailable' | 'unknown_outcome' | 'auth',
    message: string,
    readonly request: { method: string; path: string },
    readonly status: number | null = null,
    readonly serviceMessage: string | null = null,
    readonly fieldErrors: FieldError[] = [],
    options?: { cause?: unknown },
  ) {
    super(`service_${kind}`, message, kind === 'auth' ? EXIT.cannotStart : EXIT.partial, options);
    this.name = 'ServiceError';
  }
}
