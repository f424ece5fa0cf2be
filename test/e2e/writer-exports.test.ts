/**
 * Issue 14, exports as they come (exports.md), on workbooks written by openpyxl
 * (test/fixtures/exports-openpyxl/generate.py): inline strings, numbers typed as numbers, dates as serial
 * days with openpyxl's formats, a merged title row; and the same workbooks saved again by LibreOffice Calc
 * 7.4 (test/fixtures/exports-libreoffice/convert.sh): shared strings, LibreOffice's styles and formats. Imported by the built command into the sandbox over
 * loopback. The expected organisation below is derived by hand from exports.md's rules, not copied from
 * the importer's output.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxSnapshot } from '../../src/sandbox/index.js';
import { runCli, serviceArgs, tempDir } from '../helpers/cli.js';

/** Each writer and the folder of its workbooks: the same exports, so the same organisation is expected. */
const WRITERS = [
  ['openpyxl', fileURLToPath(new URL('../fixtures/exports-openpyxl/', import.meta.url))],
  ['LibreOffice', fileURLToPath(new URL('../fixtures/exports-libreoffice/', import.meta.url))],
] as const;
const TODAY = ['--today', '2025-06-01'];

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** The writer's fixtures copied into a fresh folder: a run may write error files beside its input. */
function fixturesOf(folder: string): string {
  const cwd = tempDir('writer-');
  cpSync(folder, cwd, { recursive: true });
  return cwd;
}

const units = (s: SandboxSnapshot) => ({
  departments: s.departments.map((d) => [d.id, d.name, d.parentId, d.owner]),
  teams: s.teams.map((t) => [t.id, t.name, t.departmentId, t.owner, t.members.join(' ')]),
});

/** Who the run's org-chart report shows as responsible for a unit: its owner or whom it inherits from. */
function responsibleInReport(cwd: string, report: string, kind: 'department' | 'team', id: string): string | undefined {
  const html = readFileSync(join(cwd, report), 'utf8');
  const unit = html.split('<li ').find((li) => li.includes(`data-unit-id="${id}" data-unit-kind="${kind}"`));
  const summary = unit?.slice(0, unit.indexOf('</summary>'));
  return /(?:responsible|ansvarlig): ([^<]+) <span class="pid">([^<]+)<\/span>/
    .exec(summary ?? '')
    ?.slice(1, 3)
    .join(' ');
}

/** Runs the same import again and expects no request that changes anything. */
async function expectSecondRunSendsNothing(sb: RunningSandbox, file: string, cwd: string): Promise<void> {
  const writes = sb.stats().writes;
  const again = await runCli([file, '--yes', ...TODAY, ...serviceArgs(sb)], { cwd });
  expect(again.code, again.stdout + again.stderr).toBe(0);
  expect(again.stdout).toContain('Nothing to do');
  expect(sb.stats().writes).toBe(writes);
}

