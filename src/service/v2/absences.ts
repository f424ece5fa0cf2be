/**
 * A sickness period {start, end|null} → v2's sickness dialog requests. v2 keeps one open dialog per
 * employee: POST reports sick from a date, PATCH moves that date, DELETE (with a body) reports fit on
 * the last sick day. What to send depends on the sick list, read once and kept current here.
 */
import type { OperationOf } from '../../model/operations.js';
import type { ExecuteResult } from '../adapter.js';
import { ServiceError } from '../errors.js';
import type { HttpClient } from '../http/client.js';
import { listAll, type PageOptions } from '../http/pagination.js';
import type { Mirror } from './mirror.js';
import { V2 } from './paths.js';
import { dialogBody } from './requests.js';
import { dialogFromWire, records } from './wire.js';
import { refused } from './refusal.js';
import { serviceWords } from '../../words/service.js';

/** v2's refusal of a sick report dated inside a period it holds: "… overlaps an earlier sickness absence". */
export function reportedBefore(error: unknown): boolean {
  if (!(error instanceof ServiceError) || error.kind !== 'rejected' || error.status !== 422) return false;
  const said = [error.serviceMessage ?? '', ...error.fieldErrors.map((e) => e.error)].join(' ');
  return /overlap/i.test(said) && /sick|absence|dialog/i.test(said);
}

/**
 * The sick list: employee id → the date they were reported sick, '' when the service answered no readable
 * date (the read said so): that employee is sick, so the workbook's date is set (PATCH), never reported again.
 */
export async function readSickList(client: HttpClient, pages: PageOptions): Promise<Map<string, string>> {
  const sick = new Map<string, string>();
  for (const dialog of records(await listAll(client, V2.dialogs, { ...pages, concurrency: 1 })).map(dialogFromWire)) {
    if (dialog.employeeId !== null) sick.set(dialog.employeeId, dialog.date ?? '');
  }
  return sick;
}

export async function reportAbsence(
  client: HttpClient,
  pages: PageOptions,
  mirror: Mirror,
  op: OperationOf<'reportAbsence'>,
): Promise<ExecuteResult> {
  mirror.sick ??= await readSickList(client, pages);
  const sick = mirror.sick;
  const employeeId = op.employeeId;
  const since = sick.get(employeeId);
  let status = 200;

  if (since === undefined) {
    try {
      status = (await client.request('POST', V2.dialogs, { body: dialogBody(employeeId, op.startDate), statusOnly: true })).status;
    } catch (error) {
      // The service holds a period covering this start already: reported by an earlier run whose answer
      // was lost, or whose ledger was deleted. It is the period the workbook asks for; resending never ends.
      if (reportedBefore(error)) return { status: 200, settled: 'already_done' };
      throw error;
    }
    sick.set(employeeId, op.startDate);
  } else if (since !== op.startDate) {
    if (op.endDate !== null && op.endDate < since) {
      // Moving the open dialog back and closing it would end the sickness the service has now.
      throw refused(op, serviceWords().sickSinceCannotAddEarlier(employeeId, since, op.startDate, op.endDate));
    }
    status = (await client.request('PATCH', V2.dialog(employeeId), { body: { date: op.startDate }, statusOnly: true })).status;
    sick.set(employeeId, op.startDate);
  } else if (op.endDate === null) {
    return { status: 200, settled: 'already_done' };
  }

  if (op.endDate === null) return { status };
  const fit = await client.request('DELETE', V2.dialogs, { body: dialogBody(employeeId, op.endDate), expect: [404] });
  if (fit.status === 404) {
    // No open dialog to close: the service already holds this period as closed (reported before).
    mirror.sick = await readSickList(client, pages);
    if (!mirror.sick.has(employeeId)) return { status: 200, settled: 'already_done' };
    throw refused(op, serviceWords().noOpenSickness(employeeId, op.endDate), 404);
  }
  sick.delete(employeeId);
  return { status: fit.status };
}
