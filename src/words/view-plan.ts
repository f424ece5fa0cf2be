/** The sentences of the plan (src/view/plan-text.ts), the apply summary (apply-summary.ts) and refused rows (row-issues.ts). */
import { formatNumber, phrasebook, plural } from './language.js';

const httpStatus = (statusCode: number | null | undefined): string => (statusCode ? ` (HTTP ${statusCode})` : '');

const en = {
  /** Where an operation comes from, after its name: " (Employees row 5)". */
  source: (sheet: string, row: number) => ` (${sheet} row ${row})`,
  /** A named operation's id and row, in brackets after the name: " (34705881-…, bruger row 4)". */
  namedPlace: (id: string, sheet: string | undefined, row: number | undefined) =>
    sheet === undefined || row === undefined ? ` (${id})` : ` (${id}, ${sheet} row ${row})`,
  nothingToDo: 'Nothing to do: the service already matches the workbook.',
  /** An undo with nothing to send: its desired state is the run's "before", not a workbook. */
  nothingToUndo: (runId: string) => `Nothing to undo: the service already matches how it was before run ${runId}.`,
  /** The plan's closing line; each part is a count still to do ("3 to create"). */
  planLine: (parts: readonly string[], operations: number) =>
    `Plan: ${parts.join(', ')} (${formatNumber(operations)} ${plural(operations, 'operation', 'operations')}).`,
  changesByKind: 'Changes by kind:',
  moreRows: (more: number, action: string, entity: string) =>
    `    …and ${formatNumber(more)} more to ${action} (${entity}); \`plan --all\` or --report FILE.json lists them all.`,
  planNote: (kind: 'consequence' | 'note', message: string) => `${kind === 'consequence' ? 'Warning' : 'Note'}: ${message}`,
  held: (removals: number) =>
    `${formatNumber(removals)} ${plural(removals, 'removal', 'removals')} held for approval (--hold-removals): this run does not carry ${plural(removals, 'it', 'them')} out.`,
  /** The deletion guard refuses: `entity` is the kind ("employee"), `entities` its plural. */
  guardRefuses: (removals: number, entity: string, entities: string, inService: number, limit: number) =>
    `Refusing: the plan removes ${formatNumber(removals)} ${plural(removals, entity, entities)} of ${formatNumber(inService)} in the service; the limit is ${formatNumber(limit)} (--max-deletions). Check the workbook, or add --force.`,
  /** The same refusal of an undo: it has no workbook, only the run it undoes to check. */
  undoGuardRefuses: (removals: number, entity: string, entities: string, inService: number, limit: number, run: string) =>
    `Refusing: undoing run ${run} removes ${formatNumber(removals)} ${plural(removals, entity, entities)} of ${formatNumber(inService)} in the service; the limit is ${formatNumber(limit)} (--max-deletions). Check what the run did (\`orgsync-import history show ${run}\`), or add --force.`,

  failed: (operation: string, source: string, message: string | null | undefined, statusCode: number | null | undefined) =>
    `Failed: ${operation}${source}: ${message ?? 'no answer'}${httpStatus(statusCode)}`,
  moreFailures: (more: number) => `…and ${formatNumber(more)} more ${plural(more, 'failure', 'failures')} (see --report).`,
  blocked: (skipped: number) =>
    `${formatNumber(skipped)} ${plural(skipped, 'operation was', 'operations were')} skipped because something ${plural(skipped, 'it depends', 'they depend')} on failed.`,
  outcomeByKind: 'Outcome by kind:',
  /** The closing line of an apply; `done` holds "3 created" and the like, empty when nothing was done. */
  applied: (done: readonly string[], unchanged: number, failed: number, skipped: number, seconds: string) =>
    `Applied: ${[...(done.length > 0 ? done : ['nothing']), `${formatNumber(unchanged)} unchanged (the service had them already)`, `${formatNumber(failed)} failed`, `${formatNumber(skipped)} skipped`].join(', ')} in ${seconds} s.`,
  alreadyMatched: (count: number) => `${formatNumber(count)} people and units of the workbook already matched the service.`,

  answerDiffers: (entity: string, id: string, message: string | null | undefined) =>
    `The service accepted the ${entity} ${id} but kept other dates: ${message}.`,
  refused: (operation: string, message: string | null | undefined, statusCode: number | null | undefined) =>
    `The service refused to ${operation}: ${message ?? 'no answer'}${httpStatus(statusCode)}.`,
  transient: (count: number, first: string | null | undefined) =>
    `${formatNumber(count)} ${plural(count, 'operation', 'operations')} could not be carried out because of the service, not the workbook (first: ${first ?? 'no answer'}). Nothing is wrong with those rows: run the same command again to finish.`,
};

