import type { Browser, BrowserContext, Page } from 'playwright-core';
import { settle } from './browser';
import {
  findingLines,
  runAxe,
  screenProblems,
  waitUntilQuiet,
  watchScreens,
} from './accessibility';

/** What the accessibility and phone browser tests share: an audited page, the reminder, the language. */

/** The phone the browser tests take the narrow screens on (issue 29: usable at 390×844). */
export const PHONE = { width: 390, height: 844 };

/** One user's browser: the CSP bypassed (axe is injected as a script), screens watched. */
export async function openAuditedPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1440, height: 900 },
): Promise<{
  context: BrowserContext;
  page: Page;
  errors: string[];
}> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    bypassCSP: true,
  });
  await watchScreens(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The screen now on show, once loaded: its problems and (`withAxe`) its axe findings. */
export async function auditScreen(page: Page, where: string, withAxe: boolean): Promise<string[]> {
  await settle(page);
  await waitUntilQuiet(page);
  const findings = withAxe ? findingLines(where, await runAxe(page)) : [];
  const problems = (await screenProblems(page)).map((p) => `${where}: ${p}`);
  return [...problems, ...findings];
}
