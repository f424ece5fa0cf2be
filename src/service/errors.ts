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
export type ServiceErrorKind = 'rejected' | 'unavailable' | 'unknown_outcome' | 'auth';

export interface ServiceErrorFields {
  kind: ServiceErrorKind;
  message: string;
  request: { method: string; path: string };
  /** HTTP status of the answer; none when no answer came. */
  status?: number | null;
  /** What the service said, as a sentence (secrets removed). */
  serviceMessage?: string | null;
  fieldErrors?: FieldError[];
  cause?: unknown;
}

export class ServiceError extends OrgsyncError {
  readonly kind: ServiceErrorKind;
  readonly request: { method: string; path: string };
  readonly status: number | null;
  readonly serviceMessage: string | null;
  readonly fieldErrors: FieldError[];

  constructor(fields: ServiceErrorFields) {
    const { kind, message, cause } = fields;
    super(`service_${kind}`, message, kind === 'auth' ? EXIT.cannotStart : EXIT.partial, cause === undefined ? undefined : { cause });
    this.name = 'ServiceError';
    this.kind = kind;
    this.request = fields.request;
    this.status = fields.status ?? null;
    this.serviceMessage = fields.serviceMessage ?? null;
    this.fieldErrors = fields.fieldErrors ?? [];
  }
}
