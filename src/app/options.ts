/** Everything the commands take, already parsed by the CLI layer (flags) and merged with the environment. */
import type { ApiVersion } from '../model/service-state.js';
import type { GuardLimits } from '../plan/export-guard.js';

export type { GuardLimits };
import type { Profile } from '../sheets/profile/rules.js';

export interface ServiceOptions {
  api: ApiVersion;
  baseUrl?: string;
  companyId?: string;
  accessToken?: string;
  jwt?: string;
  jwtSecret?: string;
  insecure: boolean;
  /** Start the embedded sandbox in-process and import into it. */
  sandbox: boolean;
  concurrency: number;
  timeoutMs?: number;
  pageParam?: string;
  perPage?: number;
  /**
   * --root-id/--root-name: the rehearsal sandbox's top department, when it is new or holds nothing else
   * (src/sandbox/store/root.ts); a sandbox that holds more and has another top is refused.
   */
  rootId?: string;
  rootName?: string;
  /** The workbook's own top department (app/sandbox-root.ts): the rehearsal's top where the flags say none. */
  workbookTop?: { id: string; name: string };
  /** Told each time a request is sent again (the page's progress counts the retries; no flag). */
  onRetry?: () => void;
}

/** A service to read or write: a base URL, or the sandbox (else the run is offline). */
export function isServiceConfigured(options: ServiceOptions): boolean {
  return options.sandbox || Boolean(options.baseUrl);
}

export interface InputOptions {
  files: string[];
  /** --map mapping.json */
  mapFile?: string;
  dateOrder?: 'dmy' | 'mdy';
  encoding?: string;
  /** --path-separator, else the --map profile's path_separator (exports.md). */
  pathSeparator?: string;
  /** The --map profile, read and checked before anything else (app/inputs.ts withProfile). */
  profile?: Profile;
  /**
   * exports.md: --accept-renames, rename units whose derived id changed as proposed; on the page, the
   * proposals accepted one by one (their `proposalKey`s).
   */
  acceptRenames?: boolean | readonly string[];
  /** --today YYYY-MM-DD: the run's date for leaving and hiring dates (a rehearsal). */
  today?: string;
}

export interface OutputOptions {
  /** --report FILE.json */
  report?: string;
  /** --errors-out FILE */
  errorsOut?: string;
  /** --html FILE: the plan or report page (default NAME.plan.html / NAME.report.html beside the input). */
  html?: string;
}

export interface ApplyOptions {
  yes: boolean;
  prune: boolean;
  maxDeletions?: number;
  force: boolean;
  journal?: string;
  resendAbsences: boolean;
  /** --all: the plan lists every row, not the first of each kind and action. */
  allRows?: boolean;
  /** --hold-removals (with --prune): removals wait for approval, one by one (apply --approve). */
  holdRemovals?: boolean;
  /** On the page: the held removals approved before the run (their keys), carried out by it; the deletion guard counts them. */
  approved?: readonly string[];
  /** --out plan.json: where the plan file goes (apply plan.json); with apply, the plan file applied. */
  out?: string;
  /** --accept-changes: apply an export the export guard refuses (it differs too much from the last run). */
  acceptChanges?: boolean;
}

export type CommandName = 'run' | 'plan' | 'validate' | 'apply' | 'undo' | 'ui';

export interface ImportOptions extends ServiceOptions, InputOptions, OutputOptions, ApplyOptions {
  command: CommandName;
  /**
   * The state folder itself (journal, ledgers, sandbox state): `.orgsync/` in the folder the command runs
   * from unless configured otherwise.
   */
  stateDir: string;
  /** `lang` of the configuration file (words/language.ts chooses the run's language from it). */
  lang?: 'en' | 'da';
  /** `guard` of the configuration file: the export guard's limits. */
  guardLimits?: GuardLimits;
}

/** The configuration file read from the working folder unless --config names another (app/config.ts). */
export const CONFIG_FILE_NAME = 'orgsync.config.json';

export const ENV = {
  baseUrl: 'ORGSYNC_BASE_URL',
  api: 'ORGSYNC_API',
  companyId: 'ORGSYNC_COMPANY_ID',
  accessToken: 'ORGSYNC_ACCESS_TOKEN',
  jwt: 'ORGSYNC_JWT',
  jwtSecret: 'ORGSYNC_JWT_SECRET',
} as const;
