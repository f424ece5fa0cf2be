/**
 * The configuration file of a scheduled run: found beside the run or by --config, checked key by key,
 * merged under the flags and over the environment, secrets only from the environment or a private file.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkConfig } from '../../src/app/config.js';
import { importOptionsFrom } from '../../src/app/configured-options.js';
import { OrgsyncError } from '../../src/errors.js';
import { chooseLanguage } from '../../src/words/language.js';
import { tempDir } from '../helpers/cli.js';

// A file with "lang": "da" chooses Danish for the process: each test starts in English again.
afterEach(() => chooseLanguage('en'));

function configIn(settings: unknown, name = 'orgsync.config.json'): string {
  const folder = tempDir('config-');
  writeFileSync(join(folder, name), typeof settings === 'string' ? settings : JSON.stringify(settings));
  return folder;
}

function secretFile(folder: string, name: string, text: string, mode: number): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

/** The error a configuration gives, as the user reads it. */
function refusal(run: () => unknown): { code: string; exitCode: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof OrgsyncError) return { code: error.code, exitCode: error.exitCode, message: error.message };
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

const noEnv = {};

describe('the configuration file', () => {
  it('is read from orgsync.config.json in the working folder', () => {
    const folder = configIn({
      base_url: 'https://sync.example.com',
      company_id: 1234,
      api: 'v2',
      concurrency: 3,
      timeout_ms: 9000,
      prune: true,
      max_deletions: 7,
      lang: 'da',
    });
    const options = importOptionsFrom('run', ['book.xlsx'], {}, noEnv, folder);
    expect(options).toMatchObject({
      baseUrl: 'https://sync.example.com',
      companyId: '1234',
      api: 'v2',
      concurrency: 3,
      timeoutMs: 9000,
      prune: true,
      maxDeletions: 7,
      lang: 'da',
      stateDir: join(folder, '.orgsync'),
    });
  });

  it('without one, the run is configured as before: state in .orgsync of the working folder, defaults', () => {
    const folder = tempDir();
    const options = importOptionsFrom('run', ['book.xlsx'], {}, { ORGSYNC_BASE_URL: 'https://env.example.com' }, folder);
    expect(options).toMatchObject({
      baseUrl: 'https://env.example.com',
      api: 'v3',
      concurrency: 8,
      prune: false,
      stateDir: join(folder, '.orgsync'),
    });
  });

  it('named by --config from another folder: its state folder and mapping profile are beside it, not in the working folder', () => {
    const configFolder = configIn({ map: 'profiles/hr.json', state_dir: 'state' }, 'nightly.json');
    const elsewhere = tempDir();
    const options = importOptionsFrom('run', ['book.xlsx'], { config: join(configFolder, 'nightly.json') }, noEnv, elsewhere);
    expect(options.stateDir).toBe(join(configFolder, 'state'));
    expect(options.mapFile).toBe(join(configFolder, 'profiles', 'hr.json'));
  });

  it('keeps its state in .orgsync beside itself when it names no state_dir', () => {
    const configFolder = configIn({}, 'nightly.json');
    const options = importOptionsFrom('run', ['book.xlsx'], { config: join(configFolder, 'nightly.json') }, noEnv, tempDir());
    expect(options.stateDir).toBe(join(configFolder, '.orgsync'));
  });

  it('--state-dir is relative to the working folder and wins over state_dir', () => {
    const configFolder = configIn({ state_dir: 'state' });
    const options = importOptionsFrom('run', ['book.xlsx'], { stateDir: 'mine' }, noEnv, configFolder);
    expect(options.stateDir).toBe(join(configFolder, 'mine'));
  });

  it('is under the flags and over the environment', () => {
    const folder = configIn({ base_url: 'https://file.example.com', company_id: '7', concurrency: 3 });
    const env = { ORGSYNC_BASE_URL: 'https://env.example.com', ORGSYNC_COMPANY_ID: '9', ORGSYNC_API: 'v2' };
    const options = importOptionsFrom('run', ['b.xlsx'], { baseUrl: 'https://flag.example.com', concurrency: 5 }, env, folder);
    expect(options.baseUrl).toBe('https://flag.example.com');
    expect(options.concurrency).toBe(5);
    expect(options.companyId).toBe('7');
    // What the file does not set still comes from the environment.
    expect(options.api).toBe('v2');
  });

  it('passes the guard limits on for the export guard', () => {
    const folder = configIn({ guard: { max_employee_loss_percent: 20, min_employee_loss: 3, max_cleared_percent: 50 } });
    expect(importOptionsFrom('run', ['b.xlsx'], {}, noEnv, folder).guardLimits).toEqual({
      maxEmployeeLossPercent: 20,
      minEmployeeLoss: 3,
      maxClearedPercent: 50,
    });
  });

  it('names a mistyped key and the setting it resembles (exit 3)', () => {
    const folder = configIn({ concurency: 4 });
    const refused = refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, folder));
    expect(refused.exitCode).toBe(3);
    expect(refused.code).toBe('config');
    expect(refused.message).toContain('orgsync.config.json: "concurency" is not a setting (did you mean "concurrency"?)');
  });

  it('names a mistyped key inside guard', () => {
    const folder = configIn({ guard: { min_employee_los: 1 } });
    expect(refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, folder)).message).toContain(
      '"guard.min_employee_los" is not a setting (did you mean "guard.min_employee_loss"?)',
    );
  });

  it('names the key whose value is wrong', () => {
    for (const [settings, key] of [
      [{ concurrency: 'eight' }, '"concurrency"'],
      [{ api: 'v4' }, '"api"'],
      [{ prune: 'yes' }, '"prune"'],
      [{ guard: { max_cleared_percent: 150 } }, '"guard.max_cleared_percent"'],
    ] as const) {
      const refused = refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, configIn(settings)));
      expect(refused.exitCode).toBe(3);
      expect(refused.message).toContain(`orgsync.config.json: ${key}`);
    }
  });

  it("accepts the README's example as it is written", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const example = /cat > orgsync\.config\.json <<'JSON'\n([\s\S]*?)\n\s*JSON\n/.exec(readme)?.[1];
    expect(example).toBeDefined();
    expect(checkConfig(JSON.parse(example!), 'README')).toMatchObject({ company_id: '1234', jwt_secret_file: 'jwt.secret', lang: 'da' });
  });

  it('says so when the file is not JSON, or --config names no file', () => {
    expect(refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, configIn('{"api": "v3",}'))).message).toContain(
      'orgsync.config.json: not valid JSON',
    );
    const missing = refusal(() => importOptionsFrom('run', ['b.xlsx'], { config: 'nowhere.json' }, noEnv, tempDir()));
    expect(missing).toMatchObject({ exitCode: 3, message: 'nowhere.json: the configuration file does not exist.' });
  });
});

