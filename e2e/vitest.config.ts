import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the real server on a fresh embedded database, serving the built web app
 * (`npm run test:e2e` builds it first), driven by Debian's Chromium through playwright-core.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    // E2E_FILES (a JSON list of file names, as `npm test`'s lanes hand them out) runs exactly
    // those files: a CLI filter would match by substring (accounts in sub-accounts).
    include: process.env.E2E_FILES
      ? (JSON.parse(process.env.E2E_FILES) as string[])
      : ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One server and one browser for every file; files share them, so keep them in sequence.
    fileParallelism: false,
    // `npm test` runs the files on two lanes, each reporting under its own name (E2E_REPORT).
    reporters: [
      'default',
      ['json', { outputFile: `../.vitest-reports/${process.env.E2E_REPORT ?? 'e2e'}.json` }],
    ],
  },
});
