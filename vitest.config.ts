import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const serverTests = {
  root: './server',
  include: ['test/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The files share one worker's modules (docs/architecture.md, "Tests"): each file still
  // opens its own database and app, and closes them; loading the app and PGlite once instead
  // of once per file more than halves the server tests' time.
  isolate: false,
  // One migrated template database per run; each test file copies it.
  globalSetup: ['./test/support/template-database.ts'],
};

/** With TEST_DATABASE_URL the server's tests run a second time on real PostgreSQL. */
const postgresProjects: TestProjectConfiguration[] = process.env.TEST_DATABASE_URL
  ? [{ test: { ...serverTests, name: 'server-postgres', env: { TZ: 'UTC', TEST_DB: 'postgres' } } }]
  : [];

/** Unit and API tests of every package; browser tests have their own config in e2e/. */
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: '.vitest-reports/unit.json' }]],
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['test/**/*.test.ts'],
          env: { TZ: 'UTC' },
        },
      },
      { test: { ...serverTests, name: 'server', env: { TZ: 'UTC', TEST_DB: 'pglite' } } },
      // The benchmarks' pure parts (the chaos run's plan and checks); the benchmarks themselves
      // are run by hand (npm run bench:…), not as tests.
      {
        test: {
          name: 'bench',
          root: './bench',
          include: ['test/**/*.test.ts'],
          env: { TZ: 'UTC' },
        },
      },
      ...postgresProjects,
      {
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          // One worker's modules for every file, as the server's: importing React, the router
          // and the locales once instead of 48 times takes the web tests from 32 s to 5 s. A
          // test that needs i18n of its own makes its own instance (`dialog-footer.test.tsx`).
          isolate: false,
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
});
