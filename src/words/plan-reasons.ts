/**
 * The reasons of src/plan/'s operations: the words after each line of a plan ("+ team T-9: new in
 * the workbook"). Ids, dates and the sheets' column names stay as they are.
 */
import { phrasebook } from './language.js';
import type { ColumnDef } from '../model/fields.js';
import type { Period, RenamedKind } from '../model/reasons.js';

/** A field the service hid, by its sheet column (English) and its Danish header. */
type HiddenField = Pick<ColumnDef, 'column' | 'header'>;

const en = {
  pruned: 'not in the workbook (--prune)',
  rehireUnderPreviousId: (previousId: string) => `fired in the service under its previous id ${previousId}: rehire it, then change the id`,
  renameViaTemporaryFirst: (fromId: string) =>
    `ids are exchanged: ${fromId} first moves to a temporary id, which frees it for the next in the exchange`,
  renameViaTemporaryLast: (column: string, id: string, kind: RenamedKind) =>
    `${column}: from the temporary id to ${id}, once that id is free; ${kind === 'employee' ? "the employee's" : "the unit's"} data is kept`,
  rename: (column: string, fromId: string, kind: RenamedKind) =>
    `${column} ${fromId}: change the id, keep ${kind === 'employee' ? "the employee's" : "the unit's"} data`,
  newPerson: 'new person in the workbook',
  fireLeft: 'status is left: fire (the data is kept and the person can come back)',
  rehireActive: 'active in the workbook, fired in the service: rehire (the earlier data returns)',
  /** After a rehire of an employee fired before the importer kept their values: the one sent cannot be compared. */
  notShownWhileFired: (field: HiddenField, value: string) => `${field.column}: not shown while fired → ${value}`,
  newEmployment: 'new employment in the workbook',
  rehiredByCreate: (until: string) => `deleted in the service, rehired by this create (possible until ${until}); the earlier data returns`,
  pastRehireWindow: (ended: string) =>
    `deleted in the service and past the rehire window (ended ${ended}): a NEW employee is created; the earlier data stays with the old one`,
  freesUsername: (released: string, next: string) =>
    `frees the username "${released}" for the next person in a round of username changes; "${next}" follows`,

  newDepartment: 'new department in the workbook',
  newTeam: 'new team in the workbook',
  name: (was: string, now: string) => `name ${JSON.stringify(was)} → ${JSON.stringify(now)}`,
  ownerCleared: (was: string | null) => `owner ${was} cleared`,
  owner: (was: string | null, now: string) => `owner ${was ?? '(none)'} → ${now}`,
  ownerFromLine: (was: string | null, now: string) => `owner ${was ?? '(none)'} → ${now} (leader from the reporting line)`,
  withLeaderFromLine: (reason: string, leader: string) => `${reason}; leader from the reporting line: ${leader}`,
  ownerUnchanged: (owner: string, after: string | null) =>
    `owner unchanged (${owner}); re-set because the owner above it becomes ${after ?? 'nobody'}, and the service cannot show whether ${owner} is set on this unit or inherited`,
  ownerClearedInherits: (was: string | null, after: string | null) => `owner ${was ?? '(none)'} cleared: inherits ${after ?? 'nobody'}`,
  ownerBlankUnchanged: (shown: string, after: string | null) =>
    `owner unchanged (blank: inherits); re-set because the owner above it becomes ${after ?? 'nobody'}, and the service cannot show whether ${shown} is set on this unit or inherited`,
  parent: (was: string | null, now: string) => `parent ${was ?? '(none)'} → ${now}`,
  teamDepartment: (was: string, now: string) => `department ${was} → ${now}`,

  teamChange: (was: string, now: string) => `team ${was} → ${now}`,
  joinsTeam: (team: string) => `joins team ${team}`,
  leavesTeam: (team: string) => `team_id is blank: leaves team ${team}`,
  emptiedForDeletion: (team: string) => `team ${team} is deleted (--prune): it must be empty first`,
  delegation: (employeeId: string, responsibility: string, unitKind: 'department' | 'team', unitId: string) =>
    `${employeeId} gets ${responsibility} on ${unitKind} ${unitId}`,

  undoCreated: (run: string) => `run ${run} created it: the undo removes it`,
  undoRehired: (run: string) => `run ${run} rehired them: the undo fires them again`,
  undoRemoved: (run: string) => `run ${run} removed it: the undo gives it back`,
  /** `change`: what is set back, in the words of the change itself ("name "B" → "A""), or null. */
  undoChanged: (run: string, change: string | null) =>
    `run ${run} changed it: the undo sets it back${change === null ? '' : ` (${change})`}`,

  endDate: (was: string | null, now: string | null) => `end date ${was ?? 'open'} → ${now ?? 'open'}`,
  sickFrom: (start: string) => `sick from ${start}, no end yet`,
  sick: (start: string, end: string) => `sick ${start} to ${end}`,
  correctEarlierStart: (held: Period, wanted: Period) =>
    `corrects ${held.start} to ${held.end ?? 'open'}: start ${held.start} → ${wanted.start}, end ${held.end ?? 'open'} → ${wanted.end ?? 'open'}`,
  correctLaterStart: (held: Period & { end: string }, start: string) =>
    `corrects ${held.start} to ${held.end}: start ${held.start} → ${start}, sent with the same end date ${held.end}, which is how the service moves a start later`,
  correctThenEnd: (held: Period & { end: string }, end: string | null) =>
    `corrects ${held.start} to ${held.end}: then end ${held.end} → ${end ?? 'open'}`,
  correctOpenEndFirst: (heldStart: string, end: string) =>
    `corrects ${heldStart} to open: end open → ${end} first (the service keeps the start ${heldStart})`,
  correctOpenStartAgain: (heldStart: string, start: string) =>
    `corrects ${heldStart} to open: start ${heldStart} → ${start}, sent again with the same end date, which is how the service moves a start later`,
};

