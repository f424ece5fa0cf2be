/**
 * The page's import as it goes: the files uploaded, the profile they are read with, the columns chosen,
 * the check's problems, the plan shown and the run going. One session per server (one person, one
 * browser; several tabs share it). Each step calls the stages the command line calls; this file only
 * keeps what they answered between two requests.
 */
import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { UsageError } from '../errors.js';
import type { ImportOptions } from '../app/options.js';
import { readProfile } from '../app/inputs.js';
import { listRuns } from '../history/record.js';
import { errorFileFormat } from '../report/error-file-path.js';
import { problemRows } from './check-rows.js';
import { PageView } from './page-view.js';
import { checkRun, NO_DECISIONS, pageRunOptions, planRun, startRun, undoPlanRun, type Decisions, type Going, type Shown } from './runs.js';
import { starterProfileOf } from '../app/run-map-init.js';
import type { Issue } from '../model/issue.js';
import type { SheetKind } from '../model/sheet-kind.js';
import type { Profile } from '../sheets/profile/rules.js';
import { profileWithChoices, type SheetChoices, type StarterProfile } from '../sheets/starter.js';
import type { Lang } from '../words/language.js';
import { uiWords } from '../words/ui.js';
import { uiStepWords } from '../words/ui-steps.js';
import { Refused } from './guard.js';
import type { Presence } from './presence.js';
import type { Step } from '../view/ui/layout.js';
import type { Workspace } from './workspace.js';

/** The export the session works on. */
export interface Upload {
  files: string[];
  /** The profile it is read with: uploaded, saved earlier, or made on the Columns step. */
  profile?: { name: string; path: string; profile: Profile };
}

/** The Columns step: the starter profile's reading of the export and what the person chose. */
export interface Columns {
  starter: StarterProfile;
  choices: Partial<Record<SheetKind, SheetChoices>>;
  /** Where the profile was saved, once it was. */
  saved?: string;
}

export interface Checked {
  issues: Issue[];
  errors: number;
  warnings: number;
  /** Each problem row's cells, to show them in a grid (check-rows.ts). */
  rows: import('./check-rows.js').ProblemRows;
  /** The annotated error files, as download addresses with their names. */
  errorFiles: { href: string; name: string }[];
}

/** A profile's name as the state folder keeps it: `NAME.map.json`, NAME of plain characters only. */
const PROFILE_NAME = /^[\p{L}\p{N} ._-]{1,80}$/u;
const PROFILE_SUFFIX = '.map.json';

/** An event for the open pages (a run's progress): its name and its data. */
export type Listener = (event: string, data: unknown) => void;

export class Session {
  lang: Lang;
  upload?: Upload;
  columns?: Columns;
  checked?: Checked;
  /** The plan shown on the Plan step, with the decisions it was made with. */
  planned?: Shown & { decisions: Decisions };
  /** The apply or undo going, or the last one, ended. */
  going?: Going;
  /** What undo of a run would send, shown before it is confirmed. */
  undoShown?: Shown & { runId: string };
  private readonly listeners = new Set<Listener>();

  constructor(
    readonly options: ImportOptions,
    readonly workspace: Workspace,
    lang: Lang,
    private readonly presence?: Presence,
  ) {
    this.lang = lang;
  }

  /** The steps past Check that can be opened now. */
  openSteps(): Step[] {
    return [...(this.planned ? (['plan'] as const) : []), ...(this.going ? (['apply'] as const) : [])];
  }

  /** The Plan step: the plan made with the decisions (nothing sent). */
  async makePlan(decisions: Decisions = this.planned?.decisions ?? NO_DECISIONS): Promise<void> {
    if (!this.checked) throw new UsageError(uiWords().stepNotReady);
    const view = new PageView((event, data) => this.tell(event, data));
    const folder = await this.workspace.folder('plan');
    const shown = await planRun(pageRunOptions(this.stepOptions(), 'plan', decisions, view, folder), view);
    this.planned = { ...shown, decisions };
  }

  /** A run going now (the apply or an undo): a second is refused until it ends. */
  private refuseSecondRun(): void {
    if (this.going && !this.going.ended && !this.going.failure) throw new Refused(409, uiStepWords().runBusy);
  }