export const planWords = phrasebook({
  en,
  da: {
    source: (sheet, row) => ` (${sheet} række ${row})`,
    namedPlace: (id, sheet, row) => (sheet === undefined || row === undefined ? ` (${id})` : ` (${id}, ${sheet} række ${row})`),
    nothingToDo: 'Intet at gøre: tjenesten svarer allerede til projektmappen.',
    nothingToUndo: (runId) => `Intet at fortryde: tjenesten er allerede, som den var før kørsel ${runId}.`,
    planLine: (parts, operations) =>
      `Plan: ${parts.join(', ')} (${formatNumber(operations)} ${plural(operations, 'handling', 'handlinger')}).`,
    changesByKind: 'Ændringer fordelt på type:',
    moreRows: (more, action, entity) =>
      `    …og ${formatNumber(more)} mere (${entity}: ${action}); \`plan --all\` eller --report FIL.json viser dem alle.`,
    planNote: (kind, message) => `${kind === 'consequence' ? 'Advarsel' : 'Bemærkning'}: ${message}`,
    held: (removals) =>
      `${formatNumber(removals)} ${plural(removals, 'fjernelse', 'fjernelser')} venter på godkendelse (--hold-removals): denne kørsel udfører ${plural(removals, 'den', 'dem')} ikke.`,
    guardRefuses: (removals, _entity, entities, inService, limit) =>
      `Afvist: planen fjerner ${formatNumber(removals)} af de ${formatNumber(inService)} ${entities} i tjenesten; grænsen er ${formatNumber(limit)} (--max-deletions). Tjek projektmappen, eller tilføj --force.`,
    undoGuardRefuses: (removals, _entity, entities, inService, limit, run) =>
      `Afvist: at fortryde kørsel ${run} fjerner ${formatNumber(removals)} af de ${formatNumber(inService)} ${entities} i tjenesten; grænsen er ${formatNumber(limit)} (--max-deletions). Tjek hvad kørslen gjorde (\`orgsync-import history show ${run}\`), eller tilføj --force.`,

    failed: (operation, source, message, statusCode) =>
      `Mislykkedes: ${operation}${source}: ${message ?? 'intet svar'}${httpStatus(statusCode)}`,
    moreFailures: (more) => `…og ${formatNumber(more)} fejl mere (se --report).`,
    blocked: (skipped) =>
      `${formatNumber(skipped)} ${plural(skipped, 'handling', 'handlinger')} blev sprunget over, fordi noget, ${plural(skipped, 'den', 'de')} afhænger af, mislykkedes.`,
    outcomeByKind: 'Udfald fordelt på type:',
    applied: (done, unchanged, failed, skipped, seconds) =>
      `Udført: ${[...(done.length > 0 ? done : ['intet']), `${formatNumber(unchanged)} uændret (tjenesten havde dem allerede)`, `${formatNumber(failed)} mislykkedes`, `${formatNumber(skipped)} sprunget over`].join(', ')} på ${seconds} s.`,
    alreadyMatched: (count) => `${formatNumber(count)} personer og enheder i projektmappen svarede allerede til tjenesten.`,

    answerDiffers: (entity, id, message) => `Tjenesten tog imod ${entity} ${id}, men beholdt andre datoer: ${message}.`,
    refused: (operation, message, statusCode) =>
      `Tjenesten afviste handlingen "${operation}": ${message ?? 'intet svar'}${httpStatus(statusCode)}.`,
    transient: (count, first) =>
      `${formatNumber(count)} ${plural(count, 'handling', 'handlinger')} kunne ikke udføres på grund af tjenesten, ikke projektmappen (første: ${first ?? 'intet svar'}). Der er intet galt med disse rækker: kør den samme kommando igen for at gøre det færdigt.`,
  },
});
