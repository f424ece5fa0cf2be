/**
 * The template's own version, written into every template workbook (hidden sheet `_template`, A1
 * "template_version", B1 the version). When a change to the sheets matters to someone holding an older
 * copy, raise TEMPLATE_VERSION and say what changed in TEMPLATE_CHANGES: the reader warns with the
 * changes after the version it finds.
 */
export const TEMPLATE_VERSION = '1';

/** Name of the hidden sheet that carries the version and the drop-down lists. */
export const TEMPLATE_INFO_SHEET = '_template';
export const TEMPLATE_VERSION_LABEL = 'template_version';

export interface TemplateChange {
  version: string;
  changes: string;
}

/** Oldest first. */
export const TEMPLATE_CHANGES: readonly TemplateChange[] = [
  { version: '1', changes: 'First template: Employees, Organisation, Absence and Delegations sheets.' },
];

/**
 * The changes made after `version`, oldest first: empty for the current version (or a newer one), every
 * change when the version cannot be read as a number. Versions are whole numbers written as text.
 */
export function templateChangesSince(version: string): TemplateChange[] {
  const found = Number(version.trim());
  if (version.trim() === '' || !Number.isFinite(found)) return [...TEMPLATE_CHANGES];
  return TEMPLATE_CHANGES.filter((change) => Number(change.version) > found);
}
