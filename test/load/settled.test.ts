/**
 * How an operation was settled is a typed field (issue 11 point 8), never read from the message: the
 * real adapter against the sandbox over loopback, through the loader, into the closing summary's counts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executePlan } from '../../src/load/executor.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import type { ServiceAdapter } from '../../src/service/adapter.js';
import { applySummary } from '../../src/view/apply-summary.js';
import { emptyOrganisation } from '../../src/model/organisation.js';
import { adapterFor, planAgainst } from '../helpers/sync.js';
import { legacyHeaders, send } from '../sandbox/helpers.js';

let sandbox: RunningSandbox;
let adapter: ServiceAdapter;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  adapter = adapterFor(sandbox);
});
afterEach(async () => {
  await adapter.close();
  await sandbox.close();
});

const call = (method: string, path: string, body?: unknown) => send(sandbox.baseUrl, method, path, body, legacyHeaders(sandbox));

function withTeam(id: string) {
  const o = emptyOrganisation();
  o.departments.set('root', { id: 'root', name: 'Company', parentId: null });
  o.teams.set(id, { id, name: `Team ${id}`, departmentId: 'root' });
  return o;
}

describe('an operation the service already had', () => {
  it('is unchanged, not done, and the summary counts it so', async () => {
    const plan = await planAgainst(adapter, withTeam('T9'));
    // Someone else creates the team between the read and the write.
    expect((await call('POST', '/v3/core/departments/root/teams', { team: { id: 'T9', name: 'Team T9' } })).status).toBe(201);
    const { outcomes } = await executePlan(plan.operations, { adapter, concurrency: 1 });
    expect(outcomes).toMatchObject([{ status: 'unchanged', settled: 'already_existed' }]);
    expect(sandbox.snapshot().teams.map((t) => t.id)).toEqual(['T9']);
    expect(applySummary(outcomes, 1000, 0).at(-1)).toBe(
      'Applied: nothing, 1 unchanged (the service had them already), 0 failed, 0 skipped in 1.0 s.',
    );
  });
});

describe('an employee id held by a fired employee', () => {
  it('is settled as a rehire (typed), done, and the employee comes back rather than a new one', async () => {
    const o = withTeam('T1');
    o.users.set('u1', { id: 'u1', name: 'Ann', email: 'ann@nordlys.dk', username: 'ann@nordlys.dk' });
    o.employees.set('e1', { id: 'e1', userId: 'u1', status: 'active', teamId: 'T1', employment: null });
    const first = await planAgainst(adapter, o);
    await executePlan(first.operations, { adapter, concurrency: 1 });
    // Fired on the site: neither the service's lists nor the fired ledger show it.
    expect((await call('DELETE', '/v3/core/employees/e1')).status).toBe(200);
    const again = await planAgainst(adapter, o);
    expect(again.operations.map((p) => p.op.type)).toContain('createEmployee');
    const { outcomes } = await executePlan(again.operations, { adapter, concurrency: 1 });
    expect(outcomes.find((x) => x.op.type === 'createEmployee')).toMatchObject({ status: 'done', settled: 'rehired' });
    expect(sandbox.snapshot().employees.find((e) => e.id === 'e1')).toMatchObject({ active: true });
    expect(sandbox.stats().successfulCreates['employee:e1']).toBe(1);
  });
});