describe.each(WRITERS)('written by %s', (_writer, folder) => {
  const fixtures = () => fixturesOf(folder);

  describe('an employee list with the unit as one path column', () => {
    it('derives the tree from the paths, keeps the two Administration units apart, takes leader flags and dates; a second run sends nothing', async () => {
      sandbox = await startSandbox({ quiet: true, rootName: 'Nordlys Energi' });
      const cwd = fixtures();
      const first = await runCli(['path-column.xlsx', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
      expect(first.code, first.stdout + first.stderr).toBe(0);

      const s = sandbox.snapshot();
      // Drift and Salg have units below them: departments. Drift has a person of its own (201): its own team
      // "drift". Salg has none: no own team. Leaves are teams, ids the slugged path below the top department.
      // The leader flag makes the row's person the owner of the row's unit; an own team has its department's
      // owner; Salg and "Vindmøller Øst" have no leader (the service's inheritance, not ours).
      expect(units(s)).toEqual({
        departments: [
          ['drift', 'Drift', 'root', '201'],
          ['root', 'Nordlys Energi', null, '200'],
          ['salg', 'Salg', 'root', null],
        ],
        teams: [
          ['drift', 'Drift', 'drift', '201', '201'],
          ['drift.administration', 'Administration', 'drift', '202', '202 203'],
          ['drift.vindmoeller-oest', 'Vindmøller Øst', 'drift', null, '206'],
          ['root', 'Nordlys Energi', 'root', '200', '200'],
          ['salg.administration', 'Administration', 'salg', '205', '204 205'],
        ],
      });
      // 207 left on 2025-03-31: never created. 208 starts on 2025-09-01: not yet. 206 leaves in 2099: active.
      expect(s.employees.filter((e) => e.active).map((e) => e.id)).toEqual(['200', '201', '202', '203', '204', '205', '206']);
      expect(s.employees.some((e) => e.id === '207' || e.id === '208')).toBe(false);
      expect(s.users.find((u) => u.id === '203')!.name).toBe('Jens Møller');
      expect(first.stdout).toMatch(/starts on 2025-09-01/);
      expect(first.stdout).toMatch(/leaves on 2099-12-31/);
      // Units without a leader inherit from the unit above, and the run's report shows whom.
      expect(responsibleInReport(cwd, 'path-column.report.html', 'department', 'salg')).toBe('Karen Holm 200');
      expect(responsibleInReport(cwd, 'path-column.report.html', 'team', 'drift.vindmoeller-oest')).toBe('Mads Berg 201');
      expect(responsibleInReport(cwd, 'path-column.report.html', 'team', 'salg.administration')).toBe('Lars Dahl 205');

      await expectSecondRunSendsNothing(sandbox, 'path-column.xlsx', cwd);

      // On the hiring date (a date-time cell in openpyxl's format) 208 is created, in the team the path names.
      const hired = await runCli(['path-column.xlsx', '--yes', '--today', '2025-09-01', ...serviceArgs(sandbox)], { cwd });
      expect(hired.code, hired.stdout + hired.stderr).toBe(0);
      expect(sandbox.snapshot().employees.find((e) => e.id === '208')).toMatchObject({ active: true, teamId: 'drift.vindmoeller-oest' });
    });
  });

  describe('a plain unit tree and an employee list (numeric ids, merged title row)', () => {
    it('makes units with children departments, leaves teams, own teams where people sit in departments; numbers read as the same text ids', async () => {
      sandbox = await startSandbox({ quiet: true, rootName: 'Nordlys Energi' });
      const cwd = fixtures();
      const first = await runCli(['plain-tree.xlsx', '--yes', ...TODAY, ...serviceArgs(sandbox)], { cwd });
      expect(first.code, first.stdout + first.stderr).toBe(0);

      const s = sandbox.snapshot();
      // root, DRIFT, NET and SALG have child units: departments. NET-N, NET-S and KS: teams. People in root,
      // DRIFT and NET (1001–1003) need those departments' own teams; nobody sits in SALG: no own team.
      // Owners typed as numbers (1001, 1002, 1005, 1007) or text ('1003') are the same employee ids.
      expect(units(s)).toEqual({
        departments: [
          ['DRIFT', 'Drift', 'root', '1002'],
          ['NET', 'Net', 'DRIFT', '1003'],
          ['SALG', 'Salg', 'root', null],
          ['root', 'Nordlys Energi', null, '1001'],
        ],
        teams: [
          ['DRIFT', 'Drift', 'DRIFT', '1002', '1002'],
          ['KS', 'Kundeservice', 'SALG', '1007', '1007 1008'],
          ['NET', 'Net', 'NET', '1003', '1003'],
          ['NET-N', 'Net Nord', 'NET', null, '1004'],
          ['NET-S', 'Net Syd', 'NET', '1005', '1005 1006'],
          ['root', 'Nordlys Energi', 'root', '1001', '1001'],
        ],
      });
      expect(s.employees.map((e) => e.id)).toEqual(['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008']);
      expect(s.users.find((u) => u.id === '1006')!.name).toBe('Lars Dahl');
      expect(responsibleInReport(cwd, 'plain-tree.report.html', 'team', 'NET-N')).toBe('Sofie Lund 1003');
      expect(responsibleInReport(cwd, 'plain-tree.report.html', 'department', 'SALG')).toBe('Karen Holm 1001');

      await expectSecondRunSendsNothing(sandbox, 'plain-tree.xlsx', cwd);
    });
  });
});
