/**
 * A run connects to its service, then reads the service and the workbook at the same time. Loaded by
 * `validate` only when a service is configured (an offline check needs none of it).
 */
import { EXIT, OrgsyncError } from '../errors.js';
import { hasErrors } from '../model/issue.js';
import { NO_DELEGATIONS, type CurrentState, type DelegationScope } from '../model/service-state.js';
import { delegationScope } from '../plan/delegation-scope.js';
import type { ReadStateOptions } from '../service/adapter.js';
import { ServiceError } from '../service/errors.js';
import { currentView } from '../validate/current-view.js';
import type { ValidationResult } from '../validate/types.js';
import { appRunWords } from '../words/app-run.js';
import { describeValidation, readAndValidate } from './inputs.js';
import type { ServiceOptions } from './options.js';
import { phaseInRunLanguage } from './progress.js';
import type { ConnectedRun, ReadRun, Run } from './run.js';
import { connect, type Connection } from './service.js';

/** The run connected to its service (`service`: the run's options, or those a rehearsal sandbox starts with). */
export async function connectRun(run: Run, service: ServiceOptions = run.options): Promise<ConnectedRun> {
  const connection = await connect(service, run.options.stateDir, (text) => run.view.notice({ kind: 'service_notice', text }));
  return Object.assign(run, { connection });
}

/**
 * Reads the service and the workbook at the same time: the rows stream and are checked while the list
 * pages arrive; only the cross-checks (references, the top department) wait for the service's state.
 * Delegations are read unit by unit while the workbook is read; once it is, only the units the plan
 * needs are read on (none when no plan follows).
 */
export async function readServiceAndWorkbook(run: ConnectedRun, { planning }: { planning: boolean }): Promise<ReadRun> {
  const { options, view, connection } = run;
  const reading = phaseInRunLanguage(view.progress, () => appRunWords().phaseReadingServiceAndWorkbook);
  let settleScope: (scope: DelegationScope) => void = () => {};
  const scope = new Promise<DelegationScope>((resolve) => (settleScope = resolve));
  let listsRead: (lists: CurrentState) => void = () => {};
  const lists = new Promise<CurrentState>((resolve) => (listsRead = resolve));
  const state = readService(connection, { delegations: scope, onLists: listsRead });
  // The references are checked against the lists; the delegations may still be on their way.
  const current = Promise.race([lists, state]).then(currentView);
  // Awaited below or inside validate(); until then a failure must not count as unhandled.
  current.catch(() => {});
  let validation: ValidationResult;
  try {
    validation = await readAndValidate(options, { api: options.api, current });
  } catch (error) {
    settleScope(NO_DELEGATIONS);
    await state.catch(() => {}); // no request may outlive the run
    throw error;
  }
  const plans = planning && !hasErrors(validation.issues);
  settleScope(plans ? delegationScope(validation.desired, validation.managed, options.prune) : NO_DELEGATIONS);
  const serviceState = await state;
  const { org } = serviceState;
  for (const note of serviceState.unmatched?.notes ?? []) view.notice({ kind: 'service_note', text: note() });
  reading.end(
    appRunWords().serviceAndWorkbookRead(org.employees.size, org.departments.size, org.teams.size, describeValidation(validation)),
  );
  return Object.assign(run, { serviceState, validation });
}

export async function readService(connection: Connection, options: ReadStateOptions): Promise<CurrentState> {
  try {
    return await connection.adapter.readCurrentState(options);
  } catch (error) {
    // Nothing was sent yet: whatever stops the read (unreachable, refused credentials) is "cannot start".
    if (error instanceof ServiceError) {
      throw new OrgsyncError(error.code, appRunWords().couldNotRead(connection.description, error.message), EXIT.cannotStart, {
        cause: error,
      });
    }
    throw error;
  }
}
