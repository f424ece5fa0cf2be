import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { createAdapter, sendsInsecurely } from '../../src/service/connect.js';

const config = { baseUrl: 'https://api.example.com', companyId: '1', accessToken: 'tok', concurrency: 4 };

describe('creating an adapter from configuration', () => {
  it('gives a v3 adapter with delegations and system language, without an absence list', async () => {
    const adapter = createAdapter({ ...config, api: 'v3' });
    expect(adapter.api).toBe('v3');
    expect(adapter.capabilities).toEqual({
      delegations: true,
      systemLanguage: true,
      absenceList: false,
      separateUsers: true,
      rehireWindowDays: null,
      absenceMerge: true,
    });
    await adapter.close();
  });

  it('gives a v2 adapter with an absence list, without delegations, system language or separate users', async () => {
    const adapter = createAdapter({ ...config, api: 'v2' });
    expect(adapter.api).toBe('v2');
    expect(adapter.capabilities).toEqual({
      delegations: false,
      systemLanguage: false,
      absenceList: true,
      separateUsers: false,
      rehireWindowDays: 14,
      absenceMerge: false,
    });
    await adapter.close();
  });

  it('refuses to start without credentials', () => {
    expect(() => createAdapter({ api: 'v3', baseUrl: 'https://api.example.com', concurrency: 1 })).toThrow(/no credentials/);
  });

  it('tells the caller when it must warn about plain http', () => {
    expect(sendsInsecurely({ baseUrl: 'http://10.0.0.5:8080', insecure: true })).toBe(true);
    expect(sendsInsecurely({ baseUrl: 'http://127.0.0.1:8080' })).toBe(false);
    expect(() => sendsInsecurely({ baseUrl: 'http://10.0.0.5:8080' })).toThrow(UsageError);
  });
});
