import { describe, expect, it } from 'vitest';
import { executePlan } from '../../src/load/executor.js';
import type { PlannedOperation } from '../../src/plan/graph.js';
import type { Operation } from '../../src/model/operations.js';
import type { ServiceAdapter } from '../../src/service/adapter.js';
import { ServiceError } from '../../src/service/errors.js';
import { emptyOrganisation } from '../../src/model/organisation.js';

function op(id: string): Operation {
  return {
    type: 'createUser',
    key: `createUser:${id}`,
    id,
    fields: { name: id, email: `${id}@x.dk`, username: id },
    reason: { code: 'as_saved' as const, text: 'test' },
  };
}

function planned(id: string, ...deps: string[]): PlannedOperation {
  return { op: op(id), dependsOn: deps.map((d) => `createUser:${d}`) };
}

function fakeAdapter(behaviour: (op: Operation) => Promise<void> | void, verify: (op: Operation) => boolean = () => false) {
  const sent: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const adapter: ServiceAdapter = {
    api: 'v3',
    capabilities: { delegations: true, systemLanguage: true, absenceList: false, separateUsers: true, rehireWindowDays: null },
    readCurrentState: async () => ({ org: emptyOrganisation(), firedEmployees: new Set() }),
    execute: async (o) => {
      sent.push(o.key);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 2));
        await behaviour(o);
        return { status: 201 };
      } finally {
        inFlight--;
      }
    },
    verify: async (o) => verify(o),
    close: async () => {},
  };
  return { adapter, sent, maxInFlight: () => maxInFlight };
}

const rejected = (path: string) =>
  new ServiceError({
    kind: 'rejected',
    message: 'refused',
    request: { method: 'POST', path },
    status: 422,
    serviceMessage: 'name: is invalid',
  });

describe('the loader', () => {
  it('never has more requests in flight than --concurrency', async () => {
    const fake = fakeAdapter(() => {});
    const ops = Array.from({ length: 40 }, (_, i) => planned(`u${i}`));
    const result = await executePlan(ops, { adapter: fake.adapter, concurrency: 4 });
    expect(result.outcomes.every((o) => o.status === 'done')).toBe(true);
    expect(fake.maxInFlight()).toBe(4);
  });

  it('sends an operation only after everything it depends on is done', async () => {
    const fake = fakeAdapter(() => {});
    await executePlan([planned('c', 'b'), planned('b', 'a'), planned('a')], { adapter: fake.adapter, concurrency: 8 });
    expect(fake.sent).toEqual(['createUser:a', 'createUser:b', 'createUser:c']);
  });

  it('skips only what depends on a failed row and names the root cause once', async () => {
    const fake = fakeAdapter((o) => {
      if (o.key === 'createUser:a') throw rejected('/v3/core/users');
    });
    const result = await executePlan([planned('a'), planned('b', 'a'), planned('c', 'b'), planned('d')], {
      adapter: fake.adapter,
      concurrency: 2,
    });
    const status = Object.fromEntries(result.outcomes.map((o) => [o.op.key, [o.status, o.blockedBy ?? o.message]]));
    expect(status).toEqual({
      'createUser:a': ['failed', 'name: is invalid'],
      'createUser:b': ['skipped', 'createUser:a'],
      'createUser:c': ['skipped', 'createUser:a'],
      'createUser:d': ['done', null],
    });
  });

  it('looks before resending a write whose answer was lost', async () => {
    let calls = 0;
    const fake = fakeAdapter(
      () => {
        calls++;
        throw new ServiceError({
          kind: 'unknown_outcome',
          message: 'connection lost',
          request: { method: 'POST', path: '/v3/core/users' },
        });
      },
      () => true,
    );
    const result = await executePlan([planned('a')], { adapter: fake.adapter, concurrency: 1 });
    expect(calls).toBe(1);
    expect(result.outcomes[0]).toMatchObject({ status: 'done', message: 'confirmed: the service already had it' });
  });

  it('resends a write whose answer was lost when the service does not have it', async () => {
    let calls = 0;
    const fake = fakeAdapter(() => {
      calls++;
      if (calls === 1)
        throw new ServiceError({
          kind: 'unknown_outcome',
          message: 'connection lost',
          request: { method: 'POST', path: '/v3/core/users' },
        });
    });
    const result = await executePlan([planned('a')], { adapter: fake.adapter, concurrency: 1 });
    expect(calls).toBe(2);
    expect(result.outcomes[0]!.status).toBe('done');
  });

  it('stops sending on interrupt, finishes what is in flight and marks the rest not started', async () => {
    const controller = new AbortController();
    const fake = fakeAdapter((o) => {
      if (o.key === 'createUser:u0') controller.abort();
    });
    const ops = Array.from({ length: 10 }, (_, i) => planned(`u${i}`));
    const result = await executePlan(ops, { adapter: fake.adapter, concurrency: 2, signal: controller.signal });
    expect(result.stopped).toBe('interrupted');
    const done = result.outcomes.filter((o) => o.status === 'done').length;
    expect(done).toBe(2);
    expect(result.outcomes.filter((o) => o.status === 'skipped').every((o) => o.message?.includes('interrupted'))).toBe(true);
  });

  it('stops the whole run when the service refuses the credentials', async () => {
    const fake = fakeAdapter(() => {
      throw new ServiceError({
        kind: 'auth',
        message: 'The service refused the credentials (401).',
        request: { method: 'POST', path: '/v3/core/users' },
        status: 401,
      });
    });
    const ops = Array.from({ length: 10 }, (_, i) => planned(`u${i}`));
    const result = await executePlan(ops, { adapter: fake.adapter, concurrency: 1 });
    expect(result.stopped).toBe('auth');
    expect(fake.sent).toHaveLength(1);
  });
});
