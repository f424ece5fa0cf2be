/**
 * The app layer's words in Danish through the built command (issue 15 point 5): chosen by --lang, by the
 * environment (LANG) and by the configuration file. The lines the app itself writes around a run — its
 * phases, why nothing was sent, a stale saved plan, the files it leaves — are Danish, none left in English.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';

const EMPLOYEE_HEADER = ['employee_id', 'name', 'email', 'team_id'];
const ORG = [
  ['type', 'id', 'name', 'parent_id', 'owner'],
  ['department', 'root', 'Company', '', '100'],
  ['department', 'A', 'Afdeling A', 'root', ''],
  ['team', 'T1', 'Team 1', 'A', ''],
];
const person = (id: string) => [id, `Person ${id}`, `p${id}@nordlys.dk`, 'T1'];

function workbook(ids: string[], dir?: string): string {
  return writeCsvSet({ employees: [EMPLOYEE_HEADER, ...ids.map(person)], organisation: ORG }, dir);
}

/** The app's English sentences that must not appear in a Danish run. */
const ENGLISH = [
  'Nothing was sent',
  'Report written',
  'as an org chart',
  'Reading the service',
  'Applying',
  'Not applied',
  'The plan is stale',
  'Plan saved',
];

let sandbox: RunningSandbox;
let cwd: string;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true });
  cwd = tempDir();
});
afterEach(async () => {
  await sandbox.close();
});

describe('a run in Danish', () => {
  it('names its phases and the files it leaves in Danish (--lang da)', async () => {
    const dir = workbook(['100', '120']);
    const run = await runCli([dir, '--yes', '--lang', 'da', '--report', 'rapport.json', ...serviceArgs(sandbox)], { cwd });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toContain('Læser tjenesten og projektmappen');
    expect(run.stderr).toMatch(/tjenesten har 0 medarbejdere, 1 afdeling, 0 teams; projektmappen: 5 rækker i 2 ark, 0 fejl/);
    expect(run.stderr).toContain('Udfører (');
    expect(run.stdout).toContain('Rapporten er skrevet til rapport.json');
    expect(run.stdout).toContain(`Rapporten som organisationsdiagram: ${dir}.report.html`);
    for (const english of ENGLISH) expect(run.stdout + run.stderr).not.toContain(english);
  });

  it('says in Danish why nothing was applied without a terminal, and that nothing was sent (LANG=da_DK)', async () => {
    const run = await runCli([workbook(['100', '121']), ...serviceArgs(sandbox)], { cwd, env: { LANG: 'da_DK.UTF-8' } });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('Ikke udført: der er ingen terminal at spørge i, så udførelsen kræver --yes (se planen ovenfor).');
    for (const english of ENGLISH) expect(run.stdout + run.stderr).not.toContain(english);
    expect(sandbox.snapshot().employees).toEqual([]);
  });

  it('refuses a stale saved plan in Danish: exit 3, nothing sent', async () => {
    const dir = workbook(['100', '130']);
    const env = { LANG: 'da_DK.UTF-8' };
    const planned = await runCli(['plan', dir, '--out', 'plan.json', ...serviceArgs(sandbox)], { cwd, env });
    expect(planned.code, planned.stdout + planned.stderr).toBe(0);
    expect(planned.stdout).toContain('Planen er gemt i plan.json: "orgsync-import apply plan.json" udfører præcis denne plan.');
    workbook(['100', '131'], dir); // HR saved the file again

    const applied = await runCli(['apply', 'plan.json', '--yes', '--access-token', sandbox.accessToken], { cwd, env });
    expect(applied.code).toBe(3);
    expect(applied.stderr).toContain('Planen er forældet: projektmappen (employees.csv) er ændret, siden planen blev lavet: ');
    expect(applied.stderr).toContain(
      `Intet blev sendt. Lav planen igen (orgsync-import plan … --out ${join(cwd, 'plan.json')}), og gennemgå den.`,
    );
    for (const english of ENGLISH) expect(applied.stdout + applied.stderr).not.toContain(english);
    expect(sandbox.snapshot().employees).toEqual([]);
  });

  it('tells a wrong key of a configuration file that asks for Danish in Danish, before anything is read', async () => {
    writeFileSync(join(cwd, 'orgsync.config.json'), JSON.stringify({ lang: 'da', concurency: 4 }));
    const run = await runCli(['validate', workbook(['100'])], { cwd });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      'orgsync.config.json: "concurency" er ikke en indstilling (mente du "concurrency"?). Indstillingerne er: base_url',
    );
  });
});
