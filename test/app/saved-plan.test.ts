/** The plan file: no credential in it, read back as written, refused when it is not a plan file. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportOptions } from '../../src/app/options.js';
import { defaultPlanPath, planFileOf, readPlanFile, writePlanFile } from '../../src/app/saved-plan.js';
import { operation } from '../../src/model/operations.js';
import { holdRemovals } from '../../src/plan/saved.js';
import { tempDir } from '../helpers/cli.js';
import { PLAN_SOURCES } from '../helpers/plan-sources.js';

const options: ImportOptions = {
  command: 'run',
  files: ['book.xlsx'],
  api: 'v3',
  baseUrl: 'https://hr-admin:Pass-Word-1@orgsync.example.com/api',
  companyId: '42',
  accessToken: 'Access-Token-abc123',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJjb21wYW55X2lkIjo0Mn0.sig',
  jwtSecret: 'Jwt-Secret-xyz789',
  insecure: false,
  sandbox: false,
  concurrency: 8,
  yes: true,
  prune: true,
  holdRemovals: true,
  force: false,
  resendAbsences: false,
  stateDir: '/tmp/.orgsync',
};
const fire = operation({ type: 'fireEmployee', id: '121', reason: { code: 'pruned' }, pruned: true });
const update = operation({
  type: 'updateTeam',
  id: 'T1',
  changes: { name: { now: 'One' } },
  reason: { code: 'as_saved' as const, text: 'name changed' },
});
const plan = holdRemovals({
  operations: [
    { op: update, dependsOn: [] },
    { op: fire, dependsOn: [update.key] },
  ],
  notes: [],
  guard: { kinds: [{ entity: 'employee', removals: 1, limit: 5, inService: 10 }], exceeded: false, removals: [fire] },
});

async function written(): Promise<string> {
  const path = join(tempDir('plan-'), 'book.plan.json');
  await writePlanFile(path, planFileOf(plan, { options, ...PLAN_SOURCES, now: new Date(0) }));
  return path;
}

describe('the plan file', () => {
  it('holds no access token, JWT, JWT secret or password of the base URL', async () => {
    const text = readFileSync(await written(), 'utf8');
    for (const secret of ['Access-Token-abc123', 'eyJhbGciOiJIUzI1NiJ9', 'Jwt-Secret-xyz789', 'Pass-Word-1', 'hr-admin'])
      expect(text).not.toContain(secret);
    expect(JSON.parse(text).service).toMatchObject({ base_url: 'https://orgsync.example.com/api', company_id: '42', api: 'v3' });
  });

  it('is read back with its operations, their dependencies and the held removals; its entries are the report entries', async () => {
    const path = await written();
    const saved = readPlanFile(path);
    expect(saved.operations).toEqual(plan.operations);
    expect(saved.held).toEqual([fire.key]);
    expect(saved.file.plan[1]).toMatchObject({
      key: fire.key,
      action: 'fire',
      entity: 'employee',
      id: '121',
      held: true,
      depends_on: [update.key],
    });
  });

  it('keeps each reason as a code with its values, and says it in the language it is read in', async () => {
    const path = await written();
    const entry = JSON.parse(readFileSync(path, 'utf8')).plan[1];
    expect(entry).toMatchObject({ reason: 'not in the workbook (--prune)', reason_code: 'pruned', reason_params: {} });
    expect(entry.operation.reason).toEqual({ code: 'pruned' });
    expect(readPlanFile(path).operations[1]!.op.reason).toEqual({ code: 'pruned' });
  });

  it('reads a plan file written before reasons were codes: its words are kept as they were said', async () => {
    const path = await written();
    const file = JSON.parse(readFileSync(path, 'utf8'));
    for (const entry of file.plan) entry.operation.reason = 'ikke i projektmappen (--prune)';
    writeFileSync(path, JSON.stringify(file));
    const saved = readPlanFile(path);
    expect(saved.operations.map((p) => p.op.reason)).toEqual([
      { code: 'as_saved', text: 'ikke i projektmappen (--prune)' },
      { code: 'as_saved', text: 'ikke i projektmappen (--prune)' },
    ]);
    expect(saved.operations.map((p) => p.op.key)).toEqual([update.key, fire.key]);
  });

  it('is refused when it is not a plan file, or an entry carries another operation than its key', async () => {
    const path = await written();
    const file = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...file, version: 4 }));
    expect(() => readPlanFile(path)).toThrow(/is not a plan file of orgsync-import \(version/);
    // A plan file of format 2 lacks the options that shaped it (format 1, the values before an update): stale.
    writeFileSync(path, JSON.stringify({ ...file, version: 2 }));
    expect(() => readPlanFile(path)).toThrow(
      `${path} is a plan file of format 2, written by an earlier orgsync-import; this one reads format 3. Nothing was sent: make the plan again.`,
    );
    expect(() => readPlanFile(path)).toThrow(expect.objectContaining({ code: 'plan_stale', exitCode: 3 }));
    file.plan[0].key = 'updateTeam:T2';
    writeFileSync(path, JSON.stringify(file));
    expect(() => readPlanFile(path)).toThrow('the plan entry updateTeam:T2 carries the operation updateTeam:T1');
  });

  it('is a valid plan file when there is nothing to do', async () => {
    const path = join(tempDir('plan-'), 'empty.plan.json');
    const empty = { operations: [], notes: [], guard: { kinds: [], exceeded: false, removals: [] } };
    await writePlanFile(path, planFileOf(empty, { options, ...PLAN_SOURCES, now: new Date(0) }));
    expect(readPlanFile(path)).toMatchObject({ operations: [], held: [] });
  });

  it('goes beside the input by default', () => {
    expect(defaultPlanPath(['/data/hr/book.xlsx'])).toBe('/data/hr/book.plan.json');
    expect(defaultPlanPath(['/data/hr/export'])).toBe('/data/hr/export.plan.json');
  });
});
