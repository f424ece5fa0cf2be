/**
 * The top department a sandbox starts with. A new company gets the one asked for. So does a saved company
 * that holds nothing but its top department: a rehearsal that was refused (a wrong top, an error in the
 * workbook) created nothing, and must not pin the top it started with. A saved company that holds more
 * keeps its top; when the user asked for another one (--root-id/--root-name), starting is refused with a
 * message naming the state file to delete, never silently ignored.
 */
import { stat } from 'node:fs/promises';
import { OrgsyncError } from '../../errors.js';
import { replayLog, logPathOf } from './change-log.js';
import { initialState, type CompanyState } from './company.js';
import { loadState } from './persistence.js';

export interface RootWish {
  rootId?: string;
  rootName?: string;
  /** Which of the two the user asked for; the others were found (the workbook's top, say) and may give way. */
  rootAsked?: { id?: boolean; name?: boolean };
}

export interface TopDepartment {
  id: string;
  name: string;
}

/** What a state file holds: no company, a company with nothing but its top department, or more. */
export type SavedCompany = 'none' | 'onlyTop' | 'more';

/**
 * The saved company's top department was asked to be another, and the company holds more than it. The
 * importer says it in the run's language from `clash` (src/app/service.ts); this message is the sandbox's own.
 */
export class SandboxRootError extends OrgsyncError {
  constructor(readonly clash: { path: string; held: TopDepartment; asked: TopDepartment }) {
    super(
      'sandbox_state',
      `sandbox state file ${clash.path}: holds a company under the top department "${clash.held.name}" (${clash.held.id}), not "${clash.asked.name}" (${clash.asked.id}); delete it to start over`,
    );
    this.name = 'SandboxRootError';
  }
}

export function holdsOnlyItsTop(state: CompanyState): boolean {
  return (
    state.departments.length === 1 &&
    state.users.length === 0 &&
    state.employees.length === 0 &&
    state.teams.length === 0 &&
    state.delegations.length === 0 &&
    state.absences.length === 0
  );
}

function topOf(state: CompanyState): TopDepartment {
  const top = state.departments.find((d) => d.sid === state.rootSid);
  return { id: top?.id ?? '', name: top?.name ?? '' };
}

/**
 * The state the sandbox starts with: the saved one, or a new company with the wished-for top (as if the
 * state file had been deleted: a new instance, so the importer's journal and ledgers start empty too).
 */
export function startingState(
  saved: CompanyState | undefined,
  wish: RootWish,
  defaults: TopDepartment,
  path: string | undefined,
): { state: CompanyState; replaced: boolean } {
  if (!saved) return { state: initialState(wish.rootId ?? defaults.id, wish.rootName ?? defaults.name), replaced: false };
  const held = topOf(saved);
  const asked: TopDepartment = { id: wish.rootId ?? held.id, name: wish.rootName ?? held.name };
  if (asked.id === held.id && asked.name === held.name) return { state: saved, replaced: false };
  if (holdsOnlyItsTop(saved)) return { state: initialState(asked.id, asked.name), replaced: true };
  const refused = (wish.rootAsked?.id === true && asked.id !== held.id) || (wish.rootAsked?.name === true && asked.name !== held.name);
  if (refused) throw new SandboxRootError({ path: path ?? '', held, asked });
  return { state: saved, replaced: false };
}

/**
 * A company holding only its top department is a few hundred bytes: state files (with their logs) larger
 * than this hold more, and are not read twice just to learn that. A cell holds at most 32,767 characters.
 */
const ONLY_TOP_MAX_BYTES = 1 << 20;

/**
 * What the state file at `path` holds, read without starting the sandbox (the importer asks before it reads
 * the workbook for its top department). A large or unreadable state counts as holding more: the sandbox
 * itself says what is wrong with it when it starts.
 */
export async function savedCompany(path: string): Promise<SavedCompany> {
  const size = async (file: string) => (await stat(file).catch(() => null))?.size;
  const stateBytes = await size(path);
  if (stateBytes === undefined) return 'none';
  if (stateBytes + ((await size(logPathOf(path))) ?? 0) > ONLY_TOP_MAX_BYTES) return 'more';
  try {
    const loaded = await loadState(path);
    if (!loaded) return 'none';
    return holdsOnlyItsTop((await replayLog(path, loaded)).state) ? 'onlyTop' : 'more';
  } catch {
    return 'more';
  }
}
