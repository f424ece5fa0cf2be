import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The JSON result lets .ci/run print the plain "N passed, N failed" line CI reads.
    reporters: ['default', ['json', { outputFile: '.test-results/vitest.json' }]],
  },
});
