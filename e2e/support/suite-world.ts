import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_OPTIONS } from './chromium-options';
import {
  LIVE_UPDATE_INTERVAL_MS,
  startE2eServer,
  stopE2eServer,
  waitUntilServing,
} from './e2e-server';
import { startMailInbox } from './mail-inbox';

/**
 * The browser suite's world: its server over a seeded folder, the mail inbox the server sends
 * to, and the one Chromium every file connects to. `global-setup.ts` starts one for a run;
 * `lane-host.ts` starts one for every run of a lane of `npm test`. No test-runner import here.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** What every test file is given (vitest's `inject`): see global-setup.ts. */
export interface SuiteEndpoints {
  baseUrl: string;
  liveUpdateIntervalMs: number;
  browserWsEndpoint: string;
  mailInboxUrl: string;
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
 * Starts `tsx server/src/main.ts` on a free port over `dataDir` (a fresh folder when none is
 * given; a seeded one is used as it is), sending its mail to the inbox, and the Chromium.
 * `stop` stops them all, checks the ledger of whatever the files did, and removes the folder.
 */
export async function startSuiteWorld(
  dataDir = mkdtempSync(path.join(tmpdir(), 'bo-e2e-')),
): Promise<{ endpoints: SuiteEndpoints; stop: () => Promise<void> }> {
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
  const endpoints: SuiteEndpoints = {
    baseUrl,
    liveUpdateIntervalMs: LIVE_UPDATE_INTERVAL_MS,
    browserWsEndpoint: browser.wsEndpoint(),
    mailInboxUrl: inbox.readerUrl,
  };
  const stop = async () => {
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
  return { endpoints, stop };
}
