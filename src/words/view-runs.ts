/** The sentences of the export guard (src/view/export-guard-text.ts) and of `history` (history-text.ts). */
import { formatNumber, phrasebook, plural } from './language.js';

/** The sheet of the workbook a finding is about (plan/export-guard.ts). */
type SheetKind = 'employees' | 'organisation';
const DANISH_SHEET: Record<SheetKind, string> = { employees: 'Medarbejdere', organisation: 'Organisation' };

const en = {
  employeesMissing: (now: number, before: number, missing: number, examples: string, limit: number) =>
    `The export has ${formatNumber(now)} employees; the last successful run had ${formatNumber(before)}: ${formatNumber(missing)} are missing (e.g. ${examples}); at most ${formatNumber(limit)} may go missing at once.`,
  subtreeMissing: (departmentId: string, units: number, examples: string) =>
    `Department ${departmentId} is missing from the export with everything below it (${formatNumber(units)} more units: ${examples}).`,
  columnMissing: (sheet: SheetKind, column: string) => `The ${sheet} sheet has no ${column} column; the last successful run had one.`,
  valuesCleared: (column: string, sheet: SheetKind, cleared: number, filledBefore: number, examples: string, limit: number) =>
    `The ${column} column of the ${sheet} sheet is blank for ${formatNumber(cleared)} of the ${formatNumber(filledBefore)} rows that had a value last time (e.g. ${examples}); at most ${formatNumber(limit)} may be cleared at once.`,
  guardRefused: 'The export differs too much from the last successful run:',
  guardRefusedHint: 'If this is right, run again with --accept-changes.',
  guardWouldRefuse: 'Applying would be refused: the export differs too much from the last successful run:',
  guardWouldRefuseHint: 'If this is right, apply with --accept-changes.',
  guardAccepted: 'The export differs from the last successful run (accepted with --accept-changes):',

  /** One action of a recorded run: "3 create (3 done)". */
  countedAction: (planned: number, action: string, statuses: readonly { count: number; status: string }[]) =>
    `${formatNumber(planned)} ${action}${statuses.length > 0 ? ` (${statuses.map((s) => `${formatNumber(s.count)} ${s.status}`).join(', ')})` : ''}`,
  nothingToDo: 'nothing to do',
  undoOf: (run: string) => `undo of ${run}`,
  /** An `apply plan.json` in the list: the plan file, then the files it was made from. */
  applyOf: (planFile: string, files: string, approved: number | null) =>
    `apply ${planFile}${approved !== null ? ` (${approved} approved ${plural(approved, 'removal', 'removals')})` : ''}: ${files}`,
  /** A run refused before it sent anything, with its code (as the --json summary's error has it) and why. */
  refused: (code: string, reason: string) => `refused (${code}): ${reason}`,
  runRefused: (code: string) => `  refused (${code}):`,
  noRuns: 'No runs are recorded in this state folder yet.',
  /** `exitCode` null: the run stopped without saying how (killed, crashed) and was not finished since. */
  runLine: (id: string, exitCode: number | null, duration: string, what: string, counts: string | null, guardFindings: number) =>
    `${id}  ${exitCode === null ? 'not finished' : `exit ${exitCode}`}  ${duration}  ${what}${counts !== null ? `  —  ${counts}` : ''}${guardFindings > 0 ? `  [export guard: ${guardFindings} ${plural(guardFindings, 'finding', 'findings')}]` : ''}`,
  /** A run stopped and finished by the same command again: one run in `parts` parts. */
  inParts: (parts: number) => `[in ${formatNumber(parts)} parts: stopped, then finished by the same command again]`,
  notFinished: '[stopped before it ended (killed or crashed): the same command again finishes it]',
  /** One part of a run in parts: when it started, and how it ended (`exitCode` null: stopped without saying how). */
  runPart: (n: number, started: string, finished: string | null, exitCode: number | null) =>
    `  part ${n}: started ${started}, ${exitCode === null ? 'stopped before it ended (killed or crashed)' : `ended ${finished}, exit code ${exitCode}`}`,
  runsFooter: (runs: number) =>
    `${formatNumber(runs)} ${plural(runs, 'run', 'runs')}. \`orgsync-import history show RUN\` prints one; \`orgsync-import undo RUN\` reverses one.`,
  runTitle: (id: string, undoes: string | null) => `Run ${id}${undoes !== null ? ` (undo of ${undoes})` : ''}`,
  runPlanFile: (planFile: string, approved: number | null) =>
    `  apply of the saved plan ${planFile}${approved !== null ? `, ${approved} approved ${plural(approved, 'removal', 'removals')}` : ''}`,
  runTimes: (started: string, finished: string | null, duration: string, exitCode: number | null) =>
    finished === null || exitCode === null
      ? `  started ${started}, not finished (${duration} recorded): it stopped before it ended (killed or crashed); the same command again finishes it`
      : `  started ${started}, finished ${finished} (${duration}), exit code ${exitCode}`,
  runFiles: (files: readonly string[]) => `  files: ${files.join(', ')}`,
  runHash: (hash: string | null) => `  sha256 of the files: ${hash ?? 'unknown'}`,
  runService: (serviceKey: string) => `  service: ${serviceKey}`,
  runGuardFinding: (finding: string) => `  export guard: ${finding}`,
  operations: 'Operations:',
  wholeReport: (path: string) => `The whole report (as --report writes it): ${path}`,
  undoHint: (id: string) => `\`orgsync-import undo ${id}\` reverses this run.`,
};

