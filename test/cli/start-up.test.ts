/**
 * Issue 25, "a command line that answers at once": each command loads only what it needs. The built CLI
 * is run with a module hook that lists every module it loads: `--version` and `--help` load no stage of
 * the pipeline, and an offline `validate` loads the readers and the validator but no service client,
 * loader, page or sandbox. (What that saves in time is in docs/benchmarks.md; no test times it.)
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

const DIST = pathToFileURL(join(ROOT, 'dist')).href + '/';

/** The modules of dist/ the command loaded (as `sheets/read.js`), with its exit code and output. */
async function loadedBy(args: string[], name: string) {
  const list = join(folder, `${name}.txt`);
  writeFileSync(list, '');
  const result = await runCli(args, { cwd: folder, env: { NODE_OPTIONS: `--import ${pathToFileURL(register).href}`, LOADED_MODULES_FILE: list } });
  const modules = readFileSync(list, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(DIST))
    .map((url) => url.slice(DIST.length));
  return { ...result, modules };
}

const STAGES = ['sheets/', 'validate/', 'service/', 'plan/', 'load/', 'report/', 'view/', 'sandbox/', 'template/'];

describe('what each command loads', () => {
  test.each([[['--version']], [['--help']], [['validate', '--help']]])('%j loads no stage', async (args) => {
    const { code, stdout, modules } = await loadedBy(args, args.join(''));
    expect(code).toBe(0);
    expect(stdout).not.toBe('');
    expect(modules).toContain('cli/main.js');
    expect(modules.filter((module) => STAGES.some((stage) => module.startsWith(stage)))).toEqual([]);
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
});
