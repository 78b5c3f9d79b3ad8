import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_OPTIONS } from './chromium-options';
import {
  LIVE_UPDATE_INTERVAL_MS,
  startE2eServer,
  stopE2eServer,
  waitUntilServing,
} from './e2e-server';
import { startMailInbox } from './mail-inbox';

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

/**
 * Mail attempts before a mail is abandoned: two, so a mail the inbox refuses is abandoned
 * within seconds (the product default is 12, over hours).
 */
const MAIL_MAX_ATTEMPTS = 2;

/** `npm run ledger:check` on the suite's database once its server has stopped; throws on drift. */
function checkLedger(dataDir: string): void {
  const run = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'server/src/cli/ledger-check.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0)
    throw new Error(`ledger:check after the browser suite failed:\n${run.stdout}${run.stderr}`);
  console.log(run.stdout.trim());
}

/**
 * Starts `tsx server/src/main.ts` on a free port with a fresh DATA_DIR (or E2E_DATA_DIR, a
 * folder `seed-ahead.ts` already seeded while the other tests ran), sending its mail to the
 * suite's SMTP server (`startMailInbox`), and the one Chromium every file connects to; stops
 * them all afterwards.
 */
export default async function setup(project: TestProject) {
  // WEB_DIST_DIR (read by the server too) lets a run serve a build made elsewhere.
  const distDir = process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${distDir} is missing: run \`npm run build\` (npm run test:e2e does) first`);
  }
  const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
  const inbox = await startMailInbox();
  const { server, baseUrl, output } = await startE2eServer(dataDir, (url) => ({
    // Mail goes to the suite's SMTP server; its links lead back to this server.
    SMTP_URL: inbox.smtpUrl,
    PUBLIC_URL: url,
    MAIL_MAX_ATTEMPTS: String(MAIL_MAX_ATTEMPTS),
  }));
  let browser: BrowserServer;
  try {
    await waitUntilServing(baseUrl, server, output);
    browser = await chromium.launchServer(CHROMIUM_OPTIONS);
  } catch (error) {
    // A server that never became ready (or no browser) is not left running, nor its data.
    await stopE2eServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await inbox.stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('liveUpdateIntervalMs', LIVE_UPDATE_INTERVAL_MS);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide('mailInboxUrl', inbox.readerUrl);

  return async () => {
    await browser.close();
    const stopped = await stopE2eServer(server);
    try {
      // Whatever the browser tests did to money, the books must still prove every balance.
      if (stopped) checkLedger(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await inbox.stop();
    }
  };
}
