/** The options of a main-job run called in-process (`runImport`) against a sandbox of the test process. */
import type { ImportOptions } from '../../src/app/options.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';

export function sandboxRunOptions(
  sandbox: RunningSandbox,
  files: string[],
  stateDir: string,
  extra: Partial<ImportOptions> = {},
): ImportOptions {
  return {
    command: 'run',
    files,
    api: 'v3',
    baseUrl: sandbox.baseUrl,
    companyId: String(sandbox.companyId),
    accessToken: sandbox.accessToken,
    insecure: false,
    sandbox: false,
    concurrency: 4,
    yes: true,
    prune: false,
    force: false,
    resendAbsences: false,
    stateDir,
    ...extra,
  };
}
