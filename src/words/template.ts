/** The sentences of src/template/index.ts and version.ts: writing the template, and what each version changed. */
import { phrasebook } from './language.js';

const en = {
  fileExists: (file: string) =>
    `${file} already exists: choose another --out folder, move the file away first, or give --overwrite to replace it.`,
  /** What each template version changed, by version (version.ts lists the versions). */
  changes: {
    '1': 'First template: Employees, Organisation, Absence and Delegations sheets.',
  },
};

/** The template versions that have words for their changes. */
export type TemplateVersionWithChanges = keyof typeof en.changes;

export const templateWords = phrasebook({
  en,
  da: {
    fileExists: (file) =>
      `${file} findes allerede: vælg en anden mappe med --out, flyt filen væk først, eller brug --overwrite for at erstatte den.`,
    changes: {
      '1': 'Første skabelon: arkene Medarbejdere, Organisation, Fravær og Delegeringer.',
    },
  },
});
