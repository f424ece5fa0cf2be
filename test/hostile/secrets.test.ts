/**
 * Secrets never leave the process except in the request headers they are for: every command is run with
 * known secret values (flags and ORGSYNC_ variables, good and wrong), and every byte it wrote — stdout,
 * stderr, the report, the journal, the ledgers, the error files, everything under .orgsync/ — is searched
 * for them.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli, tempDir, writeCsvSet, type CliResult } from '../helpers/cli.js';
import { startProxy, type FaultProxy } from './proxy.js';
import { EMPLOYEE_HEADER, ORG_HEADER, companyCsv, expectNoStackTrace } from './support.js';

const SANDBOX_TOKEN = 'sbx-Tok3n-9d2f4e71a5c3';
const WRONG_TOKEN = 'wrong-Tok3n-55c0b8e2f1';
const WRONG_JWT_SECRET = 'wrong-jwt-S3cret-a71d09';
const TYPO_SECRET = 'typo-S3cret-0b9e44c2';
const URL_PASSWORD = 'url-Passw0rd-3e8f1d';

let sandbox: RunningSandbox;
let proxy: FaultProxy;
let readyJwt: string;
const work = tempDir('hostile-secrets-');
const outputs: { what: string; text: string }[] = [];

function allSecrets(): string[] {
  return [SANDBOX_TOKEN, WRONG_TOKEN, WRONG_JWT_SECRET, TYPO_SECRET, URL_PASSWORD, readyJwt];
}

/**
 * The sandbox's clock: the real one, except while a run sends the ready JWT, when it stands at the
 * second the token was minted. A token lives 15 s at most (the API's rule), and a loaded machine may
 * take longer than that to reach the run that uses it: the test must not lean on how long it lives.
 */
let clockStoppedAt: Date | null = null;
let readyJwtMintedAt: Date;

async function withClockAtMint<T>(work: () => Promise<T>): Promise<T> {
  clockStoppedAt = readyJwtMintedAt;
  try {
    return await work();
  } finally {
    clockStoppedAt = null;
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ quiet: true, accessToken: SANDBOX_TOKEN, companyId: 7, now: () => clockStoppedAt ?? new Date() });
  proxy = await startProxy(sandbox.baseUrl);
  const now = Math.floor(Date.now() / 1000);
  readyJwtMintedAt = new Date(now * 1000);
  readyJwt = await new SignJWT({ company_id: 7 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setNotBefore(now - 1)
    .setExpirationTime(now + 14)
    .sign(new TextEncoder().encode(SANDBOX_TOKEN));
});
afterAll(async () => {
  await proxy.close();
  await sandbox.close();
});

async function run(what: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const result = await runCli(args, { cwd: work, env });
  outputs.push({ what: `${what} (stdout)`, text: result.stdout }, { what: `${what} (stderr)`, text: result.stderr });
  expectNoStackTrace(result.stderr);
  return result;
}

