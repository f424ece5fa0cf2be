/**
 * v3 "Delegations" (the same operations on departments and on teams) and "Sickness absence".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESOURCE } from '../errors.js';
import { listAnswer, params, type RouteKit } from '../http/kit.js';
import { reportAbsence } from '../store/absences.js';
import { createDelegation, destroyDelegation, findDelegation, type UnitKind } from '../store/delegations.js';
import type { DelegationRecord } from '../store/records.js';
import { FieldCheck, flat, wrapped } from '../store/validation.js';
import { v3Absence, v3Delegation } from './serialize.js';

export function registerV3DelegationsAndAbsence(app: FastifyInstance, kit: RouteKit): void {
  const company = kit.company;
  const delegationBody = (delegation: DelegationRecord) => v3Delegation(company, delegation);

  const units: { kind: UnitKind; segment: string; param: string }[] = [
    { kind: 'department', segment: 'departments', param: 'department_id' },
    { kind: 'team', segment: 'teams', param: 'team_id' },
  ];
  for (const { kind, segment, param } of units) {
    const unit = (request: FastifyRequest) => {
      const id = params(request)[param]!;
      return kind === 'department' ? company.departmentById(id) : company.teamById(id);
    };
    const base = `/v3/core/${segment}/:${param}/delegations`;
    app.get(
      base,
      kit.read((request) => listAnswer(request, company.delegationsOn(kind, unit(request).sid), delegationBody)),
    );
    app.post(
      base,
      kit.write((request) => {
        const record = unit(request);
        const delegation = createDelegation(company, kind, record.sid, wrapped(request.body, 'delegation'));
        const employeeId = company.employees.get(delegation.employeeSid)?.id ?? '';
        return {
          status: 201,
          body: delegationBody(delegation),
          created: { kind: 'delegation', clientId: `${kind}/${record.id ?? ''}/${delegation.responsibility}/${employeeId}` },
        };
      }),
    );
    app.delete(
      `${base}/:delegation_id`,
      kit.write((request) => {
        const delegation = findDelegation(company, kind, unit(request).sid, params(request).delegation_id!);
        const body = delegationBody(delegation);
        destroyDelegation(company, delegation);
        return { status: 200, body };
      }),
    );
  }

  app.post(
    '/v3/siab/dialogs',
    kit.write((request) => {
      const check = new FieldCheck(flat(request.body), RESOURCE.absence);
      const employeeId = check.text('employee_id', true);
      const startDate = check.date('start_date', true);
      const endDate = check.date('end_date', false);
      const employee = employeeId === undefined ? undefined : company.employees.byId(employeeId);
      if (employeeId !== undefined && !employee?.active) check.fail('employee_id', 'is not an active employee');
      check.done();
      const { absence, created } = reportAbsence(company, employee!, startDate!, endDate);
      return {
        status: created ? 201 : 200,
        body: v3Absence(company, absence),
        // A report that updates an existing period (200) created nothing.
        ...(created ? { created: { kind: 'absence' as const, clientId: `${employeeId}/${startDate}` } } : {}),
      };
    }),
  );
}
