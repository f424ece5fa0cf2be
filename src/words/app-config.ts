/** The sentences of src/app/config.ts: the configuration file of a scheduled run and the secret files it names. */
import { phrasebook } from './language.js';

const en = {
  configUnreadable: (shown: string, missing: boolean, code: string) =>
    `${shown}: ${missing ? 'the configuration file does not exist' : `cannot be read (${code})`}.`,
  notJson: (shown: string, why: string) => `${shown}: not valid JSON (${why}).`,
  /** Where a secret belongs instead of the file: the environment, or a file of its own. */
  secretFromEnvOrFile: (env: string, fileKey: string) => `the environment (${env}) or a file named by ${fileKey}`,
  secretFromEnv: (env: string) => `the environment (${env})`,
  secretInFile: (shown: string, key: string, where: string) =>
    `${shown}: "${key}" must not be in the configuration file: a secret there is read by whoever can read the file. Give it through ${where}.`,
  notASetting: (shown: string, key: string, near: string | undefined, known: string) =>
    `${shown}: "${key}" is not a setting${near ? ` (did you mean "${near}"?)` : ''}. The settings: ${known}.`,
  notAnObject: (shown: string) => `${shown}: expected one JSON object of settings, e.g. {"base_url": "https://…", "company_id": 1234}.`,
  secretFileUnreadable: (shown: string, key: string, path: string, missing: boolean, code: string) =>
    `${shown}: ${key} ${path}: ${missing ? 'the file does not exist' : `cannot be read (${code})`}.`,
  secretFileShared: (shown: string, key: string, path: string, mode: string) =>
    `${shown}: ${key} ${path} can be read by others than its owner (mode ${mode}). Make it private first: chmod 600 ${path}`,
  secretFileEmpty: (shown: string, key: string, path: string) => `${shown}: ${key} ${path} is empty.`,
  apiValue: (env: string, got: string) => `${env} must be v3 or v2 (got "${got}")`,
  holdNeedsPrune: '--hold-removals holds the removals --prune asks for: give --prune too.',
};

export const appConfigWords = phrasebook({
  en,
  da: {
    configUnreadable: (shown, missing, code) => `${shown}: ${missing ? 'konfigurationsfilen findes ikke' : `kan ikke læses (${code})`}.`,
    notJson: (shown, why) => `${shown}: ikke gyldig JSON (${why}).`,
    secretFromEnvOrFile: (env, fileKey) => `miljøet (${env}) eller en fil, som ${fileKey} peger på`,
    secretFromEnv: (env) => `miljøet (${env})`,
    secretInFile: (shown, key, where) =>
      `${shown}: "${key}" må ikke stå i konfigurationsfilen: en hemmelighed dér kan læses af alle, der kan læse filen. Angiv den gennem ${where}.`,
    notASetting: (shown, key, near, known) =>
      `${shown}: "${key}" er ikke en indstilling${near ? ` (mente du "${near}"?)` : ''}. Indstillingerne er: ${known}.`,
    notAnObject: (shown) => `${shown}: forventede ét JSON-objekt med indstillinger, f.eks. {"base_url": "https://…", "company_id": 1234}.`,
    secretFileUnreadable: (shown, key, path, missing, code) =>
      `${shown}: ${key} ${path}: ${missing ? 'filen findes ikke' : `kan ikke læses (${code})`}.`,
    secretFileShared: (shown, key, path, mode) =>
      `${shown}: ${key} ${path} kan læses af andre end ejeren (tilstand ${mode}). Gør den privat først: chmod 600 ${path}`,
    secretFileEmpty: (shown, key, path) => `${shown}: ${key} ${path} er tom.`,
    apiValue: (env, got) => `${env} skal være v3 eller v2 (fik "${got}")`,
    holdNeedsPrune: '--hold-removals holder de fjernelser tilbage, som --prune beder om: angiv også --prune.',
  },
});
