/**
 * Every v2 path the adapter uses, in one place. Each carries `key_field=ext_id`, so ids in paths,
 * bodies and answers are the workbook's ids (the client ids), never the service's own.
 */
const seg = (id: string): string => encodeURIComponent(id);
const KEY = 'key_field=ext_id';
const keyed = (path: string): string => `${path}?${KEY}`;

export const V2 = {
  employees: keyed('/v2/core/employees'),
  employee: (id: string) => keyed(`/v2/core/employees/${seg(id)}`),
  teams: keyed('/v2/core/teams'),
  team: (id: string) => keyed(`/v2/core/teams/${seg(id)}`),
  departments: keyed('/v2/core/departments'),
  department: (id: string) => keyed(`/v2/core/departments/${seg(id)}`),
  /** GET lists the sick; POST reports sick; DELETE (with a body) reports fit. */
  dialogs: keyed('/v2/siab/dialogs'),
  /** PATCH moves the date the employee was reported sick. */
  dialog: (employeeId: string) => keyed(`/v2/siab/dialogs/${seg(employeeId)}`),
} as const;
