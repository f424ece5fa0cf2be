/** The top department a fresh rehearsal sandbox starts with: the workbook's own, when it has exactly one. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withSandboxRoot, workbookTopDepartment } from '../../src/app/sandbox-root.js';
import type { ImportOptions } from '../../src/app/options.js';
import { tempDir, writeCsvSet } from '../helpers/cli.js';

const EMPLOYEES = [
  ['employee_id', 'name', 'email', 'team_id'],
  ['1', 'Ann Berg', 'ann@example.com', 'T-1'],
];

function book(organisation: string[][]): string {
  return writeCsvSet({ employees: EMPLOYEES, organisation });
}

function rehearsal(files: string[], extra: Partial<ImportOptions> = {}): ImportOptions {
  return {
    command: 'run',
    files,
    api: 'v3',
    insecure: false,
    sandbox: true,
    concurrency: 8,
    yes: true,
    prune: false,
    force: false,
    resendAbsences: false,
    stateDir: join(tempDir(), '.orgsync'),
    ...extra,
  };
}

describe("the workbook's top department", () => {
  it('is the one department without a parent, after the sheets before it', async () => {
    const folder = book([
      ['type', 'id', 'name', 'parent_id'],
      ['team', 'T-1', 'Team one', 'HQ'],
      ['department', 'D-1', 'Sales', 'HQ'],
      ['department', 'HQ', 'Hovedkontor', ''],
    ]);
    expect(await workbookTopDepartment({ files: [folder] })).toEqual({ id: 'HQ', name: 'Hovedkontor' });
  });

  it('is none when two departments have no parent, or the sheet has no parent_id column', async () => {
    const two = book([
      ['type', 'id', 'name', 'parent_id'],
      ['department', 'HQ', 'Hovedkontor', ''],
      ['department', 'X', 'Other', ''],
    ]);
    expect(await workbookTopDepartment({ files: [two] })).toBeNull();
    const noColumn = book([
      ['type', 'id', 'name'],
      ['department', 'HQ', 'Hovedkontor'],
    ]);
    expect(await workbookTopDepartment({ files: [noColumn] })).toBeNull();
  });

  it("is the first level of an export's paths: its name, and its id from a level-1 id column or derived from the name", async () => {
    const levels = writeCsvSet({
      employees: [
        ['employee_id', 'name', 'email', 'Niveau 1', 'Niveau 2'],
        ['1', 'Ann Berg', 'ann@example.com', 'Nordlys Energi', 'Salg'],
        ['2', 'Bo Holm', 'bo@example.com', 'Nordlys Energi', 'Drift'],
      ],
    });
    expect(await workbookTopDepartment({ files: [levels] })).toEqual({ id: 'nordlys-energi', name: 'Nordlys Energi' });
    // The first row gives no id for the top; a later row does, and the validator keeps that one.
    const withIds = writeCsvSet({
      employees: [
        ['employee_id', 'name', 'email', 'Niveau 1', 'Niveau 1 id', 'Niveau 2'],
        ['1', 'Ann Berg', 'ann@example.com', 'Nordlys Energi', '', 'Salg'],
        ['2', 'Bo Holm', 'bo@example.com', 'nordlys  energi', 'NE', 'Drift'],
      ],
    });
    expect(await workbookTopDepartment({ files: [withIds] })).toEqual({ id: 'NE', name: 'Nordlys Energi' });
  });

  it('is the first level of a path column, split by the separator given or found', async () => {
    const units = writeCsvSet({ organisation: [['Afdelingssti'], ['Kolding Kommune :: Teknik og Miljø'], ['Kolding Kommune']] });
    expect(await workbookTopDepartment({ files: [units], pathSeparator: '::' })).toEqual({
      id: 'kolding-kommune',
      name: 'Kolding Kommune',
    });
    const found = writeCsvSet({
      employees: [
        ['employee_id', 'name', 'email', 'Afdelingssti'],
        ['1', 'Ann Berg', 'ann@example.com', 'Kolding Kommune/Park og vej'],
      ],
    });
    expect(await workbookTopDepartment({ files: [found] })).toEqual({ id: 'kolding-kommune', name: 'Kolding Kommune' });
  });

  it('is read through the --map profile', async () => {
    const folder = book([
      ['type', 'Afd.nr.', 'name', 'parent_id'],
      ['department', 'HQ', 'Hovedkontor', ''],
    ]);
    const map = join(folder, '..', `map-${Date.now()}.json`);
    writeFileSync(map, JSON.stringify({ organisation: { 'Afd.nr.': 'id' } }));
    expect(await workbookTopDepartment({ files: [folder], mapFile: map })).toEqual({ id: 'HQ', name: 'Hovedkontor' });
  });
});

describe('the root of a rehearsal sandbox', () => {
  const hq = () =>
    book([
      ['type', 'id', 'name', 'parent_id'],
      ['department', 'HQ', 'Hovedkontor', ''],
    ]);

  it("is the workbook’s for a fresh sandbox (and the flags stay the user's own)", async () => {
    const options = await withSandboxRoot(rehearsal([hq()]));
    expect(options).toMatchObject({ workbookTop: { id: 'HQ', name: 'Hovedkontor' } });
    expect(options.rootId).toBeUndefined();
  });

  it('is --root-id (and --root-name) when given', async () => {
    const options = await withSandboxRoot(rehearsal([hq()], { rootId: 'company' }));
    expect(options.rootId).toBe('company');
    expect(options.rootName).toBeUndefined();
  });

  it('is left to a sandbox that has a state already', async () => {
    const options = rehearsal([hq()]);
    mkdirSync(options.stateDir, { recursive: true });
    writeFileSync(join(options.stateDir, 'sandbox.json'), '{}');
    expect((await withSandboxRoot(options)).workbookTop).toBeUndefined();
  });
});
