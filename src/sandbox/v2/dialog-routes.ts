/**
 * v2 "Sickness absence": sick list, report sick (POST), move the sick date (PATCH), report fit (DELETE with
 * a body). A dialog is the employee's open absence period, shared with v3.
 */
import type { FastifyInstance } from 'fastify';
import { notFound, RESOURCE } from '../errors.js';
import { listAnswer, params, type RouteKit } from '../http/kit.js';
import {
  endAbsence,
  moveOpenAbsenceStart,
  openAbsence,
  refuseReportInsideClosedPeriod,
  reportAbsence,
  V2_DIALOG_FIELDS,
} from '../store/absences.js';
import type { AbsenceRecord, EmployeeRecord } from '../store/records.js';
import { FieldCheck, flat } from '../store/validation.js';
import { keyMode, mustFind, refsFor } from './refs.js';
import { v2Dialog } from './serialize.js';

export function registerV2Dialogs(app: FastifyInstance, kit: RouteKit): void {
  const company = kit.company;

  const readBody = (body: unknown, mode: ReturnType<typeof keyMode>) => {
    const input = flat(body);
    // v2 ids are service ids, which clients may send as JSON numbers.
    const check = new FieldCheck(
      typeof input.employee === 'number' ? { ...input, employee: String(input.employee) } : input,
      RESOURCE.dialog,
    );
    const employeeText = check.text('employee', true);
    const date = check.date('date', true);
    const employee = employeeText === undefined ? undefined : refsFor(company, mode).employee(employeeText);
    if (employeeText !== undefined && !employee) check.fail('employee', 'is not an active employee');
    check.done();
    return { employee: employee!, date: date! };
  };
  const openDialogOf = (employee: EmployeeRecord): AbsenceRecord => {
    const open = openAbsence(company, employee);
    if (!open) throw notFound(RESOURCE.dialog, employee.id ?? String(employee.sid));
    return open;
  };

  app.get(
    '/v2/siab/dialogs',
    kit.read((r) => {
      return listAnswer(r, company.openAbsences(), (absence) => v2Dialog(company, absence, keyMode(r)));
    }),
  );
  app.post(
    '/v2/siab/dialogs',
    kit.write((r) => {
      const mode = keyMode(r);
      const { employee, date } = readBody(r.body, mode);
      refuseReportInsideClosedPeriod(company, employee, date);
      const { absence, created } = reportAbsence(company, employee, date, undefined, V2_DIALOG_FIELDS);
      return {
        status: created ? 201 : 200,
        body: v2Dialog(company, absence, mode),
        // A report that updates an existing period (200) created nothing.
        ...(created ? { created: { kind: 'absence' as const, clientId: `${employee.id ?? `#${employee.sid}`}/${date}` } } : {}),
      };
    }),
  );
  app.patch(
    '/v2/siab/dialogs/:employee_id',
    kit.write((r) => {
      const mode = keyMode(r);
      const employee = mustFind(company.employees, params(r).employee_id!, mode, RESOURCE.employee, (e) => e.active);
      const check = new FieldCheck(flat(r.body), RESOURCE.dialog);
      const date = check.date('date', true);
      check.done();
      const absence = moveOpenAbsenceStart(company, openDialogOf(employee), date!);
      return { status: 200, body: v2Dialog(company, absence, mode) };
    }),
  );
  app.delete(
    '/v2/siab/dialogs',
    kit.write((r) => {
      const mode = keyMode(r);
      const { employee, date } = readBody(r.body, mode);
      const absence = endAbsence(company, openDialogOf(employee), date);
      return { status: 200, body: { ...v2Dialog(company, absence, mode), end_date: absence.endDate } };
    }),
  );
}
