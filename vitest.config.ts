import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The fast layer (`npm run test:unit`): the folders of pure code, read in-process. Nothing in it starts a
 * process or a worker, the sandbox or a server, or needs the build; a file of these folders that does is
 * in FULL_ONLY and runs with `npm test` only (test/architecture/test-layers.test.ts keeps the list true).
 */
export const UNIT_FOLDERS = ['architecture', 'model', 'words', 'plan', 'validate', 'view', 'template', 'report', 'sheets'] as const;
export const FULL_ONLY = [
  'test/report/json.test.ts', // a named pipe made with mkfifo
  'test/sheets/danish-words.test.ts', // the built reader (dist/) in a worker thread
  'test/sheets/xlsx-worker.test.ts',
  'test/sheets/xlsx-worker-eager.test.ts',
  'test/sheets/xlsx-worker-lifecycle.test.ts',
  'test/sheets/csv-worker.test.ts', // the built CSV reader in a worker thread
];
/**
 * The files that replace a module of Node or of src/ (`vi.mock`): the suite's other files share one module
 * graph per worker, so these run isolated, each with its own (test/architecture/test-layers.test.ts keeps
 * the list true).
 */
export const OWN_MODULES = [
  'test/hostile/history-disk-full.test.ts',
  'test/hostile/journal-disk-full.test.ts',
  'test/e2e/added-field.test.ts', // the field tables with a field added
  'test/validate/v2-ignored-columns.test.ts',
];
const UNIT = UNIT_FOLDERS.map((folder) => `test/${folder}/**/*.test.ts`);
const inUnitFolder = (file: string): boolean => UNIT_FOLDERS.some((folder) => file.startsWith(`test/${folder}/`));
/** The rest: the other folders of test/, and the files of the pure folders that are not pure. */
const INTEGRATION = [
  ...readdirSync('test', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !(UNIT_FOLDERS as readonly string[]).includes(entry.name))
    .map((entry) => `test/${entry.name}/**/*.test.ts`),
  ...FULL_ONLY,
];

export default defineConfig({
  test: {
    // Which files: the projects below (an include here would be added to each of theirs).
    // Time-outs guard against a hang; they are never a claim on speed. On a loaded 2-core machine (two
    // copies of the suite side by side) an end-to-end test may take minutes: slow, not wrong.
    // Speed is measured under bench/ (`npm run bench -- timed` holds the bounds tests once asserted).
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Vitest's default on 2 cores is one worker (cores − 1): the suite then takes over 10 minutes. Most of
    // a test's time is spent waiting on the built command and the sandbox in other processes, so two
    // workers nearly halve it (docs/benchmarks.md, "The test suite's time").
    maxWorkers: 2,
    // The JSON result lets .ci/run print the plain "N passed, N failed" line CI reads.
    reporters: ['default', ['json', { outputFile: '.test-results/vitest.json' }]],
    // `npm test` runs every project, each file once; `npm run test:unit` the first two.
    // A file's modules are imported once per worker, not once per file: importing was most of the fast
    // layer's time, and a fresh process per file a large part of the rest's (docs/benchmarks.md, "The
    // test suite's time"). test/helpers/fresh-file.ts gives each file the start a process has.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...FULL_ONLY, ...OWN_MODULES],
          isolate: false,
          setupFiles: ['test/helpers/fresh-file.ts'],
        },
      },
      // The fast layer's files that replace a module: `npm run test:unit` runs them too.
      { extends: true, test: { name: 'unit-own-modules', include: OWN_MODULES.filter(inUnitFolder) } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: OWN_MODULES,
          isolate: false,
          setupFiles: ['test/helpers/fresh-file.ts'],
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES.filter((file) => !inUnitFolder(file)) } },
    ],
  },
});
