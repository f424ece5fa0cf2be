/**
 * Delegations on departments and teams, with the responsibility tables of v3 "Delegation".
 */
import { notFound, RESOURCE } from '../errors.js';
import type { Company } from './company.js';
import type { DelegationRecord } from './records.js';
import { FieldCheck, type Input } from './validation.js';

export type UnitKind = 'department' | 'team';

export const RESPONSIBILITIES: Record<UnitKind, readonly string[]> = {
  team: ['dialog_access_cv', 'dialog_access_onboarding', 'dialog_access_siab', 'dialog_access_edp', 'dialog_access_wpa'],
  department: [
    'manage_organisation_department',
    'configuration',
    'department_task_report_siab',
    'department_task_report_edp',
    'department_task_report_wpa',
  ],
};

export function createDelegation(company: Company, unitKind: UnitKind, unitSid: number, input: Input): DelegationRecord {
  const check = new FieldCheck(input, RESOURCE.delegation);
  const responsibility = check.oneOf('responsibility', RESPONSIBILITIES[unitKind], true);
  const employeeId = check.text('employee_id', true);
  const employee = employeeId === undefined ? undefined : company.employees.byId(employeeId);
  if (employeeId !== undefined && !employee?.active) check.fail('employee_id', 'is not an active employee');
  if (responsibility !== undefined && employee) {
    const duplicate = company
      .delegationsOn(unitKind, unitSid)
      .some((d) => d.responsibility === responsibility && d.employeeSid === employee.sid);
    if (duplicate) check.fail('responsibility', 'has already been delegated to this employee');
  }
  check.done();
  return company.delegations.insert({
    sid: company.delegations.allocateSid(),
    id: null,
    unitKind,
    unitSid,
    responsibility: responsibility!,
    employeeSid: employee!.sid,
  });
}

export function findDelegation(company: Company, unitKind: UnitKind, unitSid: number, delegationId: string): DelegationRecord {
  const delegation = company.delegations.bySidText(delegationId);
  if (!delegation || delegation.unitKind !== unitKind || delegation.unitSid !== unitSid) {
    throw notFound(RESOURCE.delegation, delegationId);
  }
  return delegation;
}

export function destroyDelegation(company: Company, delegation: DelegationRecord): void {
  company.delegations.delete(delegation);
}
