/**
 * `--json`: what a run does as one JSON object per line, for a scheduler or a script (the vocabulary is in
 * docs/contracts/cli.md), and the view of a run that writes them (`JsonView`), with the words on stderr
 * beside them. The CLI owns the stream the events are written to, removes every secret it knows from each
 * value, and writes the closing `summary` line itself, so that every way a run ends (an error before any
 * stage too) ends with the exit code.
 */
import type { RunError } from '../errors.js';
import type { OperationOutcome } from '../load/outcome.js';
import type { Issue } from '../model/issue.js';
import type { Plan } from '../plan/plan.js';
import { issueEntry, operationEntry, reportSummary, type ReportSummary } from '../report/json.js';
import { appRunWords } from '../words/app-run.js';
import type { Progress } from './progress.js';
import { reportInputOf, type RunResult } from './run-result.js';
import type { Applied, GuardVerdict, PlanShown, RunView } from './run-view.js';
import { reasonWording } from '../view/reason-text.js';
import type { GuardFinding } from '../plan/export-guard.js';
import type { RunNotice } from '../view/run-notices.js';

export const EVENTS_VERSION = '1';

/** Writes one event per line; values are scrubbed of secrets before they are serialised. */
export class JsonEvents {
  private summary: ReportSummary | undefined;
  private ending: RunError | undefined;
  readonly progress: Progress;

  constructor(
    private readonly writeLine: (line: string) => void,
    private readonly scrub: (text: string) => string = (text) => text,
    clock: () => number = Date.now,
  ) {
    this.progress = jsonProgress((event) => this.emit(event), clock);
  }

  emit(event: Record<string, unknown>): void {
    this.writeLine(`${JSON.stringify(event, (_key, value: unknown) => (typeof value === 'string' ? this.scrub(value) : value))}\n`);
  }

  /** The view of a run that writes these events, with its words (`words`) beside them. */
  view(words: RunView, progress: Progress): RunView {
    return new JsonView(this, words, progress);
  }

  /** The plan is made: its counts, before anything is applied. */
  plan(plan: Plan): void {
    const counts = reportSummary(reportInputOf({ exitCode: 0, issues: [], plan })).plan;
    this.emit({ event: 'plan', operations: plan.operations.length, plan: counts, deletion_guard_exceeded: plan.guard.exceeded });
  }

  /** One operation settled while applying. */
  outcome(outcome: OperationOutcome): void {
    this.emit({ event: 'outcome', ...operationEntry(outcome, reasonWording) });
  }

  /** The run's findings and counts, as its report has them: each issue now, the counts in the closing summary. */
  finished(result: RunResult): void {
    for (const issue of result.issues) this.issue(issue);
    this.summary = reportSummary(reportInputOf(result));
    if (result.error) this.ending = result.error;
  }

  issue(issue: Issue): void {
    this.emit({ event: 'issue', ...issueEntry(issue) });
  }

  /**
   * The last line of every run: its exit code, the counts when the run got that far, and for every exit
   * code but 0 why: the error that ended it, else the refusal or failure the run said, else (a path that
   * forgot to say) its exit code's meaning.
   */
  close(exitCode: number, error?: RunError): void {
    const why = exitCode === 0 ? undefined : (error ?? this.ending ?? unexplained(exitCode));
    this.emit({
      event: 'summary',
      version: EVENTS_VERSION,
      exit_code: exitCode,
      ...(this.summary ? { summary: this.summary } : {}),
      ...(why ? { error: why } : {}),
    });
  }
}

/**
 * `--json`: the events on stdout, the words (`words`: a text view on stderr, or held back under --quiet)
 * beside them. Nobody is asked anything: applying needs --yes.
 */
export class JsonView implements RunView {
  readonly canAsk = false;

  constructor(
    private readonly events: JsonEvents,
    private readonly words: RunView,
    readonly progress: Progress,
  ) {}

  issues(issues: readonly Issue[]): void {
    // Their events come with the run's end, before the summary (cli.md).
    this.words.issues(issues);
  }

  async plan(plan: Plan, shown: PlanShown): Promise<void> {
    await this.words.plan(plan, shown);
    // A saved plan's event was written when it was made.
    if (!shown.saved) this.events.plan(plan);
  }

  exportGuard(findings: readonly GuardFinding[], verdict: GuardVerdict): Promise<void> {
    return this.words.exportGuard(findings, verdict);
  }

  outcome(outcome: OperationOutcome): void {
    this.events.outcome(outcome);
  }

  applied(applied: Applied): Promise<void> {
    return this.words.applied(applied);
  }

  notice(notice: RunNotice): void {
    this.words.notice(notice);
  }

  async confirm(): Promise<boolean> {
    return false;
  }

  finished(result: RunResult): void {
    this.events.finished(result);
  }
}

/** An exit code no error or refusal explained: what the code itself means (cli.md). */
function unexplained(exitCode: number): RunError {
  const words = appRunWords();
  switch (exitCode) {
    case 1:
      return { code: 'invalid_input', message: words.fixErrorsFirst };
    case 2:
      return { code: 'operations_failed', message: words.someRefused };
    case 130:
      return { code: 'interrupted', message: words.interrupted };
    default:
      return { code: 'unexpected', message: words.endedWith(exitCode) };
  }
}

/**
 * Machine-friendly names of the phases the app announces in words (in the run's language): the same
 * names whatever the language.
 */
function phases(): Record<string, string> {
  const words = appRunWords();
  return {
    [words.phaseReadingAndValidating]: 'reading',
    [words.phaseReadingServiceAndWorkbook]: 'reading',
    [words.phaseReadingService]: 'reading_the_service',
    [words.phaseApplying]: 'applying',
  };
}

export function phaseName(words: string): string {
  return (
    phases()[words] ??
    words
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
  );
}

/** Progress as events: a phase's start and end, and its counts at most once a second (and the last). */
export function jsonProgress(emit: (event: Record<string, unknown>) => void, clock: () => number = Date.now): Progress {
  let phase = '';
  let started = 0;
  let lastEmitted = 0;
  let total: number | null = null;
  let done = 0;
  return {
    phase(words, phaseTotal, startedAt) {
      phase = phaseName(words);
      total = phaseTotal;
      done = 0;
      started = startedAt ?? clock();
      lastEmitted = started;
      emit({ event: 'phase', phase, status: 'started', total });
    },
    update(now, newTotal) {
      if (newTotal !== undefined) total = newTotal;
      done = now;
      const at = clock();
      if (at - lastEmitted >= 1000 || (total !== null && done === total)) {
        lastEmitted = at;
        emit({ event: 'progress', phase, done, total });
      }
    },
    end(message) {
      emit({
        event: 'phase',
        phase,
        status: 'finished',
        message: message ?? appRunWords().phaseDone,
        seconds: Number(((clock() - started) / 1000).toFixed(1)),
      });
    },
  };
}