export const runWords = phrasebook({
  en,
  da: {
    employeesMissing: (now, before, missing, examples, limit) =>
      `Eksporten har ${formatNumber(now)} medarbejdere; den sidste vellykkede kørsel havde ${formatNumber(before)}: ${formatNumber(missing)} mangler (fx ${examples}); højst ${formatNumber(limit)} må mangle på én gang.`,
    subtreeMissing: (departmentId, units, examples) =>
      `Afdeling ${departmentId} mangler i eksporten med alt under sig (${formatNumber(units)} ${plural(units, 'enhed', 'enheder')} mere: ${examples}).`,
    columnMissing: (sheet, column) => `Arket ${DANISH_SHEET[sheet]} har ingen kolonne ${column}; det havde den sidste vellykkede kørsel.`,
    valuesCleared: (column, sheet, cleared, filledBefore, examples, limit) =>
      `Kolonnen ${column} i arket ${DANISH_SHEET[sheet]} er tom i ${formatNumber(cleared)} af de ${formatNumber(filledBefore)} rækker, der havde en værdi sidste gang (fx ${examples}); højst ${formatNumber(limit)} må tømmes på én gang.`,
    guardRefused: 'Eksporten afviger for meget fra den sidste vellykkede kørsel:',
    guardRefusedHint: 'Hvis det er rigtigt, så kør igen med --accept-changes.',
    guardWouldRefuse: 'Udførelsen ville blive afvist: eksporten afviger for meget fra den sidste vellykkede kørsel:',
    guardWouldRefuseHint: 'Hvis det er rigtigt, så udfør med --accept-changes.',
    guardAccepted: 'Eksporten afviger fra den sidste vellykkede kørsel (godtaget med --accept-changes):',

    countedAction: (planned, action, statuses) =>
      `${formatNumber(planned)} ${action}${statuses.length > 0 ? ` (${statuses.map((s) => `${formatNumber(s.count)} ${s.status}`).join(', ')})` : ''}`,
    nothingToDo: 'intet at gøre',
    undoOf: (run) => `fortrydelse af ${run}`,
    applyOf: (planFile, files, approved) =>
      `udførelse af ${planFile}${approved !== null ? ` (${approved} ${plural(approved, 'godkendt fjernelse', 'godkendte fjernelser')})` : ''}: ${files}`,
    refused: (code, reason) => `afvist (${code}): ${reason}`,
    runRefused: (code) => `  afvist (${code}):`,
    noRuns: 'Der er endnu ingen kørsler i denne tilstandsmappe.',
    runLine: (id, exitCode, duration, what, counts, guardFindings) =>
      `${id}  ${exitCode === null ? 'ikke færdig' : `afslutningskode ${exitCode}`}  ${duration}  ${what}${counts !== null ? `  —  ${counts}` : ''}${guardFindings > 0 ? `  [eksportværn: ${guardFindings} fund]` : ''}`,
    inParts: (parts) => `[i ${formatNumber(parts)} dele: stoppet, derefter gjort færdig af samme kommando igen]`,
    notFinished: '[stoppet før den var færdig (dræbt eller gået ned): samme kommando igen gør den færdig]',
    runPart: (n, started, finished, exitCode) =>
      `  del ${n}: startet ${started}, ${exitCode === null ? 'stoppet før den var færdig (dræbt eller gået ned)' : `sluttet ${finished}, afslutningskode ${exitCode}`}`,
    runsFooter: (runs) =>
      `${formatNumber(runs)} ${plural(runs, 'kørsel', 'kørsler')}. \`orgsync-import history show KØRSEL\` viser én; \`orgsync-import undo KØRSEL\` fortryder én.`,
    runTitle: (id, undoes) => `Kørsel ${id}${undoes !== null ? ` (fortrydelse af ${undoes})` : ''}`,
    runPlanFile: (planFile, approved) =>
      `  udførelse af den gemte plan ${planFile}${approved !== null ? `, ${approved} ${plural(approved, 'godkendt fjernelse', 'godkendte fjernelser')}` : ''}`,
    runTimes: (started, finished, duration, exitCode) =>
      finished === null || exitCode === null
        ? `  startet ${started}, ikke færdig (${duration} registreret): den stoppede, før den var færdig (dræbt eller gået ned); samme kommando igen gør den færdig`
        : `  startet ${started}, færdig ${finished} (${duration}), afslutningskode ${exitCode}`,
    runFiles: (files) => `  filer: ${files.join(', ')}`,
    runHash: (hash) => `  sha256 af filerne: ${hash ?? 'ukendt'}`,
    runService: (serviceKey) => `  tjeneste: ${serviceKey}`,
    runGuardFinding: (finding) => `  eksportværn: ${finding}`,
    operations: 'Handlinger:',
    wholeReport: (path) => `Hele rapporten (som --report skriver den): ${path}`,
    undoHint: (id) => `\`orgsync-import undo ${id}\` fortryder denne kørsel.`,
  },
});
