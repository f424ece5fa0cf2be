/**
 * Issue 23 point 7: a derived id never equals another unit's id. `Acme > Acme > Sales` under the top
 * department `acme` gives the level-2 "Acme" an id of its own (the slug with the hash suffix, exports.md),
 * so the export, which has no parent ids, is imported as the tree it is and never called a loop; a second
 * run sends nothing. Through the built command, against the sandbox over loopback (a recording proxy in
 * front), and in a fresh `--sandbox` whose top department the export's first level gives.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxSnapshot } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';
import { recordRequests, type Recorder } from '../helpers/recorder.js';

let sandbox: RunningSandbox | undefined;
let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  await sandbox?.close();
  recorder = undefined;
  sandbox = undefined;
});

/** Employees whose unit is a path below the top department "Acme", one level of which is called "Acme" too. */
function acmeExport(): string {
  const cwd = tempDir('acme-');
  writeFileSync(
    join(cwd, 'medarbejdere.csv'),
    [
      'Medarbejder_id;Navn;E-mail;Afdelingssti',
      'E1;Anna Berg;anna@acme.dk;Acme > Acme > Sales',
      'E2;Bo Holm;bo@acme.dk;Acme > Acme > Sales',
      'E3;Cy Lund;cy@acme.dk;Acme > Acme',
      'E4;Di Krog;di@acme.dk;Acme > Support',
    ].join('\r\n'),
  );
  return cwd;
}

const HASHED_ACME = /^acme-[0-9a-f]{8}$/;

function acmeTree(s: SandboxSnapshot): { inner: string; departments: unknown[]; teams: unknown[] } {
  const inner = s.departments.find((d) => d.parentId === 'acme' && d.name === 'Acme')?.id ?? '(none)';
  const as = (id: string) => (id === inner ? 'INNER' : id);
  return {
    inner,
    departments: s.departments.map((d) => [as(d.id), d.name, d.parentId && as(d.parentId)]).sort(),
    teams: s.teams.map((t) => [as(t.id), t.name, as(t.departmentId), t.members.join(' ')]).sort(),
  };
}

const EXPECTED_TREE = {
  departments: [
    ['INNER', 'Acme', 'acme'],
    ['acme', 'Acme', null],
  ],
  teams: [
    ['INNER', 'Acme', 'INNER', 'E3'],
    ['acme.sales', 'Sales', 'INNER', 'E1 E2'],
    ['support', 'Support', 'acme', 'E4'],
  ],
};

describe('Acme > Acme > Sales under the top department acme', () => {
  it('gives the inner Acme its own id (no loop), and a second run sends nothing', async () => {
    sandbox = await startSandbox({ quiet: true, rootId: 'acme', rootName: 'Acme' });
    recorder = await recordRequests(sandbox);
    const cwd = acmeExport();
    const args = ['medarbejdere.csv', '--yes', ...serviceArgs(sandbox), '--base-url', recorder.baseUrl];
    const first = await runCli(args, { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout + first.stderr).not.toMatch(/loop|cycle/i);

    const tree = acmeTree(sandbox.snapshot());
    expect(tree.inner).toMatch(HASHED_ACME);
    expect({ departments: tree.departments, teams: tree.teams }).toEqual(EXPECTED_TREE);
    // The service was asked to create the inner department under the top, never to touch the top itself.
    const writes = recorder.writes();
    const created = writes.filter((w) => w.method === 'POST' && /\/departments$/.test(w.path));
    expect(created.map((w) => [w.path, (w.body as { department?: { id?: string } }).department?.id])).toEqual([
      ['/v3/core/departments/acme/departments', tree.inner],
    ]);
    expect(writes.filter((w) => /\/departments\/acme$/.test(w.path))).toEqual([]);

    recorder.clear();
    const second = await runCli(args, { cwd });
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('Nothing to do');
    expect(recorder.writes()).toEqual([]);
  });

  it('a fresh --sandbox takes Acme (acme) as its top department and rehearses the same tree', async () => {
    const cwd = acmeExport();
    const first = await runCli(['medarbejdere.csv', '--sandbox', '--yes'], { cwd });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout + first.stderr).not.toMatch(/loop|cycle/i);
    const rehearsal = await startSandbox({ quiet: true, statePath: join(cwd, '.orgsync', 'sandbox.json') });
    const tree = acmeTree(rehearsal.snapshot());
    await rehearsal.close();
    expect(tree.inner).toMatch(HASHED_ACME);
    expect({ departments: tree.departments, teams: tree.teams }).toEqual(EXPECTED_TREE);
  });
});
