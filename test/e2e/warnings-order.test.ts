/**
 * Issue 23 point 8, in the terminal: what the user must act on is never hidden. An export with ten
 * columns the importer does not know, whose unit was renamed in the HR system: the "looks like a rename"
 * proposal comes before the ignored columns, the ten ignored columns are one line naming them, and
 * nothing is left out behind "…and N more". Run by the built command against the sandbox over loopback;
 * `plan` sends nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';
import { recordedServiceArgs, recordRequests, type Recorder } from '../helpers/recorder.js';

const K = 'Kolding Kommune';
const EXTRA = Array.from({ length: 10 }, (_, i) => `Løn${i + 1}`);
const HEADER = ['Medarbejdernr', 'Navn', 'E-mail', 'Niveau 1', 'Niveau 2', 'Niveau 3', 'Leder', ...EXTRA];

/** The export of one month: the team of 101 and 102 is called `park` in the HR system. */
function month(park: string): string[][] {
  const row = (cells: string[]) => [...cells, ...EXTRA.map(() => 'x')];
  return [
    HEADER,
    row(['100', 'Tracy Andersen', 'tracya@kolding.dk', K, '', '', 'ja']),
    row(['101', 'Asbjørn Ladefoged', 'asbjoernl@kolding.dk', K, 'Teknik og Miljø', park, 'ja']),
    row(['102', 'Ester Truelsen', 'estert@kolding.dk', K, 'Teknik og Miljø', park, '']),
    row(['103', 'Peder Thomsen', 'pedert@kolding.dk', K, 'Teknik og Miljø', 'Administration', 'ja']),
  ];
}

let sandbox: RunningSandbox;
let recorder: Recorder;
let cwd: string;
beforeEach(async () => {
  sandbox = await startSandbox({ quiet: true, rootName: K });
  recorder = await recordRequests(sandbox);
  cwd = tempDir('warnings-');
  const first = await runCli([writeCsvSet({ Medarbejdere: month('Park og vej') }), '--yes', ...serviceArgs(sandbox)], { cwd });
  expect(first.code, first.stdout + first.stderr).toBe(0);
  recorder.clear();
});
afterEach(async () => {
  await recorder.close();
  await sandbox.close();
});

describe('the warnings of a plan', () => {
  it('put the rename proposal first, the ten ignored columns in one line, and hide nothing', async () => {
    const plan = await runCli(['plan', writeCsvSet({ Medarbejdere: month('Veje og parker') }), ...recordedServiceArgs(sandbox, recorder)], {
      cwd,
    });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(recorder.writes()).toEqual([]);
    expect(sandbox.snapshot().teams.some((t) => t.id === 'teknik-og-miljoe.veje-og-parker')).toBe(false);

    const lines = plan.stdout.split('\n');
    const proposal = lines.findIndex((l) =>
      /looks like a rename of "Park og vej" \(teknik-og-miljoe\.park-og-vej\).*--accept-renames/.test(l),
    );
    const columns = lines.filter((l) => /unknown column/.test(l));
    expect(proposal, plan.stdout).toBeGreaterThanOrEqual(0);
    expect(columns, plan.stdout).toEqual([
      `  warning Medarbejdere: 10 unknown columns are ignored: ${EXTRA.map((h) => `"${h}"`)
        .join(', ')
        .replace(/, ("Løn10")$/, ' and $1')}`,
    ]);
    expect(proposal).toBeLessThan(lines.indexOf(columns[0]!));
    expect(plan.stdout).not.toMatch(/…and \d+ more/);
  });
});
