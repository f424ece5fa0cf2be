/** The sentences of src/errors.ts: errors that stop a run before or while it writes. */
import { phrasebook } from './language.js';

const en = {
  journalLocked: (pid: number, journal: string) =>
    `Another orgsync-import (process ${pid}) is already working on this company with the journal ${journal}. Wait for it to finish, or stop it, then run again.`,
  couldNot: (action: 'open' | 'write', path: string, why: string) => `Could not ${action} ${path}: ${why}.`,
  diskFull: 'the disk is full',
  quotaUsed: 'the disk quota is used up',
  readOnly: 'the disk is read-only',
  permissionDenied: 'permission denied',
  fileTooLarge: 'the file is too large',
  systemRefused: (code: string) => `the system refused (${code})`,
};

export const errorWords = phrasebook({
  en,
  da: {
    journalLocked: (pid, journal) =>
      `En anden orgsync-import (proces ${pid}) arbejder allerede på denne virksomhed med journalen ${journal}. Vent til den er færdig, eller stop den, og kør igen.`,
    couldNot: (action, path, why) => `Kunne ikke ${action === 'open' ? 'åbne' : 'skrive'} ${path}: ${why}.`,
    diskFull: 'disken er fuld',
    quotaUsed: 'diskkvoten er brugt op',
    readOnly: 'disken er skrivebeskyttet',
    permissionDenied: 'adgang nægtet',
    fileTooLarge: 'filen er for stor',
    systemRefused: (code) => `systemet afviste (${code})`,
  },
});
