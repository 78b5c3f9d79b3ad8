import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

/** axe-core's browser build, injected into the page under test (`runAxe`). */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** WCAG 2.0 and 2.1, levels A and AA: the audit's rule set (docs/accessibility.md). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One failing rule: its id, impact, help text and the first few elements it names. */
export interface AxeFinding {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
  readonly summary: string;
}

/**
 * Runs axe-core over the whole page with the WCAG 2 A and AA rules; answers the serious and
 * critical violations (the audit's failing ones). What is folded away (a closed `<details>`,
 * such as the dashboard chart's table of points) is unfolded for the audit, as a reader would,
 * and folded again after. The page's context must bypass the CSP (`bypassCSP`), since the
 * engine is injected as a script of its own.
 */
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: AxeRunner }).axe;
    // Colours are measured as they stay, not halfway through a popup's fade-in: wait for the
    // animations and transitions that end (a spinner's never does).
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const folded = Array.from(document.querySelectorAll('details:not([open])'));
    for (const fold of folded) fold.setAttribute('open', '');
    const result = await axe
      .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      .finally(() => {
        for (const fold of folded) fold.removeAttribute('open');
      });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
        summary: v.nodes[0]?.failureSummary ?? '',
      }));
  }, WCAG_TAGS);
}

/** The slice of axe-core's browser API `runAxe` uses. */
interface AxeRunner {
  run(
    context: Document,
    options: object,
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  }>;
}

/** Findings as readable lines, for a failing assertion's message. */
export const findingLines = (where: string, findings: readonly AxeFinding[]) =>
  findings.map(
    (f) =>
      `${where}: ${f.impact} ${f.rule} (${f.help}) at ${f.targets.join(' | ')}; ${f.summary.replace(/\s+/g, ' ')}`,
  );

/**
 * Watches the pages of a browser context from their first script: counts the API calls in
 * flight (`window.__callsInFlight`) and notes every 'Oops...' popup that ever opened
 * (`window.__oopsSeen`), so a popup that opened and closed between two looks is not missed.
 */
export async function watchScreens(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __callsInFlight: number; __oopsSeen: string[] };
    w.__callsInFlight = 0;
    w.__oopsSeen = [];
    const fetchOf = window.fetch.bind(window);
    window.fetch = (...args) => {
      w.__callsInFlight++;
      return fetchOf(...args).finally(() => w.__callsInFlight--);
    };
    new MutationObserver(() => {
      const popup = document.querySelector<HTMLElement>('.swal2-popup.swal2-icon-error');
      const text = popup?.innerText.trim();
      if (text && w.__oopsSeen.at(-1) !== text) w.__oopsSeen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until no API call is in flight and nothing on the page says it is still loading. */
export async function waitUntilQuiet(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as { __callsInFlight: number };
    if (w.__callsInFlight > 0) return false;
    return !document.querySelector(
      '[data-testid="preloader"], [data-testid="page-spinner"], .spinner-border, [aria-busy="true"]',
    );
  });
}

/**
 * What is wrong with the screen on show, as a user would notice it: an 'Oops...' popup since
 * the last look, a load-failed card, the not-found page or the sign-in page. Empty when the
 * screen works.
 */
export async function screenProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const path = new URL(page.url()).pathname;
  if (path === '/404' || path === '/login') problems.push(`landed on ${path}`);
  const popups = await page.evaluate(() => {
    const w = window as unknown as { __oopsSeen: string[] };
    return w.__oopsSeen.splice(0);
  });
  problems.push(...popups.map((text) => `popup: ${text}`));
  if (await page.locator('[data-testid="load-failed"]').count())
    problems.push('a load-failed card');
  return problems;
}
