/**
 * The journal's lock file: one importer per journal (service + company). The lock itself is the shared
 * process lock (src/process-lock.ts, also the sandbox's): a lock whose process is gone is taken over.
 */
import { unlinkSync } from 'node:fs';
import { EXIT, JournalLockedError, OrgsyncError, StateFileError } from '../errors.js';
import { acquireLock } from '../process-lock.js';
import { loadWords } from '../words/load.js';

export function lockJournal(lockPath: string): void {
  acquireLock(lockPath, {
    held: (holder) => new JournalLockedError(lockPath, holder.pid),
    starting: () =>
      new OrgsyncError('journal_locked', loadWords().journalStarting(lockPath.replace(/\.lock$/, '.jsonl')), EXIT.cannotStart),
    failed: (path, error) => new StateFileError(path, 'open', error),
  });
}

export function unlockJournal(lockPath: string): void {
  try {
    unlinkSync(lockPath);
  } catch {
    // already gone
  }
}
