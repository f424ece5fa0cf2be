/** Where a run keeps what it owes the next runs of a service (cli.md "Where things are kept"). */
import { join } from 'node:path';
import type { ImportOptions } from './options.js';

/** The progress journal of a service (`--journal` chooses another). */
export function journalPathOf(options: Pick<ImportOptions, 'journal' | 'stateDir'>, serviceKey: string): string {
  return options.journal ?? join(options.stateDir, 'journal', `${serviceKey}.jsonl`);
}

/** A ledger of a service: what it confirmed and cannot show back (src/load/ledger.ts). */
export function ledgerPathOf(options: Pick<ImportOptions, 'stateDir'>, serviceKey: string, kind: 'absences' | 'fired'): string {
  return join(options.stateDir, kind, `${serviceKey}.jsonl`);
}
