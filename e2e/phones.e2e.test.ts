import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, settle, signIn } from './support/browser';
import { signInKeepingSession } from './support/dashboard';
import { DEMO_ROLES, type DemoRole } from './support/roles';
import { waitUntilQuiet } from './support/accessibility';
import { auditScreen, openAuditedPage, PHONE } from './support/audited-page';
import { closeTwoFactorReminder } from './support/browser';
import { setLanguage } from './support/dashboard';

/**
 * Phones and narrow windows (issue 29): at 390×844 the dashboard and the lists fit the screen,
 * pass axe, fold their filters and keep the first column in place; a dialog fits, keeps the
 * focus inside and gives it back. Its own file, so that it runs on the browser lane beside the
 * unit tests' (scripts/test.mjs).
 */

let browser: Browser;
const baseUrl = inject('baseUrl');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const PHONE_SCREENS = [
  ['dashboard', '/'],
  ['payins', '/transactions'],
  ['payouts', '/payouts/list'],
  ['refunds', '/refunds/list'],
  ['settlements', '/settlement/list'],
  ['disputes', '/disputes/list'],
  ['disputes-pending', '/disputes/pending-list'],
  // A bulk list: its checkbox column and the id after it both stay (admins only).
  ['payouts-pending', '/payouts/pending-list', 'admin'],
] as const;

/** What is wrong with the layout of the screen on show at phone size (nothing, when usable). */
async function phoneLayoutProblems(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  // The page itself never scrolls sideways: wide tables scroll inside their own box.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`${where}: the page is ${overflow} px wider than the screen`);
  const toggle = page.locator('[data-testid="list-filters-toggle"]');
  if ((await toggle.count()) === 0) return problems;
  // The filter fields fold behind the Filters button, and unfold with it.
  const zone = page.locator('[data-testid="list-time-zone"]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'false' || (await zone.isVisible()))
    problems.push(`${where}: the filter fields are not folded`);
  await toggle.click();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true' || !(await zone.isVisible()))
    problems.push(`${where}: the Filters button does not unfold the fields`);
  await screenshot(page, `${where.replaceAll(' ', '-')}-filters-open`);
  await toggle.click();
  // The table scrolls sideways in its box with its first column kept in place (on a bulk
  // list, the checkbox column and the one after it).
  const scroller = page.locator('.table-scroll:has([data-testid="list-table"])').first();
  const heads = scroller.locator('thead th');
  const kept = (await heads.first().getAttribute('class'))?.includes('list-select-cell') ? 2 : 1;
  const places = async () =>
    Promise.all(
      [...Array(kept + 1).keys()].map(async (i) => (await heads.nth(i).boundingBox())?.x),
    );
  const before = await places();
  await scroller.evaluate((box) => {
    box.scrollLeft = getComputedStyle(box).direction === 'rtl' ? -150 : 150;
  });
  const after = await places();
  if (before.slice(0, kept).some((x, i) => x !== after[i]) || before[kept] === after[kept])
    problems.push(`${where}: the first ${kept} column(s) do not stay while the table scrolls`);
  await scroller.evaluate((box) => (box.scrollLeft = 0));
  return problems;
}

describe('phones: 390×844', () => {
  for (const [roleKey, lang] of [
    ['admin', 'en'],
    ['merchant', 'ar'],
  ] as const) {
    it(`${roleKey} in ${lang}: the dashboard and the money lists fit, pass axe, fold their filters`, async () => {
      const role = DEMO_ROLES.find((r) => r.key === roleKey) as DemoRole;
      const { context, page, errors } = await openAuditedPage(browser, baseUrl, PHONE);
      const session = await signInKeepingSession(page, role.email);
      const failures: string[] = [];
      if (lang === 'ar') await setLanguage(page, session, lang);
      try {
        for (const [name, path, only] of PHONE_SCREENS) {
          if (only && only !== roleKey) continue;
          await page.goto(path);
          await settle(page);
          await closeTwoFactorReminder(page);
          const where = `phone ${roleKey} ${lang} ${name}`;
          failures.push(...(await auditScreen(page, where, true)));
          await screenshot(page, where.replaceAll(' ', '-'));
          failures.push(...(await phoneLayoutProblems(page, where)));
        }
        // The side menu slides in behind the menu button, and is out of the way when closed.
        const toggle = page.locator('[data-testid="menu-toggle"]');
        expect(await page.locator('[data-testid="sidebar"]').isVisible()).toBe(false);
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        // Slid in whole (both directions), then the picture.
        await page.waitForFunction(() => {
          const box = document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect();
          return box.left >= 0 && box.right <= window.innerWidth && box.width > 0;
        });
        await screenshot(page, `phone-${roleKey}-${lang}-menu`);
      } finally {
        if (lang === 'ar') await setLanguage(page, session, 'en');
        await context.close();
      }
      expect([...failures, ...errors.map((e) => `page error: ${e}`)]).toEqual([]);
    });
  }

  it('a dialog fits the screen, keeps the focus inside, closes with Escape and gives it back', async () => {
    const { context, page } = await openAuditedPage(browser, baseUrl, PHONE);
    await signIn(page, 'admin@demo.test');
    await page.goto('/transactions');
    await settle(page);
    await closeTwoFactorReminder(page);
    await waitUntilQuiet(page);
    const opener = page.locator('[data-testid="list-table"] [data-testid="open-detail"]').first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.locator('[data-testid="money-detail"]');
    await drawer.locator('[data-testid="money-detail-view"]').waitFor();
    // The native dialog is open as a modal: the browser makes the page behind inert.
    expect(await page.locator('dialog.bo-dialog').evaluate((d) => d.matches(':modal'))).toBe(true);
    const box = await drawer.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await screenshot(page, 'phone-admin-en-detail-drawer');
    // Tab goes round inside the dialog, back to its first stop, never to the page behind;
    // Shift+Tab goes round the other way.
    const isInside = () =>
      page.evaluate(() => document.activeElement?.closest('dialog.bo-dialog') != null);
    for (const key of ['Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const first = await page.evaluateHandle(() => document.activeElement);
      const isBackAtFirst = () => first.evaluate((el) => el === document.activeElement);
      let stops = 0;
      do {
        expect(await isInside(), `the focus left the dialog after ${key}`).toBe(true);
        await page.keyboard.press(key);
        stops += 1;
      } while (!(await isBackAtFirst()) && stops < 80);
      expect(stops, `${key} went round the dialog's stops`).toBeLessThan(80);
      expect(stops).toBeGreaterThan(2);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
