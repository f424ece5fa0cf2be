/**
 * The built command speaks Danish when asked (`--lang da`, or LANG naming Danish): the help, commander's
 * usage errors, and the service client's sentences; the exit codes do not change with the language.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { SAMPLE_CSV, runCli, tempDir } from '../helpers/cli.js';

const DANISH_ENV = { LANG: 'da_DK.UTF-8' };

/** Words of the English help and of commander's English errors: none may be left in a Danish one. */
/** The help wraps its descriptions at the terminal's width: compared as one line. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const ENGLISH = /\b(Usage|Options|Commands|Arguments|display help|output the version|error:|unknown option|Did you mean|default:|choices:)\b/;

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
    expect(badChoice.stderr).toContain("fejl: tilvalget '--date-order <order>' har en ugyldig værdi 'ymd'. Mulige valg er dmy, mdy.");

    const badNumber = await runCli(['plan', SAMPLE_CSV, '--concurrency', '0', '--lang', 'da'], { cwd });
    expect(badNumber.code).toBe(3);
    expect(badNumber.stderr).toContain("fejl: tilvalget '--concurrency <n>' har en ugyldig værdi '0'. Forventede et helt tal på 1 eller mere");

    const history = await runCli(['history', 'show', '--lang', 'da'], { cwd });
    expect(history.code).toBe(3);
    expect(history.stderr).toContain('Angiv den kørsel der skal vises: orgsync-import history show KØRSEL');
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
    const result = await runCli(['plan', SAMPLE_CSV, '--base-url', `http://127.0.0.1:${port}`, '--company-id', '7', '--access-token', 'sandbox-token-4711'], {
      cwd: tempDir(),
      env: DANISH_ENV,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/GET \/v3\/core\/\S+ efter \d+ forsøg: forbindelsen blev afvist/);
  });

  it("says in Danish what is wrong with the base URL, exit 3", async () => {
    const result = await runCli(['plan', SAMPLE_CSV, '--base-url', 'http://hr.example.com', '--company-id', '7', '--access-token', 'sandbox-token-4711', '--lang', 'da'], {
      cwd: tempDir(),
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("basis-URL'en http://hr.example.com/ bruger almindelig http: https:// er påkrævet undtagen for loopback-adresser");
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
