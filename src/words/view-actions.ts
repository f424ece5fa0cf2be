/**
 * The view's vocabulary (src/view/words.ts): what each action is called in the plan, what it is called
 * once done, the kinds of entity and the outcome of an operation. The plan, the summary, the history and
 * the page all name an action with these words.
 */
import type { Action, EntityKind } from '../model/operations.js';
import { formatNumber, phrasebook, type Lang } from './language.js';

/**
 * What became of an operation (load/outcome.ts `OperationStatus`; `unknown`: a run's record of a request
 * sent by a process killed before it read the answer).
 */
type Status = 'done' | 'unchanged' | 'failed' | 'skipped' | 'unknown';

interface Vocabulary {
  action: Record<Action, string>;
  done: Record<Action, string>;
  toDo: (count: number, action: Action) => string;
  entity: Record<EntityKind, string>;
  entities: Record<EntityKind, string>;
  status: Record<Status, string>;
  operation: (action: Action, entity: EntityKind | null, id: string) => string;
  /** A membership named: the person and the team by name. */
  membership: (action: Action, person: string, team: string) => string;
}

const en: Vocabulary = {
  /** The action as the plan names it: "create", "add to team". */
  action: {
    create: 'create',
    update: 'update',
    move: 'move',
    rename: 'rename',
    fire: 'fire',
    rehire: 'rehire',
    delete: 'delete',
    add_member: 'add to team',
    remove_member: 'remove from team',
    report_absence: 'report absence',
  },
  /** Past tense of each action, for the closing line: "3 created". */
  done: {
    create: 'created',
    update: 'updated',
    move: 'moved',
    rename: 'renamed',
    fire: 'fired',
    rehire: 'rehired',
    delete: 'deleted',
    add_member: 'added to a team',
    remove_member: 'removed from a team',
    report_absence: 'absences reported',
  },
  /** A count still to do, for the plan's summary line: "3 to create". */
  toDo: (count, action) => `${formatNumber(count)} to ${en.action[action]}`,
  /** The kind of entity as a table of counts names it: "employee". */
  entity: {
    user: 'user',
    employee: 'employee',
    department: 'department',
    team: 'team',
    membership: 'membership',
    delegation: 'delegation',
    absence: 'absence',
  },
  /** The kinds of entity counted: "3 employees". */
  entities: {
    user: 'users',
    employee: 'employees',
    department: 'departments',
    team: 'teams',
    membership: 'memberships',
    delegation: 'delegations',
    absence: 'absences',
  },
  /** The outcome of an operation, after a count: "3 done", "1 skipped". */
  status: { done: 'done', unchanged: 'unchanged', failed: 'failed', skipped: 'skipped', unknown: 'answer not read' },
  /** "update user 121", "add to team 121@T1" (no entity named for memberships and absences). */
  operation: (action, entity, id) => `${en.action[action]} ${entity === null ? '' : `${en.entity[entity]} `}${id}`,
  /** "add Anna Holm to team Bøger", "remove Anna Holm from team Musik". */
  membership: (action, person, team) =>
    action === 'remove_member' ? `remove ${person} from team ${team}` : `add ${person} to team ${team}`,
};

const da: Vocabulary = {
  action: {
    create: 'opret',
    update: 'ændr',
    move: 'flyt',
    rename: 'omdøb',
    fire: 'fratræd',
    rehire: 'genansæt',
    delete: 'slet',
    add_member: 'sæt i team',
    remove_member: 'tag ud af team',
    report_absence: 'meld fravær',
  },
  done: {
    create: 'oprettet',
    update: 'ændret',
    move: 'flyttet',
    rename: 'omdøbt',
    fire: 'fratrådt',
    rehire: 'genansat',
    delete: 'slettet',
    add_member: 'sat i et team',
    remove_member: 'taget ud af et team',
    report_absence: 'fravær meldt',
  },
  toDo: (count, action) => {
    const passive: Record<Action, string> = {
      create: 'oprettes',
      update: 'ændres',
      move: 'flyttes',
      rename: 'omdøbes',
      fire: 'fratrædes',
      rehire: 'genansættes',
      delete: 'slettes',
      add_member: 'sættes i team',
      remove_member: 'tages ud af team',
      report_absence: 'meldes med fravær',
    };
    return `${formatNumber(count)} ${passive[action]}`;
  },
  entity: {
    user: 'bruger',
    employee: 'medarbejder',
    department: 'afdeling',
    team: 'team',
    membership: 'medlemskab',
    delegation: 'delegering',
    absence: 'fravær',
  },
  entities: {
    user: 'brugere',
    employee: 'medarbejdere',
    department: 'afdelinger',
    team: 'teams',
    membership: 'teammedlemskaber',
    delegation: 'delegeringer',
    absence: 'fravær',
  },
  status: { done: 'udført', unchanged: 'uændret', failed: 'mislykkedes', skipped: 'sprunget over', unknown: 'svar ikke læst' },
  operation: (action, entity, id) => `${da.action[action]} ${entity === null ? '' : `${da.entity[entity]} `}${id}`,
  membership: (action, person, team) => (action === 'remove_member' ? `tag ${person} ud af team ${team}` : `sæt ${person} i team ${team}`),
};

export const actionWords = phrasebook({ en, da });

/** The vocabulary of one language, for a page written in a language of its own. */
export function actionWordsIn(lang: Lang): Vocabulary {
  return lang === 'da' ? da : en;
}