const service = () => ['--base-url', proxy.url, '--company-id', '7'];

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('secrets given to any command appear in nothing it writes', () => {
  const inputs = join(work, 'in');
  const good = companyCsv(6, join(inputs, 'good'));
  writeFileSync(join(good, 'absence.csv'), 'employee_id;start_date;end_date\n1000;2026-01-05;2026-01-09\n');
  const bad = writeCsvSet({ employees: [EMPLOYEE_HEADER, ['1', 'Ann', 'not-an-email', 'T9']] }, join(inputs, 'bad'));
  const secretEnv = (): Record<string, string> => ({
    ORGSYNC_ACCESS_TOKEN: SANDBOX_TOKEN,
    ORGSYNC_JWT_SECRET: SANDBOX_TOKEN,
    ORGSYNC_JWT: readyJwt,
  });

  it('validate, offline and against the service, writing the report and the error file', async () => {
    expect((await run('validate offline', ['validate', bad, '--report', 'validate-1.json'], secretEnv())).code).toBe(1);
    const online = await run('validate online', [
      'validate',
      bad,
      ...service(),
      '--access-token',
      SANDBOX_TOKEN,
      '--report',
      'validate-2.json',
    ]);
    expect(online.code).toBe(1);
  });

  it('plan with a JWT secret, and the main job with the token from the environment, then with a ready JWT', async () => {
    expect((await run('plan', ['plan', good, ...service(), '--jwt-secret', SANDBOX_TOKEN, '--report', 'plan.json'])).code).toBe(0);
    const env = { ...secretEnv(), ORGSYNC_BASE_URL: proxy.url, ORGSYNC_COMPANY_ID: '7' };
    delete (env as Record<string, string>).ORGSYNC_JWT; // the access token is used, not the ready JWT
    delete (env as Record<string, string>).ORGSYNC_JWT_SECRET;
    expect((await run('import', [good, '--yes', '--report', 'import.json'], env)).code).toBe(0);
    const again = await withClockAtMint(() =>
      run('import again', [good, '--yes', ...service(), '--jwt', readyJwt, '--report', 'again.json']),
    );
    expect(again.code, again.stderr).toBe(0);
    expect(sandbox.snapshot().absences).toHaveLength(1); // so the absence ledger was written too
  });

  it('the main job with a row the service refuses (exit 2, error file) and with refused credentials (exit 3)', async () => {
    // 1001 is fired; then 1002 is renamed to 1001, whose fired employee still holds the id: validation
    // cannot see it (the lists show active employees), the service refuses. (A newcomer with a taken
    // e-mail, the refused row here before, is now refused by validation.)
    const header = [...EMPLOYEE_HEADER, 'status', 'previous_employee_id'];
    const organisation = [
      ORG_HEADER,
      ['department', 'root', 'Company', '', '1000'],
      ['department', 'A', 'Afdeling A', 'root', ''],
      ['team', 'T1', 'Team 1', 'A', ''],
    ];
    const fire = writeCsvSet(
      {
        employees: [
          header,
          ['1000', 'Person 1000', 'p1000@nordlys.dk', 'T1', '', ''],
          ['1001', 'Person 1001', 'p1001@nordlys.dk', 'T1', 'left', ''],
        ],
        organisation,
      },
      join(inputs, 'fire'),
    );
    // This export drops a department the last run had: the export guard would stop it (issue 16).
    const fired = await run('fire 1001', [fire, '--yes', '--accept-changes', ...service(), '--access-token', SANDBOX_TOKEN]);
    expect(fired.code, fired.stdout + fired.stderr).toBe(0);
    const refused = writeCsvSet(
      {
        employees: [
          header,
          ['1000', 'Person 1000', 'p1000@nordlys.dk', 'T1', '', ''],
          ['1001', 'Person 1002', 'p1002@nordlys.dk', 'T1', '', '1002'],
        ],
        organisation,
      },
      join(inputs, 'refused'),
    );
    const partial = await run('import refused row', [
      refused,
      '--yes',
      ...service(),
      '--access-token',
      SANDBOX_TOKEN,
      '--report',
      'refused.json',
    ]);
    expect(partial.code, partial.stdout).toBe(2);
    const wrongToken = await run('wrong token', [good, '--yes', ...service(), '--access-token', WRONG_TOKEN, '--report', 'wrong.json']);
    expect(wrongToken.code).toBe(3);
    expect(wrongToken.stderr).toMatch(/refused the credentials/);
    const wrongSecret = await run('wrong JWT secret', [good, '--yes', ...service(), '--report', 'wrong-jwt.json'], {
      ORGSYNC_JWT_SECRET: WRONG_JWT_SECRET,
    });
    expect(wrongSecret.code).toBe(3);
  });

  it('template, and the error paths: unknown or mistyped options, a URL with a password, plain http, a crash', async () => {
    expect((await run('template', ['template', '--out', 'template'], secretEnv())).code).toBe(0);
    expect((await run('template with a token', ['template', `--access-token=${TYPO_SECRET}`])).code).toBe(3);
    expect((await run('mistyped option', ['plan', good, `--jwt-secrt=${TYPO_SECRET}`])).code).toBe(3);
    expect((await run('bad number', ['plan', good, '--access-token', SANDBOX_TOKEN, '--concurrency', 'many'])).code).toBe(3);
    const withPassword = `http://admin:${URL_PASSWORD}@127.0.0.1:9/api`;
    expect((await run('password in URL', ['plan', good, '--base-url', withPassword, '--access-token', SANDBOX_TOKEN])).code).toBe(3);
    const plain = await run('plain http', ['plan', good, '--base-url', 'http://orgsync.invalid', '--company-id', '7', '--jwt', readyJwt]);
    expect(plain.code).toBe(3);
    expect(plain.stderr).toMatch(/plain http: https:\/\/ is required/);
    expect((await run('no such file', ['validate', join(work, 'missing.xlsx'), '--jwt-secret', SANDBOX_TOKEN])).code).toBe(3);
    // A report path below a file cannot be written: said plainly (with ORGSYNC_DEBUG on), the exit code stays
    // the run's own (1: the workbook has errors), and no secret is in what is printed.
    writeFileSync(join(work, 'not-a-folder'), '');
    const crash = await runCli(['validate', bad, '--report', 'not-a-folder/report.json', '--access-token', SANDBOX_TOKEN], {
      cwd: work,
      env: { ...secretEnv(), ORGSYNC_DEBUG: '1' },
    });
    outputs.push({ what: 'crash (stderr)', text: crash.stderr }, { what: 'crash (stdout)', text: crash.stdout });
    expect(crash.code).toBe(1);
    expect(crash.stderr).toMatch(/Could not write the report not-a-folder\/report.json/);
  });
});

