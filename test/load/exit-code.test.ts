import { describe, expect, it } from 'vitest';
import { exitCodeOf, type OperationOutcome } from '../../src/load/outcome.js';
import { operation } from '../../src/model/operations.js';

const outcome = (status: OperationOutcome['status']): OperationOutcome => ({
  op: operation({ type: 'fireEmployee', id: `e-${status}`, reason: { code: 'as_saved' as const, text: 'status is left' } }),
  status,
  statusCode: status === 'failed' ? 422 : 200,
  message: null,
});

describe('the exit code of an apply (cli.md)', () => {
  it('is 0 when every operation took effect, also when the service had it already', () => {
    expect(exitCodeOf({ outcomes: [outcome('done'), outcome('unchanged')], stopped: null })).toBe(0);
  });
  it('is 2 when some did not', () => {
    expect(exitCodeOf({ outcomes: [outcome('done'), outcome('failed'), outcome('skipped')], stopped: null })).toBe(2);
  });
  it('is 3 when the credentials were refused, 130 when interrupted', () => {
    expect(exitCodeOf({ outcomes: [outcome('failed')], stopped: 'auth' })).toBe(3);
    expect(exitCodeOf({ outcomes: [outcome('done')], stopped: 'interrupted' })).toBe(130);
  });
});
