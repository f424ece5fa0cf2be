/**
 * The built command speaks Danish when asked (`--lang da`, or LANG naming Danish): the help, commander's
 * usage errors, the service client's sentences and the sandbox command's banner; the exit codes do not change with the language.
 */
import { createServer, type AddressInfo } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { SAMPLE_CSV, runCli, startCli, tempDir } from '../helpers/cli.js';

const DANISH_ENV = { LANG: 'da_DK.UTF-8' };

/** Words of the English help and of commander's English errors: none may be left in a Danish one. */
/** The help wraps its descriptions at the terminal's width: compared as one line. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const ENGLISH =
  /\b(Usage|Options|Commands|Arguments|display help|output the version|error:|unknown option|Did you mean|default:|choices:)\b/;

describe('the help', () => {
  it('is Danish with --lang da, for the command and a sub-command, and exits 0', async () => {
    const cwd = tempDir();
    const top = await runCli(['--help', '--lang', 'da'], { cwd });
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/^Brug: orgsync-import \[tilvalg\] \[kommando\] \[filer\.\.\.\]/);
    expect(flat(top.stdout)).toContain('Synkroniser en HR-projektmappe');
    expect(top.stdout).toContain('Tilvalg:');
    expect(top.stdout).toContain('Kommandoer:');
    expect(flat(top.stdout)).toContain('--prune fratræd eller slet det der findes i tjenesten, men ikke i projektmappen');
    expect(top.stdout).toMatch(/-h, --help\s+vis hjælp til kommandoen/);
    expect(top.stdout).toMatch(/-V, --version\s+vis versionsnummeret/);
    expect(top.stdout).not.toMatch(ENGLISH);

    const sub = await runCli(['template', '--lang=da', '--help'], { cwd });
    expect(sub.code).toBe(0);
    expect(sub.stdout).toMatch(/^Brug: orgsync-import template \[tilvalg\]/);
    expect(flat(sub.stdout)).toContain('(valg: "xlsx", "csv", standard: "xlsx")');
    expect(sub.stdout).not.toMatch(ENGLISH);
  });

  it('is Danish when LANG names Danish, and English as before otherwise', async () => {
    const cwd = tempDir();
    const danish = await runCli(['validate', '--help'], { cwd, env: DANISH_ENV });
    expect(danish.code).toBe(0);
    expect(danish.stdout).toMatch(/^Brug: orgsync-import validate \[tilvalg\] <filer\.\.\.>/);
    expect(flat(danish.stdout)).toContain('kontrollér projektmappen og meld hvert problem');
    expect(danish.stdout).not.toMatch(ENGLISH);

    const english = await runCli(['validate', '--help'], { cwd });
    expect(english.stdout).toMatch(/^Usage: orgsync-import validate \[options\] <files\.\.\.>/);
    expect(flat(english.stdout)).toContain('check the workbook and report every problem; reads the service only when one is configured');
    expect(english.stdout).toMatch(/-h, --help\s+display help for command/);
  });

  it('states a default once: --all says its own, with no "(standard: false)" after it, in Danish and in English', async () => {
    const cwd = tempDir();
    const [danish, english] = await Promise.all([
      runCli(['plan', '--help', '--lang', 'da'], { cwd }),
      runCli(['plan', '--help', '--lang', 'en'], { cwd }),
    ]);
    const allOf = (help: string) => flat(help).split(' --all ')[1]!.split(' --')[0]!;
    expect(allOf(danish.stdout)).toBe('vis hver planlagt række (standard: de første 8 af hver slags og handling)');
    expect(allOf(english.stdout)).toBe('list every planned row (default: the first 8 of each kind and action)');
    // A flag that does not state its default in its words keeps commander's note.
    expect(flat(danish.stdout)).toMatch(/-y, --yes udfør uden at spørge \(standard: false\)/);
  });

  it('every command takes --lang', async () => {
    const cwd = tempDir();
    const commands = ['validate', 'plan', 'apply', 'history', 'undo', 'template', 'map', 'sandbox'];
    const helps = await Promise.all(commands.map((command) => runCli([command, '--help', '--lang', 'da'], { cwd })));
    for (const [i, help] of helps.entries()) {
      const command = commands[i];
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/--lang <sprog>/);
      expect(help.stdout, command).not.toMatch(ENGLISH);
    }
  });
});

describe('usage errors', () => {
  it('are Danish, with the suggestion and the hint, and still exit 3', async () => {
    const cwd = tempDir();
    const mistyped = await runCli(['plan', SAMPLE_CSV, '--pune'], { cwd, env: DANISH_ENV });
    expect(mistyped.code).toBe(3);
    expect(mistyped.stderr).toBe("fejl: ukendt tilvalg '--pune'\n(Mente du --prune?)\n(kør orgsync-import --help for at se tilvalgene)\n");

    const badChoice = await runCli(['validate', SAMPLE_CSV, '--date-order', 'ymd', '--lang', 'da'], { cwd });
    expect(badChoice.code).toBe(3);
    expect(badChoice.stderr).toContain("fejl: tilvalget '--date-order <rækkefølge>' har en ugyldig værdi 'ymd'. Mulige valg er dmy, mdy.");

    const badNumber = await runCli(['plan', SAMPLE_CSV, '--concurrency', '0', '--lang', 'da'], { cwd });
    expect(badNumber.code).toBe(3);
    expect(badNumber.stderr).toContain(
      "fejl: tilvalget '--concurrency <n>' har en ugyldig værdi '0'. Forventede et helt tal på 1 eller mere",
    );

    const history = await runCli(['history', 'show', '--lang', 'da'], { cwd });
    expect(history.code).toBe(3);
    expect(history.stderr).toContain('Angiv den kørsel der skal vises: orgsync-import history show KØRSEL');
  });

  it("name an option's value as the Danish help does (<rækkefølge>, <sprog>), not by commander's English placeholder", async () => {
    const cwd = tempDir();
    const help = await runCli(['validate', '--help', '--lang', 'da'], { cwd });
    expect(help.stdout).toContain('--date-order <rækkefølge>');
    expect(help.stdout).toContain('--lang <sprog>');

    const missing = await runCli(['validate', SAMPLE_CSV, '--lang', 'da', '--date-order'], { cwd });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain("fejl: tilvalget '--date-order <rækkefølge>' mangler sin værdi");

    const badLang = await runCli(['validate', SAMPLE_CSV, '--lang', 'fr'], { cwd, env: DANISH_ENV });
    expect(badLang.code).toBe(3);
    expect(badLang.stderr).toContain("fejl: tilvalget '--lang <sprog>' har en ugyldig værdi 'fr'. Mulige valg er en, da.");
    expect(missing.stderr + badLang.stderr).not.toMatch(/<(order|lang)>/);

    const english = await runCli(['validate', SAMPLE_CSV, '--date-order', 'ymd'], { cwd });
    expect(english.stderr).toContain("error: option '--date-order <order>' argument 'ymd' is invalid. Allowed choices are dmy, mdy.");
  });

  it('a missing and a surplus argument are Danish too, made from what commander knows, not from its English', async () => {
    const cwd = tempDir();
    const [missing, surplus] = await Promise.all([
      runCli(['apply', '--lang', 'da'], { cwd }),
      runCli(['template', 'skabelon.xlsx', '--lang', 'da'], { cwd }),
    ]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain("fejl: det påkrævede argument 'planfil' mangler");
    expect(surplus.code).toBe(3);
    expect(surplus.stderr).toContain("fejl: for mange argumenter til 'template'. Forventede 0 argumenter, men fik 1.");
  });

  it('in English are word for word as before', async () => {
    const mistyped = await runCli(['plan', SAMPLE_CSV, '--pune'], { cwd: tempDir() });
    expect(mistyped.code).toBe(3);
    expect(mistyped.stderr).toBe("error: unknown option '--pune'\n(Did you mean --prune?)\n(run orgsync-import --help for the options)\n");
  });

  it('under --json the closing line carries the Danish sentence, the code stays "usage"', async () => {
    const result = await runCli(['--json', 'plan', SAMPLE_CSV, '--jwt-secrt=hemmelig-værdi', '--lang', 'da'], { cwd: tempDir() });
    expect(result.code).toBe(3);
    const summary = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { error: { code: string; message: string } };
    expect(summary.error).toEqual({ code: 'usage', message: "fejl: ukendt tilvalg '--jwt-secrt=…'" });
    expect(result.stdout + result.stderr).not.toContain('hemmelig-værdi');
  });
});

describe('the service client', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ quiet: true, accessToken: 'sandbox-token-4711', companyId: 7 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('says in Danish that the service refused the credentials, exit 3 as in English', async () => {
    const args = ['plan', SAMPLE_CSV, '--base-url', sandbox.baseUrl, '--company-id', '7', '--access-token', 'wrong-token-0815'];
    const danish = await runCli([...args, '--lang', 'da'], { cwd: tempDir() });
    expect(danish.code).toBe(3);
    expect(danish.stderr).toContain("tjenesten afviste legitimationen (401) — kontrollér virksomheds-id'et og adgangstokenet eller JWT'en");
    expect(danish.stderr).not.toContain('the service refused the credentials');

    const english = await runCli(args, { cwd: tempDir() });
    expect(english.code).toBe(3);
    expect(english.stderr).toContain('the service refused the credentials (401) — check the company id and the access token or JWT');
  });

  it('says in Danish that a service cannot be reached, exit 3', async () => {
    const port = await closedPort();
    const result = await runCli(
      ['plan', SAMPLE_CSV, '--base-url', `http://127.0.0.1:${port}`, '--company-id', '7', '--access-token', 'sandbox-token-4711'],
      {
        cwd: tempDir(),
        env: DANISH_ENV,
      },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/GET \/v3\/core\/\S+ efter \d+ forsøg: forbindelsen blev afvist/);
  });

  it('says in Danish what is wrong with the base URL, exit 3', async () => {
    const result = await runCli(
      [
        'plan',
        SAMPLE_CSV,
        '--base-url',
        'http://hr.example.com',
        '--company-id',
        '7',
        '--access-token',
        'sandbox-token-4711',
        '--lang',
        'da',
      ],
      {
        cwd: tempDir(),
      },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      "basis-URL'en http://hr.example.com/ bruger almindelig http: https:// er påkrævet undtagen for loopback-adresser",
    );
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('orgsync-import sandbox', () => {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (!child) return;
    const exited = new Promise((resolve) => child!.on('close', resolve));
    child.kill('SIGINT');
    await exited;
    child = undefined;
  });

  /** The banner, as printed up to its last line ("… Ctrl-C …"). */
  async function banner(args: string[], env?: Record<string, string>): Promise<string> {
    child = startCli(['sandbox', '--port', '0', '--access-token', 'banner-token-4711', ...args], {
      cwd: tempDir(),
      ...(env ? { env } : {}),
    });
    let text = '';
    return new Promise<string>((resolve, reject) => {
      child!.stdout!.on('data', (chunk) => {
        text += chunk;
        if (text.includes('Ctrl-C')) resolve(text);
      });
      child!.on('close', (code) => reject(new Error(`sandbox exited ${code}: ${text}`)));
    });
  }

  it('prints its whole banner in Danish under --lang da, the access token on its one line and in the example', async () => {
    const text = await banner([
      '--lang',
      'da',
      '--company-id',
      '7',
      '--latency',
      '5',
      '--fail-rate',
      '0.1',
      '--rate-limit',
      '20',
      '--drop-rate',
      '0.05',
    ]);
    const baseUrl = /lytter på (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
    expect(baseUrl).toBeDefined();
    expect(text.split('\n')).toEqual([
      `Sandkasse for Organisation Sync API (v3 og v2) lytter på ${baseUrl}`,
      `  basis-URL:          ${baseUrl}   (stierne /v3/... og /v2/...)`,
      '  virksomheds-id:     7',
      '  adgangstoken:       banner-token-4711   (sandkassens eget adgangstoken, gælder kun for denne sandkasse; det underskriver også JWT’er)',
      '  tilstandsfil:       ingen (virksomheden går tabt, når sandkassen stopper; brug --state FIL for at beholde den)',
      '  fejlindsprøjtning:  +5 ms ventetid, 10 % besvares med 503, 429 over 20 forespørgsler/s, 5 % af ændringerne gemmes, hvorefter forbindelsen afbrydes',
      '',
      'Importér til den fra en anden terminal:',
      `  orgsync-import PROJEKTMAPPE.xlsx --base-url ${baseUrl} --company-id 7 --access-token banner-token-4711`,
      '',
      'Tryk Ctrl-C for at stoppe.',
      '',
    ]);
    expect(text).not.toMatch(/listening|state file|Import into|Press Ctrl-C|faults|latency|answered|dropped|credential/);
  });

  it('is Danish when LANG names Danish, and English as before without it', async () => {
    const danish = await banner([], DANISH_ENV);
    expect(danish).toMatch(/^ {2}tilstandsfil: +ingen \(virksomheden går tabt, når sandkassen stopper/m);
    expect(danish).toMatch(/^ {2}fejlindsprøjtning: +ingen$/m);
    await new Promise((resolve) => {
      child!.on('close', resolve);
      child!.kill('SIGINT');
    });
    child = undefined;

    const english = await banner([]);
    expect(english).toMatch(/^Organisation Sync API sandbox \(v3 and v2\) listening on http:/);
    expect(english).toContain('  state file:    none (the company is lost when the sandbox stops; use --state FILE to keep it)');
    expect(english).toContain('  faults:        none');
    expect(english).toContain('Import into it, from another terminal:\n  orgsync-import WORKBOOK.xlsx --base-url');
    expect(english).toContain('Press Ctrl-C to stop.');
  });
});
