/**
 * The plan the importer will make, computed in the benchmark process with the importer's own built
 * stages (the calls of src/app/run-import.ts: read the service, read and validate the workbook,
 * buildPlan; the CLI does the two reads at the same time, which does not change the plan), and its
 * dependency levels from dist/plan/graph.js `levels()`. Used for the ideal time of a run at a given
 * latency and concurrency.
 */
import { join } from 'node:path';
import { DIST } from './paths.mjs';

const load = (path) => import(join(DIST, path));

export async function planLevels({ file, baseUrl, companyId, accessToken }) {
  const [{ readAndValidate }, { currentView }, { createAdapter }, { buildPlan }, { levels }] = await Promise.all([
    load('app/inputs.js'),
    load('validate/current-view.js'),
    load('service/connect.js'),
    load('plan/plan.js'),
    load('plan/graph.js'),
  ]);
  const adapter = createAdapter({ api: 'v3', baseUrl, companyId: String(companyId), accessToken, concurrency: 16, insecure: false });
  try {
    const current = await adapter.readCurrentState();
    const validation = await readAndValidate({ files: [file] }, { api: 'v3', current: currentView(current) });
    const errors = validation.issues.filter((i) => i.severity === 'error');
    if (errors.length > 0) throw new Error(`the workbook has ${errors.length} errors, e.g. ${errors[0].message}`);
    const reported = new Map();
    for (const a of current.org.absences) reported.set(`${a.employeeId}|${a.startDate}`, a.endDate);
    const plan = buildPlan({
      desired: validation.desired,
      managed: validation.managed,
      current,
      capabilities: adapter.capabilities,
      reportedAbsences: reported,
      prune: false,
    });
    const levelOf = levels(plan.operations);
    const perLevel = [];
    for (const level of levelOf.values()) perLevel[level] = (perLevel[level] ?? 0) + 1;
    const typesPerLevel = perLevel.map(() => ({}));
    for (const p of plan.operations) {
      const counts = typesPerLevel[levelOf.get(p.op.key)];
      if (counts) counts[p.op.type] = (counts[p.op.type] ?? 0) + 1;
    }
    return { keys: plan.operations.map((p) => p.op.key), perLevel: Array.from(perLevel, (n) => n ?? 0), typesPerLevel };
  } finally {
    await adapter.close();
  }
}

/** The sum over dependency levels of ceil(operations at the level / concurrency) round trips. */
export function operationRoundTrips(perLevel, concurrency) {
  return perLevel.reduce((sum, n) => sum + Math.ceil(n / concurrency), 0);
}

/**
 * Round trips of the read phase as the v3 adapter does it (src/service/v3/read.ts): the four lists'
 * first pages together, then their remaining pages, then one delegation list per unit, each step
 * bounded by the concurrency. Counted from the sandbox's per-route statistics of the run.
 */
export function readRoundTrips(byRoute, concurrency) {
  let lists = 0;
  let delegations = 0;
  let other = 0;
  for (const [route, count] of Object.entries(byRoute)) {
    if (!route.startsWith('GET ')) continue;
    if (route.endsWith('/delegations')) delegations += count;
    else if (/^GET \/v3\/core\/(users|employees|departments|teams)$/.test(route)) lists += count;
    else other += count;
  }
  const firstPages = Math.min(lists, 4);
  const trips =
    Math.ceil(firstPages / concurrency) +
    Math.ceil((lists - firstPages) / concurrency) +
    Math.ceil(delegations / concurrency) +
    Math.ceil(other / concurrency);
  return { trips, lists, delegations, other };
}
