/** Everything the commands take, already parsed by the CLI layer (flags) and merged with the environment. */
import type { ApiVersion } from '../model/service-state.js';
import type { Profile } from '../sheets/profile.js';

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
}

export interface InputOptions {
  files: string[];
  /** --map mapping.json */
  mapFile?: string;
  dateOrder?: 'dmy' | 'mdy';
  encoding?: string;
  /** --path-separator, else the --map profile's path_separator. */
  pathSeparator?: string;
  /** The --map profile, read and checked before anything else (app/inputs.ts withProfile). */
  profile?: Profile;
}

export interface OutputOptions {
  /** --report FILE.json */
  report?: string;
  /** --errors-out FILE */
  errorsOut?: string;
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
}

export type CommandName = 'run' | 'plan' | 'validate';

export interface ImportOptions extends ServiceOptions, InputOptions, OutputOptions, ApplyOptions {
  command: CommandName;
  /**
   * The state folder itself (journal, ledgers, sandbox state): `.orgsync/` in the folder the command runs
   * from unless configured otherwise.
   */
  stateDir: string;
}

export const ENV = {
  baseUrl: 'ORGSYNC_BASE_URL',
  api: 'ORGSYNC_API',
  companyId: 'ORGSYNC_COMPANY_ID',
  accessToken: 'ORGSYNC_ACCESS_TOKEN',
  jwt: 'ORGSYNC_JWT',
  jwtSecret: 'ORGSYNC_JWT_SECRET',
} as const;
