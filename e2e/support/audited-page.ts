import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { settle, SUITE_CONTEXT } from './browser';
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
    ...SUITE_CONTEXT,
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

/**
 * What does not fit a phone: the page wider than the screen, any of `parts` off the screen's
 * width or hidden, or wider inside than its own box (text clipped or scrolling sideways).
 */
export async function phoneProblems(
  page: Page,
  where: string,
  parts: Locator[],
): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`${where}: the page is ${overflow} px wider than the screen`);
  for (const part of parts) {
    const name = `${where} ${(await part.getAttribute('data-testid')) ?? (await part.getAttribute('class'))}`;
    const box = await part.boundingBox();
    if (!box || !(await part.isVisible())) problems.push(`${name}: not shown`);
    else if (box.x < 0 || box.x + box.width > PHONE.width + 0.5)
      problems.push(`${name}: from ${Math.round(box.x)} to ${Math.round(box.x + box.width)} px`);
    const clipped = await part.evaluate((el) => el.scrollWidth - el.clientWidth);
    if (clipped > 1) problems.push(`${name}: ${clipped} px wider inside than its box`);
  }
  return problems;
}