describe('secrets and the configuration file', () => {
  it.each(['jwt_secret', 'access_token', 'jwt'])('refuses a %s written in the file, and says where it belongs', (key) => {
    const folder = configIn({ [key]: 'very-secret-value' });
    const refused = refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, folder));
    expect(refused.exitCode).toBe(3);
    expect(refused.message).toContain(`"${key}" must not be in the configuration file`);
    expect(refused.message).toContain('environment');
    expect(refused.message).not.toContain('very-secret-value');
  });

  it('reads the JWT secret and the access token from files only their owner can read', () => {
    const folder = configIn({ jwt_secret_file: 'jwt.secret', access_token_file: 'secrets/token' });
    mkdirSync(join(folder, 'secrets'));
    secretFile(folder, 'jwt.secret', 'signing-secret\n', 0o600);
    secretFile(folder, 'secrets/token', 'the-token', 0o400);
    const options = importOptionsFrom('run', ['b.xlsx'], {}, { ORGSYNC_JWT_SECRET: 'from-env' }, folder);
    expect(options.jwtSecret).toBe('signing-secret');
    expect(options.accessToken).toBe('the-token');
  });

  it.runIf(process.platform !== 'win32')('refuses a secret file the group or others can read, naming it and chmod 600', () => {
    for (const mode of [0o640, 0o604, 0o644]) {
      const folder = configIn({ jwt_secret_file: 'jwt.secret' });
      const path = secretFile(folder, 'jwt.secret', 'signing-secret', mode);
      const refused = refusal(() => importOptionsFrom('run', ['b.xlsx'], {}, noEnv, folder));
      expect(refused.exitCode).toBe(3);
      expect(refused.message).toContain(path);
      expect(refused.message).toContain(`chmod 600 ${path}`);
      expect(refused.message).not.toContain('signing-secret');
    }
  });

  it('a secret flag wins over the secret file', () => {
    const folder = configIn({ access_token_file: 'token' });
    secretFile(folder, 'token', 'from-file', 0o600);
    expect(importOptionsFrom('run', ['b.xlsx'], { accessToken: 'from-flag' }, noEnv, folder).accessToken).toBe('from-flag');
  });
});
