/**
 * How many runs a fast-check property gets. Each property states its full count, the number of cases it
 * needs to be a thorough search; ORGSYNC_PROPERTY_RUNS decides how much of it a run of the suite spends:
 *
 * - unset (the default, `npm test` and `npm run test:unit`): a tenth of the full count, at least fast-check's
 *   own default of 100 and never more than the full count. Every run draws new cases (fast-check seeds
 *   each run anew and prints the seed of a failure), so the search goes on from run to run.
 * - `full`: the full count, for a change to the code a property guards (the XML scanner, the readers'
 *   fast paths, the lean JSON reader) or a soak before a release.
 * - a whole number N: N runs of every property, to search harder still or to repeat a failure quickly.
 */
const FAST_SHARE = 10;
const FAST_FLOOR = 100;

export function propertyRuns(full: number, setting: string | undefined = process.env.ORGSYNC_PROPERTY_RUNS): number {
  if (setting === undefined || setting === '') return Math.min(full, Math.max(FAST_FLOOR, Math.ceil(full / FAST_SHARE)));
  if (setting === 'full') return full;
  const runs = Number(setting);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new Error(`ORGSYNC_PROPERTY_RUNS is "${setting}": leave it unset, or give "full" or a whole number of runs`);
  }
  return runs;
}
