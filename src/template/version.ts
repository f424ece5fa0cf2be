/**
 * The template's own version, written into every template workbook (hidden sheet `_template`, A1
 * "template_version", B1 the version). When a change to the sheets matters to someone holding an older
 * copy, raise TEMPLATE_VERSION, add it to TEMPLATE_VERSIONS and say what changed in words/template.ts
 * (`changes`, in both languages): the reader warns with the changes after the version it finds.
 */
import { templateWords, type TemplateVersionWithChanges } from '../words/template.js';

export const TEMPLATE_VERSION = '1';

/** Name of the hidden sheet that carries the version and the drop-down lists. */
export const TEMPLATE_INFO_SHEET = '_template';
export const TEMPLATE_VERSION_LABEL = 'template_version';

export interface TemplateChange {
  version: string;
  /** What the version changed, in the run's language. */
  changes: string;
}

/** Every version that changed something, oldest first (each must have its words: a type error otherwise). */
export const TEMPLATE_VERSIONS: readonly TemplateVersionWithChanges[] = ['1'];

/** Every version with what it changed, oldest first, in the run's language. */
export function templateChanges(): TemplateChange[] {
  const words = templateWords();
  return TEMPLATE_VERSIONS.map((version) => ({ version, changes: words.changes[version] }));
}

/**
 * The changes made after `version`, oldest first: empty for the current version (or a newer one), every
 * change when the version cannot be read as a number. Versions are whole numbers written as text.
 */
export function templateChangesSince(version: string): TemplateChange[] {
  const found = Number(version.trim());
  if (version.trim() === '' || !Number.isFinite(found)) return templateChanges();
  return templateChanges().filter((change) => Number(change.version) > found);
}
