/**
 * A leaver who comes back under a new employee id (`previous_employee_id` names the old one) is rehired,
 * never created anew (issue 34, point 18), on both API versions, through the built command against the
 * sandbox over loopback with the requests it got recorded: v3 rehires the fired employee to the person's
 * user the service has (the new employee id made a new user id in the workbook) and then changes the id;
 * v2, within its 14 days, creates the employee again under the old id — which is v2's rehire — and then
 * changes the id. Either way the person has one employment, active, under the new id.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { nightlyExport, type ExportShape } from '../helpers/nightly.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;

beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  recorder = await recordRequests(sandbox);
  cwd = tempDir();
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

/** Row 112 of the nightly export as it is written there (nightly.ts), under a new employee id. */
const BACK_AS_212 = {
  employee_id: '212',
  previous_employee_id: '112',
  name: 'Person 112',
  email: 'p112@firma.dk',
  gender: 'm',
  birthday: '1981-03-11',
  employment: 'Job 3',
  team_id: 'T2',
};

async function night(api: 'v3' | 'v2', shape: ExportShape, ...flags: string[]) {
  const result = await runCli([nightlyExport(shape), '--yes', ...recordedServiceArgs(sandbox, recorder, api), ...flags], { cwd });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return result;
}

describe('a leaver rehired under a new employee id', () => {
  it.each(['v3', 'v2'] as const)('on %s is rehired and given the new id, never created a second time', async (api) => {
    await night(api, { employees: 12 });
    await night(api, { employees: 11 }, '--prune');
    expect(
      sandbox
        .snapshot()
        .employees.filter((e) => e.id === '112')
        .map((e) => e.active),
    ).toEqual([false]);

    recorder.clear();
    const back = await night(api, { employees: 11, extraEmployees: [BACK_AS_212] });
    const writes = recorder.writes().filter((w) => /\b[12]12\b/.test(w.path + JSON.stringify(w.body ?? null)));
    if (api === 'v3') {
      expect(back.stdout).toMatch(/rehire employee 112/);
      expect(writes.slice(0, 2)).toEqual([
        { method: 'PATCH', path: '/v3/core/users/112/employees/112', body: undefined },
        { method: 'PATCH', path: '/v3/core/employees/112', body: { employee: { id: '212' } } },
      ]);
    } else {
      expect(back.stdout).toMatch(/create employee 112 .*rehired by this create/);
      expect(writes[0]).toMatchObject({
        method: 'POST',
        path: '/v2/core/employees?key_field=ext_id',
        body: { employee: { ext_id: '112' } },
      });
      expect(writes[1]).toMatchObject({
        method: 'PUT',
        path: '/v2/core/employees/112?key_field=ext_id',
        body: { employee: { ext_id: '212' } },
      });
    }
    expect(writes.filter((w) => w.method === 'POST' && JSON.stringify(w.body ?? null).includes('"212"'))).toEqual([]);
    const person = sandbox.snapshot().employees.filter((e) => ['112', '212'].includes(e.id));
    expect(person).toEqual([expect.objectContaining({ id: '212', active: true })]);
    // The next night has nothing to do: the person is the workbook's.
    const again = await night(api, { employees: 11, extraEmployees: [BACK_AS_212] });
    expect(again.stdout).toContain('Nothing to do');
  });
});
