/** The sentences of the plan (src/view/plan-text.ts), the apply summary (apply-summary.ts) and refused rows (row-issues.ts). */
import { phrasebook, plural } from './language.js';

const httpStatus = (statusCode: number | null | undefined): string => (statusCode ? ` (HTTP ${statusCode})` : '');

const en = {
  /** Where an operation comes from, after its name: " (Employees row 5)". */
  source: (sheet: string, row: number) => ` (${sheet} row ${row})`,
  nothingToDo: 'Nothing to do: the service already matches the workbook.',
  /** An undo with nothing to send: its desired state is the run's "before", not a workbook. */
  nothingToUndo: (runId: string) => `Nothing to undo: the service already matches how it was before run ${runId}.`,
  /** The plan's closing line; each part is a count still to do ("3 to create"). */
  planLine: (parts: readonly string[], operations: number) =>
    `Plan: ${parts.join(', ')} (${operations} ${plural(operations, 'operation', 'operations')}).`,
  changesByKind: 'Changes by kind:',
  moreRows: (more: number, action: string, entity: string) =>
    `    …and ${more} more to ${action} (${entity}); \`plan --all\` or --report FILE.json lists them all.`,
  planNote: (kind: 'consequence' | 'note', message: string) => `${kind === 'consequence' ? 'Warning' : 'Note'}: ${message}`,
  held: (removals: number) =>
    `${removals} ${plural(removals, 'removal', 'removals')} held for approval (--hold-removals): this run does not carry ${plural(removals, 'it', 'them')} out.`,
  /** The deletion guard refuses: `entity` is the kind ("employee"), `entities` its plural. */
  guardRefuses: (removals: number, entity: string, entities: string, inService: number, limit: number) =>
    `Refusing: the plan removes ${removals} ${plural(removals, entity, entities)} of ${inService} in the service; the limit is ${limit} (--max-deletions). Check the workbook, or add --force.`,

  failed: (operation: string, source: string, message: string | null | undefined, statusCode: number | null | undefined) =>
    `Failed: ${operation}${source}: ${message ?? 'no answer'}${httpStatus(statusCode)}`,
  moreFailures: (more: number) => `…and ${more} more ${plural(more, 'failure', 'failures')} (see --report).`,
  blocked: (skipped: number) =>
    `${skipped} ${plural(skipped, 'operation was', 'operations were')} skipped because something ${plural(skipped, 'it depends', 'they depend')} on failed.`,
  outcomeByKind: 'Outcome by kind:',
  /** The closing line of an apply; `done` holds "3 created" and the like, empty when nothing was done. */
  applied: (done: readonly string[], unchanged: number, failed: number, skipped: number, seconds: string) =>
    `Applied: ${[...(done.length > 0 ? done : ['nothing']), `${unchanged} unchanged (the service had them already)`, `${failed} failed`, `${skipped} skipped`].join(', ')} in ${seconds} s.`,
  alreadyMatched: (count: number) => `${count} people and units of the workbook already matched the service.`,

  answerDiffers: (entity: string, id: string, message: string | null | undefined) =>
    `The service accepted the ${entity} ${id} but kept other dates: ${message}.`,
  refused: (operation: string, message: string | null | undefined, statusCode: number | null | undefined) =>
    `The service refused to ${operation}: ${message ?? 'no answer'}${httpStatus(statusCode)}.`,
  transient: (count: number, first: string | null | undefined) =>
    `${count} operation${count === 1 ? '' : 's'} could not be carried out because of the service, not the workbook (first: ${first ?? 'no answer'}). Nothing is wrong with those rows: run the same command again to finish.`,
};

export const planWords = phrasebook({
  en,
  da: {
    source: (sheet, row) => ` (${sheet} række ${row})`,
    nothingToDo: 'Intet at gøre: tjenesten svarer allerede til projektmappen.',
    nothingToUndo: (runId) => `Intet at fortryde: tjenesten er allerede, som den var før kørsel ${runId}.`,
    planLine: (parts, operations) => `Plan: ${parts.join(', ')} (${operations} ${plural(operations, 'handling', 'handlinger')}).`,
    changesByKind: 'Ændringer fordelt på type:',
    moreRows: (more, action, entity) =>
      `    …og ${more} mere (${entity}: ${action}); \`plan --all\` eller --report FIL.json viser dem alle.`,
    planNote: (kind, message) => `${kind === 'consequence' ? 'Advarsel' : 'Bemærkning'}: ${message}`,
    held: (removals) =>
      `${removals} ${plural(removals, 'fjernelse', 'fjernelser')} venter på godkendelse (--hold-removals): denne kørsel udfører ${plural(removals, 'den', 'dem')} ikke.`,
    guardRefuses: (removals, _entity, entities, inService, limit) =>
      `Afvist: planen fjerner ${removals} af de ${inService} ${entities} i tjenesten; grænsen er ${limit} (--max-deletions). Tjek projektmappen, eller tilføj --force.`,

    failed: (operation, source, message, statusCode) => `Mislykkedes: ${operation}${source}: ${message ?? 'intet svar'}${httpStatus(statusCode)}`,
    moreFailures: (more) => `…og ${more} fejl mere (se --report).`,
    blocked: (skipped) =>
      `${skipped} ${plural(skipped, 'handling', 'handlinger')} blev sprunget over, fordi noget, ${plural(skipped, 'den', 'de')} afhænger af, mislykkedes.`,
    outcomeByKind: 'Udfald fordelt på type:',
    applied: (done, unchanged, failed, skipped, seconds) =>
      `Udført: ${[...(done.length > 0 ? done : ['intet']), `${unchanged} uændret (tjenesten havde dem allerede)`, `${failed} mislykkedes`, `${skipped} sprunget over`].join(', ')} på ${seconds} s.`,
    alreadyMatched: (count) => `${count} personer og enheder i projektmappen svarede allerede til tjenesten.`,

    answerDiffers: (entity, id, message) => `Tjenesten tog imod ${entity} ${id}, men beholdt andre datoer: ${message}.`,
    refused: (operation, message, statusCode) => `Tjenesten afviste handlingen "${operation}": ${message ?? 'intet svar'}${httpStatus(statusCode)}.`,
    transient: (count, first) =>
      `${count} ${plural(count, 'handling', 'handlinger')} kunne ikke udføres på grund af tjenesten, ikke projektmappen (første: ${first ?? 'intet svar'}). Der er intet galt med disse rækker: kør den samme kommando igen for at gøre det færdigt.`,
  },
});
