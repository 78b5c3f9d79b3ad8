import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ROUTES, RULES, decideAccess, pathOf } from '@bo/contract';
import { CHROMIUM_OPTIONS } from '../e2e/support/chromium-options';
import { startE2eServer, stopE2eServer, waitUntilServing } from '../e2e/support/e2e-server';
import { DEMO_ROLES } from '../e2e/support/roles';
import { signIn } from '../e2e/support/sign-in';
import { nearestRank } from './src/soak-latency';

/**
 * `npm run bench:screens` (after `npm run build -w web`): how long a screen takes to show when
 * it is opened from inside the app, as its links open it, on the browser suite's demo world.
 * Each demo role signs in and walks every screen of the route table its rule lets it open,
 * twice: the first walk loads each screen's code as a user's first visit does, the second finds
 * it loaded. A visit is timed inside the page, from the move to the moment the new screen's
 * title is in the document (a MutationObserver: no polling from outside), and the walk prints
 * the median, p95 and slowest screens of each pass.
 *
 * The world: BENCH_SCREENS_WORLD names a folder the suite's seed made
 * (`tsx e2e/support/seed-ahead.ts <dir>`), copied so the walk leaves it as it was; without it
 * the demo world is seeded first into a temporary folder (about four minutes).
 */

const TITLE = '[data-testid="page-title"]';

/**
 * Moves to `to` as the app's links do and answers the milliseconds until a title mounted after
 * the move is in the document. A string, not a function: the page runs it as written (a bundled
 * function would bring helpers the page does not have).
 */
const TIMED_MOVE = `(to) => new Promise((resolve) => {
  document.querySelectorAll('${TITLE}').forEach((t) => t.setAttribute('data-left-behind', ''));
  const fresh = () => document.querySelector('${TITLE}:not([data-left-behind])');
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (!fresh()) return;
    observer.disconnect();
    resolve(performance.now() - started);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
  if (fresh()) { observer.disconnect(); resolve(performance.now() - started); }
})`;

/** A screen that shows no title this long after the move stops the walk, named. */
const MOVE_LIMIT_MS = 30_000;

async function timedMove(page: Page, to: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${to} showed no screen title within ${MOVE_LIMIT_MS / 1000} s`)),
      MOVE_LIMIT_MS,
    );
  });
  try {
    const move = page.evaluate(`(${TIMED_MOVE})(${JSON.stringify(to)})`) as Promise<number>;
    return await Promise.race([move, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** The screens a role may open: every user route its rule allows, with sample parameters. */
function screensOf(role: (typeof DEMO_ROLES)[number]): string[] {
  const viewer = { accountType: role.accountType, modules: role.modules };
  return ROUTES.filter(
    (route) =>
      route.kind !== 'action' &&
      RULES[route.rule].audience === 'user' &&
      decideAccess(RULES[route.rule], viewer) === 'allowed',
  ).map((route) => pathOf(route.id, { id: 'X100', account_type: 'merchant' }));
}

const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;

function report(label: string, visits: readonly { path: string; ms: number }[]) {
  const times = visits.map((v) => v.ms).sort((a, b) => a - b);
  const slowest = [...visits].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(
    `  ${label.padEnd(13)} ${String(visits.length).padStart(3)} screens  median ${ms(
      nearestRank(times, 50),
    )}  p95 ${ms(nearestRank(times, 95))}  slowest: ${slowest
      .map((v) => `${v.path} ${v.ms.toFixed(0)}`)
      .join(', ')}`,
  );
}

async function main() {
  const kept = process.env.BENCH_SCREENS_WORLD;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-screens-'));
  if (kept) cpSync(kept, dataDir, { recursive: true });
  const { server, baseUrl, output } = await startE2eServer(dataDir);
  const browser = await chromium.launch(CHROMIUM_OPTIONS);
  try {
    await waitUntilServing(baseUrl, server, output, 30 * 60_000);
    console.log(`Screens opened from inside the app (${baseUrl}, demo world):`);
    for (const role of DEMO_ROLES) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1440, height: 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, role.email);
      console.log(`${role.key} (${role.email}):`);
      for (const label of ['first visit', 'second visit']) {
        const visits: { path: string; ms: number }[] = [];
        for (const screen of screensOf(role)) {
          // The screen already shown (the dashboard after signing in) is not moved to.
          if (new URL(page.url()).pathname === screen) continue;
          visits.push({ path: screen, ms: await timedMove(page, screen) });
        }
        report(label, visits);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stopE2eServer(server, 60_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
