/**
 * New employees and units whose id differs from one the service has only by leading zeros (`00107` and
 * `107`, `M0042` and `M42`): an id column reads a number as Excel shows it (sheets.md "Cell values"), so
 * a workbook that pads its ids now meets a service filled from a copy that did not. The plan creates the
 * new one as the workbook says, and says so beside it: the user decides whether it is the same.
 */
import type { Organisation } from '../model/organisation.js';
import type { EntityLabel } from '../model/reasons.js';
import type { DiffNote } from './diff-common.js';

/** An id with each run of digits without its leading zeros: the same key for `00107` and `107`. */
function withoutZeros(id: string): string {
  return id.replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, ''));
}

const KINDS = { employees: 'employee', departments: 'department', teams: 'team' } as const satisfies Record<string, EntityLabel>;

/** Notes each such id of these kinds; `now` is the service as the plan's renames leave it, before anything is created. */
export function noteIdsDifferingByZeros(
  desired: Organisation,
  now: Organisation,
  notes: DiffNote[],
  keys: readonly (keyof typeof KINDS)[],
): void {
  for (const key of keys) {
    const kind = KINDS[key];
    const wanted = desired[key];
    const held = now[key];
    // The service's ids the workbook does not have, by their key: the ids a new one may be confused with.
    const byKey = new Map<string, string>();
    for (const id of held.keys()) if (!wanted.has(id) && /\d/.test(id)) byKey.set(withoutZeros(id), id);
    if (byKey.size === 0) continue;
    for (const [id, entity] of wanted) {
      if (held.has(id)) continue;
      const serviceId = byKey.get(withoutZeros(id));
      if (serviceId === undefined) continue;
      notes.push({
        reason: { code: 'id_differs_by_zeros', kind, id, serviceId },
        ...(entity.source ? { source: entity.source } : {}),
        subject: `${kind}:${id}`,
      });
    }
  }
}