  /**
   * Carries out the plan shown, with the decisions the person made on it: in the background, its progress
   * told to the open pages. Choices that change the plan itself (prune, renames) make the plan again first.
   */
  async apply(decisions: Decisions): Promise<'plan' | 'apply'> {
    this.refuseSecondRun();
    const shown = this.planned;
    if (!shown?.plan) throw new UsageError(uiStepWords().noRun);
    const same = shown.decisions.prune === decisions.prune && sameSet(shown.decisions.renames, decisions.renames);
    if (!same) {
      await this.makePlan(decisions);
      return 'plan';
    }
    const folder = await this.workspace.folder('run');
    const options = pageRunOptions(this.stepOptions(), 'ui', decisions, new PageView(() => {}), folder);
    this.follow(startRun('apply', options, shown.plan, (event, data) => this.tell(event, data)));
    return 'apply';
  }

  /** What undo of a recorded run would send (nothing is sent). */
  async showUndo(runId: string): Promise<void> {
    this.knownRun(runId);
    const view = new PageView((event, data) => this.tell(event, data));
    this.undoShown = { ...(await undoPlanRun(this.options, runId, view)), runId };
  }

  /** Undoes a recorded run, as `undo RUN` does, once its plan was shown. */
  async undo(runId: string, force: boolean): Promise<void> {
    this.refuseSecondRun();
    const shown = this.undoShown;
    if (shown?.runId !== runId || !shown.plan) throw new UsageError(uiStepWords().noRun);
    const folder = await this.workspace.folder('run');
    // As runUndo makes them: no files, and what undo removes is a removal the deletion guard counts.
    const options: ImportOptions = {
      ...this.options,
      command: 'undo',
      files: [],
      prune: true,
      yes: false,
      force,
      errorsOut: folder,
      html: join(folder, 'report.html'),
    };
    this.follow(startRun('undo', options, shown.plan, (event, data) => this.tell(event, data), runId));
  }

  /** Stops the run going as Ctrl-C stops one: nothing more is sent, what is on its way is finished and journalled. */
  stop(): void {
    this.going?.stop.abort();
  }

  /** A run of the history, by its id as listed: never a path the browser names. */
  knownRun(runId: string): void {
    if (!listRuns(this.options.stateDir).some((run) => run.id === runId)) throw new UsageError(uiWords().notFound);
  }

  private follow(going: Going): void {
    this.going = going;
    const ended = this.presence?.runStarted();
    void going.done.finally(() => {
      ended?.();
      this.tell('finished', { location: '/apply' });
    });
  }

  /** Hears the session's events (a run's progress) until the answer is called. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected tell(event: string, data: unknown): void {
    for (const listener of this.listeners) listener(event, data);
  }

  /** The server stops: a run going is stopped as Ctrl-C stops it, and waited for. */
  async close(): Promise<void> {
    this.stop();
    await this.going?.done;
    this.listeners.clear();
  }

  get profilesDir(): string {
    return join(this.options.stateDir, 'profiles');
  }

  /** The profiles saved in the state folder, by name. */
  savedProfiles(): string[] {
    try {
      return readdirSync(this.profilesDir)
        .filter((name) => name.endsWith(PROFILE_SUFFIX))
        .map((name) => name.slice(0, -PROFILE_SUFFIX.length))
        .sort((a, b) => a.localeCompare(b));
    } catch {
      return [];
    }
  }

  /** The file of a saved profile, found by its name in the list: never a path the browser names. */
  savedProfilePath(name: string): string {
    if (!this.savedProfiles().includes(name)) throw new UsageError(uiWords().noProfile(name));
    return join(this.profilesDir, `${name}${PROFILE_SUFFIX}`);
  }

  /** The options of a step: the server's own (service, state folder) with the export and its profile. */
  stepOptions(): ImportOptions {
    const upload = this.upload;
    if (!upload) throw new UsageError(uiWords().stepNotReady);
    return {
      ...this.options,
      files: upload.files,
      ...(upload.profile ? { mapFile: upload.profile.path, profile: upload.profile.profile } : {}),
      ...(upload.profile?.profile.pathSeparator !== undefined ? { pathSeparator: upload.profile.profile.pathSeparator } : {}),
    };
  }

