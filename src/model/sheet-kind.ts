/**
 * The kinds of sheet: the template's four of sheets.md, and an export's placements (exports.md "People
 * placed through another file"), which the template never has. Every stage names a sheet by its kind.
 */
export type TemplateKind = 'employees' | 'organisation' | 'absence' | 'delegations';
export type SheetKind = TemplateKind | 'placements';
/** The template's kinds: the ones a sheet's headers alone can make (a placements file is named as one). */
export const SHEET_KINDS: readonly TemplateKind[] = ['employees', 'organisation', 'absence', 'delegations'];
/** Every kind, the placements included: the sections a `--map` profile may have. */
export const ALL_SHEET_KINDS: readonly SheetKind[] = [...SHEET_KINDS, 'placements'];
