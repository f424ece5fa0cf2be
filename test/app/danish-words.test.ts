/**
 * The app layer in Danish (issue 15 point 5): what a person reads when a configuration file has a wrong
 * key, a saved plan is stale, an approvals file does not fit, the run asks before it sends, and a run
 * ends. Each is the run's own output, not a phrasebook entry looked up by the test; English stays as it was.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { readApprovals } from '../../src/app/approvals.js';
import { importOptionsFrom } from '../../src/app/configured-options.js';
import type { AppIO } from '../../src/app/io.js';
import type { ImportOptions } from '../../src/app/options.js';
import { jsonProgress } from '../../src/app/events.js';
import { heldForApproval } from '../../src/app/plan-file.js';
import { lineProgress, phaseInRunLanguage } from '../../src/app/progress.js';
import { confirm } from '../../src/app/prompt.js';
import { planFileOf, readPlanFile, writePlanFile } from '../../src/app/saved-plan.js';
import { OrgsyncError } from '../../src/errors.js';
import { noticeText } from '../../src/view/run-notices.js';
import { appRunWords } from '../../src/words/app-run.js';
import { chooseLanguage, letWorkbookChooseLanguage, workbookLanguage } from '../../src/words/language.js';
import { tempDir } from '../helpers/cli.js';
import { PLAN_SOURCES } from '../helpers/plan-sources.js';

afterEach(() => chooseLanguage('en'));

function refusal(run: () => unknown): OrgsyncError {
  try {
    run();
  } catch (error) {
    if (error instanceof OrgsyncError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

function configIn(settings: unknown): string {
  const folder = tempDir('config-da-');
  writeFileSync(join(folder, 'orgsync.config.json'), JSON.stringify(settings));
  return folder;
}

const noEnv = {};

describe('the configuration file, in Danish', () => {
  it('names a mistyped key and the setting it resembles in the language the file asks for', () => {
    const refused = refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, configIn({ lang: 'da', concurency: 4 })));
    expect(refused.exitCode).toBe(3);
    expect(refused.message).toBe(
      'orgsync.config.json: "concurency" er ikke en indstilling (mente du "concurrency"?). Indstillingerne er: base_url, api, company_id, map, concurrency, timeout_ms, prune, max_deletions, lang, state_dir, jwt_secret_file, access_token_file, guard.',
    );
  });

  it('lets --lang win over the file: the same mistake in English', () => {
    const refused = refusal(() => importOptionsFrom('run', ['b.xlsx'], { lang: 'en' }, noEnv, configIn({ lang: 'da', concurency: 4 })));
    expect(refused.message).toContain('"concurency" is not a setting (did you mean "concurrency"?). The settings: base_url');
  });

  it('says what is wrong with a value in Danish, and zod’s own English otherwise', () => {
    chooseLanguage('da');
    const folder = configIn({ concurrency: 0, api: 'v3' });
    expect(refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, folder)).message).toBe(
      'orgsync.config.json: "concurrency": for lille: skal være mindst 1.',
    );
    expect(refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, configIn({ api: 'v4' }))).message).toBe(
      'orgsync.config.json: "api": ugyldigt valg: forventede en af "v3" | "v2".',
    );
    chooseLanguage('en');
    expect(refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, folder)).message).toBe(
      'orgsync.config.json: "concurrency": Too small: expected number to be >=1.',
    );
  });

  it('refuses a secret in the file in Danish', () => {
    chooseLanguage('da');
    expect(refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, configIn({ jwt: 'x.y.z' }))).message).toBe(
      'orgsync.config.json: "jwt" må ikke stå i konfigurationsfilen: en hemmelighed dér kan læses af alle, der kan læse filen. Angiv den gennem miljøet (ORGSYNC_JWT).',
    );
  });
});

const options: ImportOptions = {
  command: 'plan',
  files: ['book.xlsx'],
  api: 'v3',
  baseUrl: 'https://orgsync.example.com',
  companyId: '42',
  insecure: false,
  sandbox: false,
  concurrency: 8,
  yes: false,
  prune: false,
  force: false,
  resendAbsences: false,
  stateDir: '/tmp/.orgsync',
};

async function planFile(change: Record<string, unknown> = {}): Promise<string> {
  const path = join(tempDir('plan-da-'), 'book.plan.json');
  const file = planFileOf(
    { operations: [], notes: [], guard: { kinds: [], exceeded: false, removals: [] } },
    {
      options,
      ...PLAN_SOURCES,
      now: new Date(0),
    },
  );
  await writePlanFile(path, { ...file, ...change } as typeof file);
  return path;
}

describe('a saved plan, in Danish', () => {
  it('is refused as made by another version, in Danish', async () => {
    chooseLanguage('da');
    const path = await planFile({ tool_version: '0.0.1' });
    const refused = refusal(() => readPlanFile(path));
    expect(refused.code).toBe('plan_stale');
    expect(refused.message).toMatch(
      new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} er lavet af orgsync-import 0\\.0\\.1; dette er [^ ]+, som kan planlægge anderledes\\. Intet blev sendt: lav planen igen\\.$`,
      ),
    );
  });

  it('is refused when it is not a plan file, with zod’s problem in Danish too', async () => {
    chooseLanguage('da');
    const path = await planFile({ version: 4 });
    expect(refusal(() => readPlanFile(path)).message).toBe(
      `${path} er ikke en planfil fra orgsync-import (version: ugyldig værdi: forventede 3).`,
    );
    const missing = join(tempDir('plan-da-'), 'nowhere.json');
    expect(refusal(() => readPlanFile(missing)).message).toBe(
      `${missing}: filen findes ikke (forventede en planfil skrevet af orgsync-import plan --out)`,
    );
  });
});

function approvalsFile(content: unknown): string {
  const path = join(tempDir('approvals-da-'), 'approvals.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

describe('an approvals file that does not fit, in Danish', () => {
  const held = ['fireEmployee:121', 'deleteTeam:T9'];

  it('names the keys the plan does not hold', () => {
    chooseLanguage('da');
    const path = approvalsFile({ version: 1, approved: ['fireEmployee:121', 'createUser:130'] });
    expect(refusal(() => readApprovals(path, held, 'book.plan.json')).message).toBe(
      `${path}: "createUser:130" er ikke en fjernelse, som book.plan.json holder tilbage (2 holdt tilbage). Intet blev sendt.`,
    );
  });

  it('says which shape it expects', () => {
    chooseLanguage('da');
    const path = approvalsFile({ version: 2, approved: [] });
    expect(refusal(() => readApprovals(path, held, 'book.plan.json')).message).toBe(
      `${path}: forventede {"version":1,"approved":["<nøglen til et punkt i planen>", …]} (version: ugyldig værdi: forventede 1). Intet blev sendt.`,
    );
  });

  it('tells how to approve the held removals after the run', () => {
    chooseLanguage('da');
    expect(noticeText({ kind: 'held_for_approval', ...heldForApproval({ files: ['/data/book.xlsx'], command: 'run' }, 2) })).toBe(
      '2 fjernelser holdt tilbage til godkendelse: sæt flueben ved dem i /data/book.report.html, og gem approvals.json; kør så orgsync-import apply /data/book.plan.json --approve approvals.json',
    );
  });
});

/** A terminal that answers `answer` to the question; what it shows is collected. */
function terminal(answer: string): { io: AppIO; shown: () => string } {
  const stdout = new PassThrough();
  let shown = '';
  stdout.on('data', (chunk) => (shown += String(chunk)));
  const io: AppIO = { stdout, stderr: new PassThrough(), stdin: Readable.from([`${answer}\n`]), interactive: true, colour: false };
  return { io, shown: () => shown };
}

