import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServerForPages } from './src/login-server';
import { lighthouseScores } from './src/login-lighthouse';

/**
 * `npm run bench:login` (after `npm run build -w web`): the real server on an empty embedded
 * database serves the built app; Debian's Chromium loads /login and the JavaScript it fetched
 * until the network is idle is printed per file, gzipped at level 9, with the total (goal: at
 * most 150 KB). Then Lighthouse (mobile defaults, the same Chromium) scores /login for
 * performance, accessibility and best practices (goals: 90, 100, 95). BENCH_NO_LIGHTHOUSE=1
 * skips that part.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
];
const GOAL_KB = 150;

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

async function measureScripts(baseUrl: string): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      reads.push(
        response.body().then((body) => {
          scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
        }),
      );
    });
    await page.goto(`${baseUrl}/login`);
    await page.locator('[data-testid="login-form"]').waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(reads);
    return scripts;
  } finally {
    await browser.close();
  }
}

async function main() {
  const { baseUrl, stop } = await startServerForPages();
  try {
    const scripts = await measureScripts(baseUrl);
    const rows = [...scripts].sort((a, b) => b[1] - a[1]);
    console.log('/login JavaScript, gzipped (level 9):');
    for (const [file, bytes] of rows) console.log(`${kb(bytes)} KB  ${file}`);
    const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(
      `${kb(total)} KB  total in ${rows.length} files (goal ≤ ${GOAL_KB} KB: ${total <= GOAL_KB * 1024 ? 'met' : 'NOT met'})`,
    );
    if (process.env.BENCH_NO_LIGHTHOUSE === '1') return;
    const scores = await lighthouseScores(`${baseUrl}/login`, CHROMIUM_PATH, CHROMIUM_FLAGS);
    console.log('Lighthouse /login (mobile defaults):');
    for (const { title, score, goal } of scores) {
      console.log(`  ${title.padEnd(16)} ${String(score).padStart(3)}  (goal ≥ ${goal})`);
    }
    for (const finding of scores.flatMap((s) => s.findings)) console.log(`  - ${finding}`);
  } finally {
    await stop();
  }
}

await main();
