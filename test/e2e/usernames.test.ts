/**
 * The username ring of test/plan/usernames-rings.test.ts, reached through the built command against the sandbox: the
 * sandbox compares usernames exactly, so two people can come to hold "Bob@…" and "bob@…".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';

// A blank username is the e-mail (the column is present, so usernames are managed).
const EMPLOYEE_HEADER = ['employee_id', 'name', 'email', 'team_id', 'username'];
const ORGANISATION = [
  ['type', 'id', 'name', 'parent_id', 'owner'],
  ['department', 'root', 'Company', '', '100'],
  ['team', 'T1', 'Team 1', 'root', ''],
];
const person = (id: string, email: string) => [id, `Person ${id}`, email, 'T1', ''];

let sandbox: RunningSandbox;
let cwd: string;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  cwd = tempDir();
});
afterEach(async () => {
  await sandbox.close();
});

async function importPeople(people: string[][]) {
  const dir = writeCsvSet({ employees: [EMPLOYEE_HEADER, ...people], organisation: ORGANISATION });
  return runCli([dir, '--yes', ...serviceArgs(sandbox)], { cwd });
}

describe('a swap of usernames next to a name held in another case', () => {
  it('is carried out, not stopped by a dependency cycle', async () => {
    const first = await importPeople([
      person('100', 'p100@nordlys.dk'),
      person('101', 'Bob@nordlys.dk'),
      person('102', 'p102@nordlys.dk'),
      person('103', 'carol@nordlys.dk'),
    ]);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    // 101 is left out of this workbook (no --prune: left as it is); 102 takes "bob@…", which the sandbox allows.
    const second = await importPeople([
      person('100', 'p100@nordlys.dk'),
      person('102', 'bob@nordlys.dk'),
      person('103', 'carol@nordlys.dk'),
    ]);
    expect(second.code, second.stdout + second.stderr).toBe(0);

    // 101 and 103 swap "Bob@…" and "carol@…"; 102 moves on from "bob@…".
    const third = await importPeople([
      person('100', 'p100@nordlys.dk'),
      person('101', 'carol@nordlys.dk'),
      person('102', 'dave@nordlys.dk'),
      person('103', 'Bob@nordlys.dk'),
    ]);
    expect(third.stderr).not.toContain('dependency cycle');
    expect(third.code, third.stdout + third.stderr).toBe(0);
    const usernames = Object.fromEntries(sandbox.snapshot().users.map((u) => [u.id, u.username]));
    expect(usernames).toMatchObject({ '101': 'carol@nordlys.dk', '102': 'dave@nordlys.dk', '103': 'Bob@nordlys.dk' });
  });
});
