/** The plan of a run: the workbook against the service, with what the ledgers know merged in. */
import { formatISO } from 'date-fns/formatISO';
import { AbsenceLedger, FiredLedger } from '../load/ledger.js';
import { withLedgers } from '../plan/ledger-merge.js';
import { buildPlan, type Plan } from '../plan/plan.js';
import { holdRemovals } from '../plan/saved.js';
import { countAlreadyMatching } from '../view/apply-summary.js';
import { noteIssues } from '../view/row-issues.js';
import type { ImportOptions } from './options.js';
import type { Planned, PlannedRun, ReadRun } from './run.js';
import { ledgerPathOf } from './state-paths.js';

/** The plan made from the workbook and the service's state, before anything of it is chosen to run. */
export type MadePlan = Pick<Planned, 'plan' | 'current' | 'ledgers'>;

/** The local date, as the ledgers and the plan write dates. */
export function today(): string {
  return formatISO(new Date(), { representation: 'date' });
}

/** The day the plan is made for: --today (a rehearsal, or a saved plan's), else today. */
export function planDay(options: Pick<ImportOptions, 'today'>): string {
  return options.today ?? today();
}

/** The plan from the workbook and the service's state, with what the ledgers know merged in. */
export function makePlan(run: ReadRun): MadePlan {
  const { options, connection, serviceState, validation } = run;
  const ledger = AbsenceLedger.load(ledgerPathOf(options, connection.serviceKey, 'absences'));
  const fired = FiredLedger.load(ledgerPathOf(options, connection.serviceKey, 'fired')).knowing(serviceState.org.employees);
  const { current, reported, reportedFrom } = withLedgers(serviceState, {
    firedOn: fired.firedOn,
    firedFields: fired.fieldsOf,
    periods: ledger.all(),
    rehireWindowDays: connection.adapter.capabilities.rehireWindowDays,
    resendAbsences: options.resendAbsences,
  });
  const built = buildPlan({
    desired: validation.desired,
    managed: validation.managed,
    current,
    capabilities: connection.adapter.capabilities,
    reportedAbsences: reported,
    reportedFrom,
    prune: options.prune,
    proposedRenames: validation.proposedRenames ?? [],
    today: planDay(options),
    ...(options.maxDeletions !== undefined ? { maxDeletions: options.maxDeletions } : {}),
  });
  const held = options.holdRemovals
    ? holdRemovals(
        built,
        options.approved && {
          keys: options.approved,
          org: current.org,
          ...(options.maxDeletions !== undefined ? { maxDeletions: options.maxDeletions } : {}),
        },
      )
    : built;
  return { plan: held, current, ledgers: { absences: ledger, fired } };
}

/**
 * The run with the plan it carries out (`plan`: the one made, or what a saved plan leaves of it), and
 * what its reports say of it: the made plan's notes, the workbook's rows it leaves alone.
 */
export function withPlan(run: ReadRun, made: MadePlan, plan: Plan = made.plan): PlannedRun {
  const operations = plan.operations.map((p) => p.op);
  const planned: Planned = {
    plan,
    current: made.current,
    ledgers: made.ledgers,
    // The plan's notes are findings about rows like the validator's: the report lists them with the issues.
    notes: noteIssues(made.plan.notes, made.current.unmatched?.notes ?? [], made.plan.operations.length),
    // An undo has no workbook: its desired state is the whole service, so nothing "of the workbook" is counted.
    alreadyMatching: run.undoing ? 0 : countAlreadyMatching(run.validation.desired, operations, made.current.org),
  };
  return Object.assign(run, { planned });
}