  /**
   * A new export: read with the profile given (uploaded or saved), or else its headers are read as
   * `map --init` reads them. Returns whether the Columns step has something to ask.
   */
  async newUpload(files: string[], profile: { name: string; path: string } | undefined): Promise<'columns' | 'check'> {
    const checked = profile ? { ...profile, profile: (await readProfile(profile.path))! } : undefined;
    // The fixed file (the same names again) is read with the profile the export was read with before.
    const names = (paths: readonly string[]) =>
      paths
        .map((f) => basename(f))
        .sort()
        .join('\n');
    const keep = !checked && this.upload?.profile !== undefined && names(this.upload.files) === names(files);
    const upload: Upload = { files, ...(checked ? { profile: checked } : keep ? { profile: this.upload!.profile! } : {}) };
    this.upload = upload;
    this.checked = undefined;
    if (upload.profile) return 'check';
    const starter = await starterProfileOf(files, files.map((f) => basename(f)).join(', '), this.options.encoding);
    this.columns = { starter, choices: {} };
    // The template's own headers need no choices: what is wrong in its cells the check says, at its rows.
    const templateHeaders = starter.sheets.length > 0 && starter.sheets.every((sheet) => sheet.columns.every((c) => c.known));
    return templateHeaders ? 'check' : 'columns';
  }

  /** The choices of the Columns step applied: the profile the export is read with from now on. */
  async useColumns(choices: Partial<Record<SheetKind, SheetChoices>>): Promise<void> {
    const columns = this.columns;
    if (!columns || !this.upload) throw new UsageError(uiWords().stepNotReady);
    columns.choices = choices;
    const folder = await this.workspace.folder('made');
    const path = join(folder, `profile${PROFILE_SUFFIX}`);
    await writeFile(path, this.profileText());
    this.upload.profile = { name: basename(path), path, profile: (await readProfile(path))! };
  }

  /** The profile file as `map --init` writes it, with the person's choices. */
  profileText(): string {
    const columns = this.columns;
    if (!columns) throw new UsageError(uiWords().stepNotReady);
    return `${JSON.stringify(profileWithChoices(columns.starter.json, columns.choices), null, 2)}\n`;
  }

  /** Saves the profile in the state folder under a plain name; returns the file written. */
  async saveProfile(name: string): Promise<string> {
    const trimmed = name.trim();
    if (!PROFILE_NAME.test(trimmed) || trimmed.startsWith('.')) throw new UsageError(uiWords().badProfileName);
    await mkdir(this.profilesDir, { recursive: true });
    const path = join(this.profilesDir, `${trimmed}${PROFILE_SUFFIX}`);
    await writeFile(path, this.profileText());
    if (this.upload) this.upload.profile = { name: trimmed, path, profile: (await readProfile(path))! };
    this.columns!.saved = path;
    return path;
  }

  /**
   * The Check step: the export read and validated as `validate` does, every problem kept with the rows
   * they are in, and the annotated error files (the ones the command line writes) offered for download.
   */
  async check(): Promise<Checked> {
    const folder = await this.workspace.folder('check');
    const options: ImportOptions = { ...this.stepOptions(), command: 'validate', errorsOut: folder };
    const view = await checkRun(options, (event, data) => this.tell(event, data));
    const issues = [...view.found];
    const written = view.notices.flatMap((notice) => (notice.kind === 'marked_up_copy' ? [notice.path] : []));
    this.planned = undefined;
    const errorFiles = written.map((path) => {
      const name = basename(path);
      return { name, href: this.workspace.offer({ path, name, type: ERROR_FILE_TYPES[errorFileFormat(path)] }) };
    });
    const errors = issues.filter((i) => i.severity === 'error').length;
    this.checked = { issues, errors, warnings: issues.length - errors, rows: await problemRows(options, issues), errorFiles };
    return this.checked;
  }
}

const ERROR_FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}
