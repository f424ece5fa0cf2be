/**
 * Every word of the plan and report pages (src/view/plan-html.ts), in English and Danish. The page names
 * actions and kinds of entity with the terminal's words (view-actions.ts).
 */
import { formatNumber, type Lang, phrasebook, plural } from './language.js';
import { actionWordsIn } from './view-actions.js';

/** How a unit or a person changes (view/org-chart.ts `UnitChange`, `PersonChange`). */
type UnitChange = 'added' | 'removed' | 'moved' | 'renamed' | 'changed' | 'unchanged';
type PersonChange = 'hired' | 'fired' | 'rehired' | 'left' | 'joined' | 'renamed' | 'changed' | 'absence' | 'unchanged';

export interface PageWords {
  planTitle: string;
  reportTitle: string;
  intro: string;
  reportIntro: string;
  counts: string;
  nothingToDo: string;
  outcome: string;
  guard: string;
  guardOk: string;
  /** `entities` is the kind counted: "employees". */
  /** `one` and `many`: the kind of entity for one ("employee") and for several ("employees"). */
  guardExceeded: (one: string, many: string, removals: number, inService: number, limit: number) => string;
  guardWithin: (one: string, many: string, removals: number, inService: number, limit: number) => string;
  warnings: string;
  noWarnings: string;
  consequence: string;
  note: string;
  held: string;
  heldIntro: string;
  saveApprovals: string;
  failures: string;
  noFailures: string;
  chart: string;
  search: string;
  searchPlaceholder: string;
  expandAll: string;
  collapseAll: string;
  onlyChanges: string;
  legend: string;
  noTeam: string;
  department: string;
  team: string;
  headcount: string;
  responsible: string;
  owner: string;
  name: string;
  movedFrom: string;
  renamedFrom: string;
  wasUnder: string;
  nobody: string;
  absence: (start: string, end: string | null) => string;
  fromTeam: string;
  toTeam: string;
  previousId: string;
  status: Record<'done' | 'unchanged' | 'failed' | 'skipped' | 'held', string>;
  unit: Record<UnitChange, string>;
  person: Record<PersonChange, string>;
  /** The kinds of entity counted, "employees", as the terminal names them. */
  entity: Record<string, string>;
  /** One entity of a kind, "employee": a held removal is one. */
  oneEntity: Record<string, string>;
  /** The actions, as the terminal names them. */
  action: Record<string, string>;
  noMatches: string;
  /** The section above the chart with the proposals to decide on ("looks like a rename"). */
  proposals: string;
  /** One rename proposal: the new unit (name, id) looks like the old one the export no longer has. */
  proposedRename: (kind: 'department' | 'team', name: string, id: string, oldName: string, old: string) => string;
  /** What happens without the flag, and the command that accepts (every proposal of the page). */
  proposalsIntro: (count: number) => string;
  acceptWith: string;
  /** At the new unit in the chart, and at the old one. */
  renameOf: (oldName: string, old: string) => string;
  renamedTo: (name: string, id: string) => string;
}

const en: PageWords = {
  planTitle: 'Plan',
  reportTitle: 'Report',
  intro: 'What the import will change, as an org chart. Nothing has been sent yet.',
  reportIntro: 'What the import did, as an org chart: each change with its outcome.',
  counts: 'Counts',
  nothingToDo: 'Nothing to do: the service already matches the workbook.',
  outcome: 'Outcome',
  guard: 'Deletion guard',
  guardOk: 'The plan removes nothing that only --prune asks for.',
  guardExceeded: (one, many, removals, inService, limit) =>
    `Refused: the plan removes ${formatNumber(removals)} ${plural(removals, one, many)} of ${formatNumber(inService)} in the service; the limit is ${formatNumber(limit)} (--max-deletions). Nothing will be sent without --force.`,
  guardWithin: (one, many, removals, inService, limit) =>
    `Allowed: the plan removes ${formatNumber(removals)} ${plural(removals, one, many)} of ${formatNumber(inService)} in the service; the limit is ${formatNumber(limit)}.`,
  warnings: 'Warnings and notes',
  noWarnings: 'No warnings.',
  consequence: 'warning',
  note: 'note',
  held: 'Held removals',
  heldIntro: 'These removals wait for your approval. Tick the ones to carry out and save the approvals file.',
  saveApprovals: 'Save approvals',
  failures: 'What failed',
  noFailures: 'Nothing failed.',
  chart: 'Organisation',
  search: 'Search',
  searchPlaceholder: 'Name, id or e-mail',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  onlyChanges: 'Only changes',
  legend: 'Legend',
  noTeam: 'People in no team',
  department: 'department',
  team: 'team',
  headcount: 'people',
  responsible: 'responsible',
  owner: 'owner',
  name: 'name',
  movedFrom: 'moved',
  renamedFrom: 'id',
  wasUnder: 'was under',
  nobody: 'nobody',
  absence: (s, e) => (e === null ? `sick from ${s}` : `sick ${s} – ${e}`),
  fromTeam: 'from',
  toTeam: 'to',
  previousId: 'was',
  status: { done: 'done', unchanged: 'already so', failed: 'failed', skipped: 'skipped', held: 'held for approval' },
  unit: { added: 'added', removed: 'removed', moved: 'moved', renamed: 'renamed', changed: 'changed', unchanged: 'unchanged' },
  person: {
    hired: 'new',
    fired: 'fired',
    rehired: 'rehired',
    left: 'leaves',
    joined: 'joins',
    renamed: 'new id',
    changed: 'changed',
    absence: 'absence',
    unchanged: 'unchanged',
  },
  entity: actionWordsIn('en').entities,
  oneEntity: actionWordsIn('en').entity,
  action: actionWordsIn('en').action,
  noMatches: 'Nothing matches.',
  proposals: 'To decide: proposed renames',
  proposedRename: (kind, name, id, oldName, old) =>
    `The ${kind} "${name}" (${id}) looks like a rename of "${oldName}" (${old}), which is no longer in the export.`,
  proposalsIntro: (count) =>
    `As planned, ${count === 1 ? 'the new unit is' : 'each new unit is'} created and the old one is left as it is (also with --prune). ` +
    `To rename instead (members and dialog data stay), run again with --accept-renames, which accepts ${count === 1 ? 'this proposal' : `all ${count} proposals`}:`,
  acceptWith: 'Accept with',
  renameOf: (oldName, old) => `Looks like a rename of "${oldName}" (${old}): created anew unless you run again with --accept-renames.`,
  renamedTo: (name, id) => `Looks renamed to "${name}" (${id}): left as it is unless you run again with --accept-renames.`,
};

