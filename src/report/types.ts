/** What the apply stage hands the reports: one outcome per planned operation (defined by the loader). */
export type { OperationOutcome } from '../load/outcome.js';
export type OperationStatus = import('../load/outcome.js').OperationOutcome['status'];
