import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSuiteWorld, type SuiteEndpoints } from './suite-world';

const repoRoot = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The dashboard's live-update interval the test server runs with (getAppSettings). */
    liveUpdateIntervalMs: number;
    /** The suite's one Chromium, for every file to connect to (`launchBrowser`). */
    browserWsEndpoint: string;
    /** Where a test reads the mail the server sent (`mailTo` in support/mail.ts). */
    mailInboxUrl: string;
  }
}

/** Hands every file what it connects to. */
function provideAll(project: TestProject, endpoints: SuiteEndpoints): void {
  project.provide('baseUrl', endpoints.baseUrl);
  project.provide('liveUpdateIntervalMs', endpoints.liveUpdateIntervalMs);
  project.provide('browserWsEndpoint', endpoints.browserWsEndpoint);
  project.provide('mailInboxUrl', endpoints.mailInboxUrl);
}

/**
 * The suite's world for this run (suite-world.ts): its server over a fresh DATA_DIR, or over
 * E2E_DATA_DIR (a folder `seed-ahead.ts` already seeded while the other tests ran), its mail
 * inbox and its one Chromium, stopped (and the ledger checked) afterwards. Under `npm test`,
 * E2E_SUITE gives the world a lane of it keeps running for several runs (lane-host.ts): then
 * this run only connects to it.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_SUITE) {
    provideAll(project, JSON.parse(process.env.E2E_SUITE) as SuiteEndpoints);
    return;
  }
  // WEB_DIST_DIR (read by the server too) lets a run serve a build made elsewhere.
  const distDir = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir} is missing: run \`npm run build\` (npm run test:e2e does) first`);
  }
  const world = await startSuiteWorld(process.env.E2E_DATA_DIR || undefined);
  provideAll(project, world.endpoints);
  return world.stop;
}
