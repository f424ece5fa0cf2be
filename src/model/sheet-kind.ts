/** The four kinds of sheet of sheets.md: every stage names a sheet by its kind. */
export type SheetKind = 'employees' | 'organisation' | 'absence' | 'delegations';
export const SHEET_KINDS: readonly SheetKind[] = ['employees', 'organisation', 'absence', 'delegations'];