describe('credentials on the wire', () => {
  it('JWTs minted from a secret live at most 15 seconds and are valid when they are sent', async () => {
    const before = proxy.received.length;
    const result = await run('plan with minted tokens', ['plan', companyCsv(3), ...service(), '--jwt-secret', SANDBOX_TOKEN]);
    expect(result.code).toBe(0);
    const sent = proxy.received.slice(before);
    expect(sent.length).toBeGreaterThan(3);
    for (const { headers, at } of sent) {
      const claims = decodeJwt(String(headers.jwt));
      expect(claims.company_id).toBe(7);
      expect(claims.exp! - claims.nbf!).toBeLessThanOrEqual(15);
      const now = at / 1000;
      expect(claims.nbf!).toBeLessThanOrEqual(now);
      expect(claims.exp!).toBeGreaterThan(now);
      expect(claims.exp! - now).toBeLessThanOrEqual(15);
      expect(headers.access_token).toBeUndefined();
    }
  });

  it('plain http to a host that is not loopback is sent only with --insecure, and then with a warning', async () => {
    const refused = await run('plain http refused', [
      'plan',
      companyCsv(2),
      '--base-url',
      'http://orgsync.invalid',
      '--company-id',
      '7',
      '--access-token',
      SANDBOX_TOKEN,
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/uses plain http: https:\/\/ is required except for loopback/);
    expect(refused.stderr).not.toMatch(/could not be resolved/); // refused before any lookup
    const allowed = await run('plain http allowed', [
      'plan',
      companyCsv(2),
      '--base-url',
      'http://orgsync.invalid',
      '--company-id',
      '7',
      '--access-token',
      SANDBOX_TOKEN,
      '--insecure',
    ]);
    expect(allowed.stderr).toMatch(/Warning: --insecure: sending to http:\/\/orgsync\.invalid over plain http/);
    expect(allowed.stderr).toMatch(/could not be resolved/); // it did try: the .invalid name never resolves
    expect(allowed.code).toBe(3);
  });
});

describe('everything the commands above wrote', () => {
  it('holds not one of the secret values, nor a minted token', () => {
    const files = filesUnder(work);
    expect(files.some((f) => f.includes(join('.orgsync', 'journal')))).toBe(true);
    expect(files.some((f) => f.includes(join('.orgsync', 'absences')))).toBe(true);
    expect(files.some((f) => f.endsWith('.errors.csv'))).toBe(true);
    expect(files.some((f) => f.endsWith('import.json'))).toBe(true);
    const everything = [...outputs, ...files.map((file) => ({ what: file, text: readFileSync(file).toString('latin1') }))];
    const leaks = everything.flatMap(({ what, text }) =>
      allSecrets()
        .filter((secret) => text.includes(secret))
        .map((secret) => `${secret} in ${what}`),
    );
    expect(leaks).toEqual([]);
    const tokens = everything.filter(({ text }) => /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/.test(text)).map(({ what }) => what);
    expect(tokens).toEqual([]);
    expect(outputs.length).toBeGreaterThan(20);
  });
});
