/**
 * Issue 24 point 3: a count or a limit is written as the run's language writes numbers. Danish groups
 * digits with a point (the comma is its decimal separator): "række 1.048.576", never "række 1,048,576".
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, writeCsvSet } from '../helpers/cli.js';
import { EMPLOYEE_HEADER_ROW, workbookZip, worksheetXml } from '../hostile/zip-writer.js';

const FAR_ROW = 1_048_577;

function workbookPastExcelsLastRow(dir: string): string {
  const file = join(dir, 'medarbejdere.xlsx');
  writeFileSync(file, workbookZip(worksheetXml(`${EMPLOYEE_HEADER_ROW}<row r="${FAR_ROW}"><c r="A${FAR_ROW}"><v>1</v></c></row>`)));
  return file;
}

function csvOfManyColumns(dir: string): string {
  const file = join(dir, 'medarbejdere.csv');
  writeFileSync(file, `${Array.from({ length: 10_000 }, (_, i) => `kolonne ${i}`).join(';')}\n1;Ann;a@x.dk\n`);
  return file;
}

describe('numbers in the words of the built command', () => {
  it('in Danish have the Danish digit groups, in a row limit and a count', async () => {
    const dir = tempDir();
    const [rows, columns] = await Promise.all([
      runCli(['validate', workbookPastExcelsLastRow(dir), '--lang', 'da'], { cwd: dir }),
      runCli(['validate', csvOfManyColumns(dir), '--lang', 'da'], { cwd: dir }),
    ]);
    expect(rows.code).toBe(3);
    expect(rows.stderr).toContain('fortsætter efter række 1.048.576, som er Excels egen grænse');
    expect(columns.code).toBe(3);
    expect(columns.stderr).toContain('række 1 har værdier i mere end 1.000 kolonner');
    expect(rows.stderr + columns.stderr).not.toMatch(/1,048,576|1,000/);
  });

  it('in English keep the English digit groups', async () => {
    const dir = tempDir();
    const rows = await runCli(['validate', workbookPastExcelsLastRow(dir)], { cwd: dir });
    expect(rows.code).toBe(3);
    expect(rows.stderr).toContain("goes on past row 1,048,576, Excel's own limit");
  });
});

describe('the counts of a run of more than a thousand', () => {
  it('are grouped alike everywhere: progress, the apply summary and history, "1.001 opret (1.001 udført)" (issue 34, point 14)', async () => {
    const cwd = tempDir();
    const employees = [['employee_id', 'name', 'email']];
    for (let i = 0; i < 1_001; i++) employees.push([String(5_000 + i), `Person ${i}`, `p${i}@nordlys.dk`]);
    const dir = writeCsvSet({
      employees,
      organisation: [
        ['type', 'id', 'name', 'parent_id'],
        ['department', 'root', 'Company', ''],
      ],
    });
    // On v2 a person is one operation: 1,001 creates.
    const run = await runCli([dir, '--sandbox', '--api', 'v2', '--yes', '--lang', 'da'], { cwd });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/medarbejder +opret +1\.001: 1\.001 udført/);
    expect(run.stdout + run.stderr).toContain('Udfører (1.001)…');
    const history = await runCli(['history', '--lang', 'da'], { cwd });
    expect(history.stdout).toContain('medarbejder: 1.001 opret (1.001 udført)');
    expect(history.stdout).not.toMatch(/\b1001\b|1,001/);
  }, 120_000);
});