describe('the confirmation question, in Danish', () => {
  it('asks in Danish with the Danish answer letters, and takes j, ja, y and yes as yes', async () => {
    chooseLanguage('da');
    const question = appRunWords().confirmApply(3, 'https://orgsync.example.com (v3, virksomhed 42)');
    expect(question).toBe('Udfør disse 3 ændringer på https://orgsync.example.com (v3, virksomhed 42)? [j/N] ');
    expect(appRunWords().confirmApply(1, 'X')).toBe('Udfør denne ene ændring på X? [j/N] ');
    for (const answer of ['j', 'ja', 'Ja', 'y', 'yes']) {
      const { io, shown } = terminal(answer);
      expect(await confirm(io, question), answer).toBe(true);
      expect(shown()).toContain('Udfør disse 3 ændringer');
    }
    for (const answer of ['n', 'nej', '', 'jo']) expect(await confirm(terminal(answer).io, question), answer).toBe(false);
  });

  it('stays English in English', () => {
    expect(appRunWords().confirmApply(3, 'X')).toBe('Apply these 3 changes to X? [y/N] ');
  });
});

describe('the progress lines, in Danish', () => {
  it('names the phase and its end in Danish', () => {
    chooseLanguage('da');
    let text = '';
    const stream = new PassThrough();
    stream.on('data', (chunk) => (text += String(chunk)));
    let now = 0;
    const progress = lineProgress(stream, () => now);
    progress.phase(appRunWords().phaseApplying, 4);
    now = 1500;
    progress.end();
    expect(text).toBe('Udfører (4)…\nUdfører: færdig (1.5 s)\n');
  });

  it('opens the reading phase in the language the workbook then chooses, and in English when none does', () => {
    const run = (workbookSays: 'da' | null) => {
      letWorkbookChooseLanguage();
      let text = '';
      const stream = new PassThrough();
      stream.on('data', (chunk) => (text += String(chunk)));
      const reading = phaseInRunLanguage(lineProgress(stream), () => appRunWords().phaseReadingAndValidating);
      const before = text;
      if (workbookSays) workbookLanguage(workbookSays);
      reading.end('3');
      return { before, text: text.replace(/\(\d+\.\d s\)/, '(T)') };
    };
    expect(run('da')).toEqual({ before: '', text: 'Læser og kontrollerer…\nLæser og kontrollerer: 3 (T)\n' });
    expect(run(null)).toEqual({ before: '', text: 'Reading and validating…\nReading and validating: 3 (T)\n' });
  });

  it('keeps the --json phase names English, the words of its end Danish', () => {
    chooseLanguage('da');
    const events: Record<string, unknown>[] = [];
    const progress = jsonProgress(
      (event) => events.push(event),
      () => 0,
    );
    for (const phase of [appRunWords().phaseReadingServiceAndWorkbook, appRunWords().phaseReadingService, appRunWords().phaseApplying]) {
      progress.phase(phase, null);
      progress.end();
    }
    expect(events.filter((e) => e.status === 'started').map((e) => e.phase)).toEqual(['reading', 'reading_the_service', 'applying']);
    expect(events.at(-1)).toMatchObject({ event: 'phase', phase: 'applying', status: 'finished', message: 'færdig' });
  });
});
