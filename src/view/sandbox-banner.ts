/**
 * The banner of `orgsync-import sandbox`: where the sandbox listens, how to import into it, how to stop
 * it, in the run's language. The access token is the sandbox's own credential (good for this sandbox
 * only): this banner is the one place it is ever printed, and its words (src/words/sandbox.ts) never see it.
 */
import type { FaultOptions } from '../sandbox/types.js';
import { sandboxWords } from '../words/sandbox.js';

export interface BannerFacts {
  baseUrl: string;
  companyId: number;
  accessToken: string;
  statePath?: string | undefined;
  faults?: FaultOptions | undefined;
}

function describeFaults(faults: FaultOptions | undefined): string {
  const w = sandboxWords();
  if (!faults) return w.noFaults;
  const parts: string[] = [];
  if (faults.latencyMs) parts.push(w.latency(faults.latencyMs));
  if (faults.unavailableRate) parts.push(w.unavailable(Math.round(faults.unavailableRate * 100)));
  if (faults.rateLimitPerSecond) parts.push(w.rateLimit(faults.rateLimitPerSecond));
  if (faults.dropAfterCommitRate) parts.push(w.dropAfterCommit(Math.round(faults.dropAfterCommitRate * 100)));
  return parts.length > 0 ? parts.join(', ') : w.noFaults;
}

export function sandboxBanner(facts: BannerFacts): string[] {
  const w = sandboxWords();
  const labels = [w.baseUrlLabel, w.companyIdLabel, w.accessTokenLabel, w.stateFileLabel, w.faultsLabel];
  const width = Math.max(...labels.map((label) => label.length)) + 2;
  const field = (label: string, value: string): string => `  ${label.padEnd(width)}${value}`;
  return [
    w.listening(facts.baseUrl),
    field(w.baseUrlLabel, `${facts.baseUrl}   ${w.paths}`),
    field(w.companyIdLabel, String(facts.companyId)),
    field(w.accessTokenLabel, `${facts.accessToken}   ${w.tokenNote}`),
    field(w.stateFileLabel, facts.statePath ?? w.noStateFile),
    field(w.faultsLabel, describeFaults(facts.faults)),
    '',
    w.importFromAnotherTerminal,
    `  orgsync-import ${w.workbookPlaceholder} --base-url ${facts.baseUrl} --company-id ${facts.companyId} --access-token ${facts.accessToken}`,
    '',
    w.pressCtrlC,
    '',
  ];
}