export const planReasonWords = phrasebook({
  en,
  da: {
    pruned: 'ikke i projektmappen (--prune)',
    rehireUnderPreviousId: (previousId) => `fratrådt i tjenesten under sit tidligere id ${previousId}: genansæt, og skift så id`,
    renameViaTemporaryFirst: (fromId) =>
      `id'er byttes: ${fromId} flyttes først til et midlertidigt id, så det bliver frit til den næste i byttet`,
    renameViaTemporaryLast: (column, id, kind) =>
      `${column}: fra det midlertidige id til ${id}, når det id er frit; ${kind === 'employee' ? 'medarbejderens' : 'enhedens'} data bevares`,
    rename: (column, fromId, kind) => `${column} ${fromId}: skift id, bevar ${kind === 'employee' ? 'medarbejderens' : 'enhedens'} data`,
    newPerson: 'ny person i projektmappen',
    fireLeft: 'status er fratrådt: fratræd (data bevares, og personen kan komme tilbage)',
    rehireActive: 'aktiv i projektmappen, fratrådt i tjenesten: genansæt (de tidligere data kommer tilbage)',
    notShownWhileFired: (field, value) => `${field.header.da.toLowerCase()}: vises ikke, mens medarbejderen er fratrådt → ${value}`,
    newEmployment: 'ny ansættelse i projektmappen',
    rehiredByCreate: (until) =>
      `slettet i tjenesten, genansættes ved denne oprettelse (muligt til ${until}); de tidligere data kommer tilbage`,
    pastRehireWindow: (ended) =>
      `slettet i tjenesten, og fristen for genansættelse er udløbet (${ended}): der oprettes en NY medarbejder; de tidligere data bliver hos den gamle`,
    freesUsername: (released, next) =>
      `frigør brugernavnet "${released}" til den næste i en runde af brugernavneskift; "${next}" følger efter`,

    newDepartment: 'ny afdeling i projektmappen',
    newTeam: 'nyt team i projektmappen',
    name: (was, now) => `navn ${JSON.stringify(was)} → ${JSON.stringify(now)}`,
    ownerCleared: (was) => `leder ${was} fjernet`,
    owner: (was, now) => `leder ${was ?? '(ingen)'} → ${now}`,
    ownerFromLine: (was, now) => `leder ${was ?? '(ingen)'} → ${now} (leder ud fra ledelseslinjen)`,
    withLeaderFromLine: (reason, leader) => `${reason}; leder ud fra ledelseslinjen: ${leader}`,
    ownerUnchanged: (owner, after) =>
      `leder uændret (${owner}); sættes igen, fordi lederen over enheden bliver ${after ?? 'ingen'}, og tjenesten kan ikke vise, om ${owner} er sat på denne enhed eller arvet`,
    ownerClearedInherits: (was, after) => `leder ${was ?? '(ingen)'} fjernet: arver ${after ?? 'ingen'}`,
    ownerBlankUnchanged: (shown, after) =>
      `leder uændret (tom: arver); sættes igen, fordi lederen over enheden bliver ${after ?? 'ingen'}, og tjenesten kan ikke vise, om ${shown} er sat på denne enhed eller arvet`,
    parent: (was, now) => `overordnet afdeling ${was ?? '(ingen)'} → ${now}`,
    teamDepartment: (was, now) => `afdeling ${was} → ${now}`,

    teamChange: (was, now) => `team ${was} → ${now}`,
    joinsTeam: (team) => `kommer i team ${team}`,
    leavesTeam: (team) => `team_id er tom: forlader team ${team}`,
    emptiedForDeletion: (team) => `team ${team} slettes (--prune): det skal først tømmes`,
    delegation: (employeeId, responsibility, unitKind, unitId) =>
      `${employeeId} får ${responsibility} på ${unitKind === 'team' ? 'team' : 'afdeling'} ${unitId}`,

    undoCreated: (run) => `kørsel ${run} oprettede det: fortrydelsen fjerner det`,
    undoRehired: (run) => `kørsel ${run} genansatte dem: fortrydelsen fratræder dem igen`,
    undoRemoved: (run) => `kørsel ${run} fjernede det: fortrydelsen giver det tilbage`,
    undoChanged: (run, change) => `kørsel ${run} ændrede det: fortrydelsen sætter det tilbage${change === null ? '' : ` (${change})`}`,

    endDate: (was, now) => `slutdato ${was ?? 'åben'} → ${now ?? 'åben'}`,
    sickFrom: (start) => `syg fra ${start}, endnu ingen slutdato`,
    sick: (start, end) => `syg ${start} til ${end}`,
    correctEarlierStart: (held, wanted) =>
      `retter ${held.start} til ${held.end ?? 'åben'}: start ${held.start} → ${wanted.start}, slut ${held.end ?? 'åben'} → ${wanted.end ?? 'åben'}`,
    correctLaterStart: (held, start) =>
      `retter ${held.start} til ${held.end}: start ${held.start} → ${start}, sendt med samme slutdato ${held.end}, for sådan flytter tjenesten en start til senere`,
    correctThenEnd: (held, end) => `retter ${held.start} til ${held.end}: derefter slut ${held.end} → ${end ?? 'åben'}`,
    correctOpenEndFirst: (heldStart, end) =>
      `retter ${heldStart} til åben: først slut åben → ${end} (tjenesten beholder starten ${heldStart})`,
    correctOpenStartAgain: (heldStart, start) =>
      `retter ${heldStart} til åben: start ${heldStart} → ${start}, sendt igen med samme slutdato, for sådan flytter tjenesten en start til senere`,
  },
});
