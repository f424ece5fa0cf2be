/**
 * Issue 25, "a command line that answers at once": each command loads only what it needs. The built CLI
 * is run with a module hook that lists every module it loads: `--version` and `--help` load no stage of
 * the pipeline and no schema library, and an offline `validate` of a CSV loads the CSV reader and the
 * validator but no service client, loader, page or sandbox, no workbook reader, and neither zod nor
 * date-fns unless a configuration file or a `--map` profile asks for them. (What that saves in time is
 * in docs/benchmarks.md; no test times it.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ROOT, runCli, tempDir } from '../helpers/cli.js';

const folder = tempDir('start-up-');
const hook = join(folder, 'hook.mjs');
writeFileSync(
  hook,
  `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_MODULES_FILE, url + '\\n');
  return next(url, context);
}`,
);
const register = join(folder, 'register.mjs');
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hook).href)});\n`);
const csv = join(folder, 'employees.csv');
writeFileSync(csv, 'employee_id;name;email\n1;Ann Holm;ann@firma.dk\n');

const DIST = `${pathToFileURL(join(ROOT, 'dist')).href}/`;

/**
 * The modules of dist/ the command loaded (as `sheets/read.js`) and the packages (as `zod`), with its
 * exit code and output. `cwd`: the folder the command runs in (a configuration file there is read).
 */
async function loadedBy(args: string[], name: string, cwd = folder) {
  const list = join(folder, `${name}.txt`);
  writeFileSync(list, '');
  const result = await runCli(args, { cwd, env: { NODE_OPTIONS: `--import ${pathToFileURL(register).href}`, LOADED_MODULES_FILE: list } });
  const urls = readFileSync(list, 'utf8').split('\n');
  const modules = urls.filter((url) => url.startsWith(DIST)).map((url) => url.slice(DIST.length));
  const packages = [
    ...new Set(urls.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter((name) => name !== undefined)),
  ];
  return { ...result, modules, packages };
}

/** Packages an offline validate of a CSV has no use for: schemas, text dates, the service, workbooks. */
const NOT_FOR_A_CSV = ['zod', 'date-fns', 'undici', 'jose', 'fastify', 'saxes', 'exceljs', 'jszip'];

const STAGES = ['sheets/', 'validate/', 'service/', 'plan/', 'load/', 'report/', 'view/', 'sandbox/', 'template/'];

describe('what each command loads', () => {
  test.each([[['--version']], [['--help']], [['validate', '--help']]])('%j loads no stage, and no package but commander', async (args) => {
    const { code, stdout, modules, packages } = await loadedBy(args, args.join(''));
    expect(code).toBe(0);
    expect(stdout).not.toBe('');
    expect(modules).toContain('cli/main.js');
    expect(modules.filter((module) => STAGES.some((stage) => module.startsWith(stage)))).toEqual([]);
    expect(packages).toEqual(['commander']);
  });

  test('an offline validate loads the readers and the validator, but no service, loader, page or sandbox', async () => {
    const { code, stdout, modules } = await loadedBy(['validate', csv], 'validate');
    expect(code).toBe(0);
    expect(stdout).toMatch(/offline/i);
    expect(modules).toEqual(expect.arrayContaining(['sheets/read.js', 'validate/index.js']));
    const unwanted = modules.filter(
      (module) =>
        ['service/', 'load/', 'sandbox/'].some((stage) => module.startsWith(stage)) ||
        ['app/pages.js', 'app/run-import.js', 'app/sandbox-root.js', 'view/plan-html.js', 'view/org-chart.js'].includes(module),
    );
    expect(unwanted).toEqual([]);
  });

  test('an offline validate of a one-row CSV, without configuration or profile, loads neither zod nor date-fns, nor the workbook reader', async () => {
    const { code, stdout, modules, packages } = await loadedBy(['validate', csv], 'validate-csv');
    expect(code).toBe(0);
    expect(stdout).toMatch(/offline/i);
    expect(packages.filter((name) => NOT_FOR_A_CSV.includes(name))).toEqual([]);
    // The zip reader's error type and the merged cells' warnings are shared (sheets/read.ts); what reads a
    // workbook's parts is not loaded.
    const shared = ['sheets/xlsx/zip.js', 'sheets/xlsx/merged.js'];
    expect(modules.filter((module) => module.startsWith('sheets/xlsx/') && !shared.includes(module))).toEqual([]);
    // Nor what only --json or --report uses.
    expect(modules.filter((module) => ['app/events.js', 'report/json.js'].includes(module))).toEqual([]);
  });

  test('a configuration file beside the run is still checked, with zod loaded for it', async () => {
    const configured = tempDir('start-up-config-');
    writeFileSync(join(configured, 'orgsync.config.json'), '{"concurency": 4}');
    const { code, stderr, packages } = await loadedBy(['validate', csv], 'validate-config', configured);
    expect(code).toBe(3);
    expect(stderr).toContain('orgsync.config.json: "concurency" is not a setting (did you mean "concurrency"?)');
    expect(packages).toContain('zod');
  });

  test('a --map profile is still checked, with zod loaded for it', async () => {
    const profile = join(folder, 'profile.json');
    writeFileSync(profile, '{"employees": {"headers": {"Nr.": "employee_id"}, "dates": 5}}');
    const { code, stderr, packages } = await loadedBy(['validate', csv, '--map', profile], 'validate-map');
    expect(code).toBe(3);
    expect(stderr).toContain(`--map ${profile}: "employees.dates": Invalid input: expected record, received number`);
    expect(packages).toContain('zod');
  });
});

describe('the first module', () => {
  test('a folder npm started in that is gone ends in one sentence and exit 3, never a stack trace', async () => {
    const gone = join(folder, 'folder-since-removed');
    const env = { INIT_CWD: gone, npm_lifecycle_event: 'start', npm_package_name: 'orgsync-import' };
    const { code, stderr } = await runCli(['--version'], { cwd: folder, env });
    expect(code).toBe(3);
    expect(stderr).toContain('unexpected problem');
    expect(stderr).toContain('chdir');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
