/**
 * The worst inputs through the built command, as a user meets them: exit 3 with one plain sentence for a
 * file that cannot be read, exit 1 with the error file for one that reads but is wrong, each within a
 * stated peak memory (measured in the process itself by max-rss.mjs). The time each takes is recorded
 * against its bound for `npm run bench -- timed`, never asserted: a loaded machine is slow, not wrong.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { ROOT, runCli, serviceArgs, tempDir, writeCsvSet } from '../helpers/cli.js';
import { expectNoStackTrace, ODD_NAMES, writeFile } from './support.js';
import { recordTiming } from '../helpers/timings.js';
import { EMPLOYEE_HEADER_ROW, workbookZip, worksheetXml } from './zip-writer.js';

/** The bounds for a hostile input: wall time (held by the benchmark) and peak resident memory of the command. */
const MAX_SECONDS = 10;
const MAX_RSS_MB = 300;

const MB = 1024 * 1024;
const PRELOAD = join(ROOT, 'test', 'hostile', 'max-rss.mjs');

async function validateMeasured(
  file: string,
): Promise<{ code: number | null; stdout: string; stderr: string; seconds: number; rssMb: number }> {
  const cwd = tempDir('hostile-cli-');
  const rssFile = join(cwd, 'maxrss');
  const started = Date.now();
  const result = await runCli(['validate', file], {
    cwd,
    env: { NODE_OPTIONS: `--import=${PRELOAD}`, HOSTILE_MAXRSS_FILE: rssFile },
  });
  const seconds = (Date.now() - started) / 1000;
  const rssMb = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) / 1024 : Number.NaN;
  return { ...result, seconds, rssMb };
}

const hostileFiles: [string, () => string, RegExp][] = [
  [
    'random bytes named .xlsx',
    () => writeFile('employees.xlsx', Buffer.concat([Buffer.from([7]), randomBytes(64 * 1024)])),
    /not an Excel workbook/,
  ],
  ['random bytes named .csv', () => writeFile('employees.csv', randomBytes(64 * 1024)), /not a text file/],
  [
    'a workbook cut off half-way',
    () => writeFile('cut.xlsx', workbookZip(worksheetXml(EMPLOYEE_HEADER_ROW.repeat(200))).subarray(0, 3000)),
    /damaged or incomplete/,
  ],
  ['a zip bomb', () => writeFile('bomb.xlsx', workbookZip(Buffer.alloc(200 * MB, 0x20), { deflateSheet: true })), /zip bomb/],
  [
    'an XML entity bomb',
    () =>
      writeFile(
        'laughs.xlsx',
        workbookZip(
          worksheetXml(
            '<row r="1"><c r="A1" t="inlineStr"><is><t>&c;</t></is></c></row>',
            '<!DOCTYPE w [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]>',
          ),
        ),
      ),
    /document type declaration/,
  ],
  [
    'a 50 MB cell in a CSV file',
    () => writeFile('employees.csv', `employee_id;name;email\n1;"${'x'.repeat(50 * MB)}";a@x.dk\n`),
    /row 2 holds more than 4 MB/,
  ],
  [
    'a 50 MB cell in a workbook',
    () =>
      writeFile(
        'big.xlsx',
        workbookZip(
          worksheetXml(
            `${EMPLOYEE_HEADER_ROW}<row r="2"><c r="B2" t="inlineStr"><is><t>${randomBytes(38 * MB).toString('base64')}</t></is></c></row>`,
          ),
        ),
      ),
    /row 2 holds more than 4 MB/,
  ],
  [
    '10,000 columns',
    () => writeFile('employees.csv', `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`),
    /more than 1,000 columns/,
  ],
];

describe(`a file that cannot be read ends in exit 3 and one sentence, within ${MAX_RSS_MB} MB`, () => {
  for (const [what, make, wording] of hostileFiles) {
    it(what, async () => {
      const file = make();
      const run = await validateMeasured(file);
      expect(run.code, run.stderr).toBe(3);
      expectNoStackTrace(run.stderr);
      const message = run.stderr.split('\n').find((line) => line.startsWith(file));
      expect(message).toMatch(wording);
      recordTiming('validate, the built command', run.seconds * 1000, MAX_SECONDS * 1000);
      expect(run.rssMb).toBeLessThan(MAX_RSS_MB);
    });
  }
});

describe('a file that reads but is wrong', () => {
  it('ends in exit 1 with the problems listed and marked up, control characters shown, not obeyed', async () => {
    const dir = tempDir('hostile-cli-');
    const file = writeFile(
      'employees.csv',
      'employee_id;name;email\n1;Ann;"ann\u001b]52;c;cHduZWQ=\u0007@x"\n2;Bo\u001b[2J;bo@x.dk\n',
      dir,
    );
    const run = await validateMeasured(file);
    expect(run.code).toBe(1);
    expectNoStackTrace(run.stderr);
    expect(run.stdout).toContain('invalid_value'); // control characters in a cell are refused by name
    expect(run.stdout + run.stderr).not.toMatch(/\u001b\]|\u0007|\u001b\[2J/);
    expect(run.stdout).toContain('\u241b]52'); // the escape shown as a visible symbol
    expect(existsSync(join(dir, 'employees.errors.csv'))).toBe(true);
  });
});

describe('names in every script and with every oddity', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('land in the service exactly as written, and a second run has nothing to do', async () => {
    const employees = ODD_NAMES.map((name, i) => [String(100 + i), name, `p${i}@nordlys.dk`, 'T1']);
    const dir = writeCsvSet({
      employees: [['employee_id', 'name', 'email', 'team_id'], ...employees],
      organisation: [
        ['type', 'id', 'name', 'parent_id', 'owner'],
        ['department', 'root', 'Ræv 🦊 شركة', '', '100'],
        ['team', 'T1', 'Team ‮1', 'root', ''],
      ],
    });
    const cwd = tempDir('hostile-cli-');
    const first = await runCli([dir, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(first.code, first.stderr).toBe(0);
    const names = new Map(sandbox.snapshot().users.map((u) => [u.id, u.name]));
    expect(employees.map(([id]) => names.get(id!))).toEqual([...ODD_NAMES]);
    expect(sandbox.snapshot().departments.find((d) => d.id === 'root')?.name).toBe('Ræv 🦊 شركة');
    const second = await runCli([dir, '--yes', ...serviceArgs(sandbox)], { cwd });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing to do');
  });
});