const da: PageWords = {
  planTitle: 'Plan',
  reportTitle: 'Rapport',
  intro: 'Hvad importen vil ændre, vist som organisationsdiagram. Intet er sendt endnu.',
  reportIntro: 'Hvad importen gjorde, vist som organisationsdiagram: hver ændring med sit udfald.',
  counts: 'Antal',
  nothingToDo: 'Intet at gøre: tjenesten svarer allerede til projektmappen.',
  outcome: 'Udfald',
  guard: 'Sletteværn',
  guardOk: 'Planen fjerner intet, som kun --prune beder om.',
  guardExceeded: (_one, many, removals, inService, limit) =>
    `Afvist: ${formatNumber(removals)} af de ${formatNumber(inService)} ${many} i tjenesten skal fjernes; grænsen er ${formatNumber(limit)} (--max-deletions). Intet sendes uden --force.`,
  guardWithin: (_one, many, removals, inService, limit) =>
    `Tilladt: ${formatNumber(removals)} af de ${formatNumber(inService)} ${many} i tjenesten fjernes; grænsen er ${formatNumber(limit)}.`,
  warnings: 'Advarsler og bemærkninger',
  noWarnings: 'Ingen advarsler.',
  consequence: 'advarsel',
  note: 'bemærkning',
  held: 'Tilbageholdte fjernelser',
  heldIntro: 'Disse fjernelser venter på din godkendelse. Sæt flueben ved dem, der skal udføres, og gem godkendelsesfilen.',
  saveApprovals: 'Gem godkendelser',
  failures: 'Hvad mislykkedes',
  noFailures: 'Intet mislykkedes.',
  chart: 'Organisation',
  search: 'Søg',
  searchPlaceholder: 'Navn, id eller e-mail',
  expandAll: 'Fold alle ud',
  collapseAll: 'Fold alle sammen',
  onlyChanges: 'Kun ændringer',
  legend: 'Forklaring',
  noTeam: 'Personer uden team',
  department: 'afdeling',
  team: 'team',
  headcount: 'personer',
  responsible: 'ansvarlig',
  owner: 'leder',
  name: 'navn',
  movedFrom: 'flyttet',
  renamedFrom: 'id',
  wasUnder: 'lå under',
  nobody: 'ingen',
  absence: (s, e) => (e === null ? `syg fra ${s}` : `syg ${s} – ${e}`),
  fromTeam: 'fra',
  toTeam: 'til',
  previousId: 'var',
  status: {
    done: 'udført',
    unchanged: 'var allerede sådan',
    failed: 'mislykkedes',
    skipped: 'sprunget over',
    held: 'tilbageholdt til godkendelse',
  },
  unit: { added: 'tilføjet', removed: 'fjernet', moved: 'flyttet', renamed: 'nyt id', changed: 'ændret', unchanged: 'uændret' },
  person: {
    hired: 'ny',
    fired: 'fratræder',
    rehired: 'genansat',
    left: 'forlader',
    joined: 'kommer til',
    renamed: 'nyt id',
    changed: 'ændret',
    absence: 'fravær',
    unchanged: 'uændret',
  },
  entity: actionWordsIn('da').entities,
  oneEntity: actionWordsIn('da').entity,
  action: actionWordsIn('da').action,
  noMatches: 'Intet passer.',
  proposals: 'Skal afgøres: foreslåede omdøbninger',
  proposedRename: (kind, name, id, oldName, old) =>
    `${kind === 'department' ? 'Afdelingen' : 'Teamet'} "${name}" (${id}) ligner en omdøbning af "${oldName}" (${old}), som ikke længere er med i eksporten.`,
  proposalsIntro: (count) =>
    `Som planen er, oprettes ${count === 1 ? 'den nye enhed' : 'hver ny enhed'}, og den gamle bliver stående, som den er (også med --prune). ` +
    `For at omdøbe i stedet (medlemmer og dialogdata bliver) skal du køre igen med --accept-renames, som accepterer ${count === 1 ? 'dette forslag' : `alle ${count} forslag`}:`,
  acceptWith: 'Acceptér med',
  renameOf: (oldName, old) =>
    `Ligner en omdøbning af "${oldName}" (${old}): oprettes som ny, medmindre du kører igen med --accept-renames.`,
  renamedTo: (name, id) => `Ser ud til at være omdøbt til "${name}" (${id}): bliver stående, medmindre du kører igen med --accept-renames.`,
};

export const pageWords = phrasebook({ en, da });

/** The page's words in a language of its own (a page asked for in another language than the run's). */
export function pageWordsIn(lang: Lang): PageWords {
  return lang === 'da' ? da : en;
}
