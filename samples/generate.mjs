#!/usr/bin/env node
/**
 * Writes the sample files: node samples/generate.mjs [OUT_DIR]   (default: this folder)
 *
 * samples/company.xlsx and samples/csv/*.csv: Nordlys Energi A/S, a clean first import (see
 * generator/company.mjs; sheet layout in generator/sheets.mjs); samples/bad/*: small files with the
 * mistakes HR staff really make (see generator/bad.mjs and README.md); samples/exports/*: HR exports as
 * they come, each with its --map profile (generator/exports.mjs). Seeded, no network, no clock:
 * the output is the same on every run.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCompany } from './generator/company.mjs';
import { writeBadSamples } from './generator/bad.mjs';
import { writeExportSamples } from './generator/exports.mjs';
import { seededRandom } from './generator/random.mjs';
import { countsOf, workbookSheets, writeCsvFiles } from './generator/sheets.mjs';
import { writeWorkbook } from './generator/write.mjs';

const outDir = process.argv[2] ?? fileURLToPath(new URL('.', import.meta.url));
const company = buildCompany(seededRandom(20250101));

// Dates as real date cells in the workbook; see generator/sheets.mjs for both layouts.
writeWorkbook(join(outDir, 'company.xlsx'), workbookSheets(company));
writeCsvFiles(join(outDir, 'csv'), company);
writeBadSamples(join(outDir, 'bad'));
writeExportSamples(join(outDir, 'exports'));

const counts = countsOf(company);
const twice = company.employees.filter((e) => e.userId !== '' && e.userId !== e.id).length;
const employee1001 = company.employees.find((e) => e.id === '1001');
console.log(
  `samples: ${counts.employments} employments (${counts.people} people, ${twice} with two), ` +
    `${counts.departments} departments, ${counts.teams} teams, ` +
    `${counts.absences} absences (${counts.openAbsences} open), ` +
    `${counts.delegations} delegations; employee 1001 is ${employee1001?.person.name}`,
);
