import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, pathOf, readMenu, screenshot, settle, signIn } from './support/browser';
import { findingLines, runAxe, waitUntilQuiet } from './support/accessibility';
import { setLanguage, signInKeepingSession } from './support/dashboard';
import { auditScreen, openAuditedPage } from './support/audited-page';
import { closeTwoFactorReminder, REMINDER } from './support/browser';
import { chooseLayout } from './support/layout';
import { auditMenu, clickMenuItem, follow, SCREEN_LOOP_TIMEOUT } from './support/menu-walk';
import { DEMO_ROLES, type DemoRole } from './support/roles';

/**
 * Fit for daily use (issue 29), beside accessibility.e2e.test.ts (every menu screen in
 * English): every fourth side-menu screen of every role in Arabic (right to left); the routes
 * without a menu entry, reached through their in-app links; the layout variants' contrast; and
 * the keyboard. Each screen passes an automated WCAG 2.1 AA audit (axe-core, serious and
 * critical violations). docs/accessibility.md says what is audited.
 */

let browser: Browser;
const baseUrl = inject('baseUrl');
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe('every fourth side-menu screen works and passes WCAG 2.1 AA right to left', () => {
  for (const role of DEMO_ROLES) {
    it(
      `${role.key}: in Arabic (right to left), every fourth screen`,
      async () => {
        const { context, page, errors } = await openAuditedPage(browser, baseUrl);
        const session = await signInKeepingSession(page, role.email);
        await setLanguage(page, session, 'ar');
        try {
          await page.reload();
          await page.waitForFunction(() => document.documentElement.dir === 'rtl');
          await settle(page);
          await closeTwoFactorReminder(page);
          const { failures } = await auditMenu(page, `${role.key} ar`, (i) => i % 4 === 0);
          if (role.key === 'admin') await screenshot(page, 'accessibility-ar-last-screen');
          expect([...failures, ...errors.map((e) => `page error: ${e}`)]).toEqual([]);
        } finally {
          await setLanguage(page, session, 'en');
          await context.close();
        }
      },
      SCREEN_LOOP_TIMEOUT,
    );
  }
});

/**
 * The ways in to the screens without a menu entry of their own, and the menu screens that ask
 * which account to show first: the menu item to start from, then the link (or the picker's
 * first choice) a user follows.
 */
const WAYS_IN: Readonly<Record<string, readonly { from: string; link?: string; pick?: string }[]>> =
  {
    admin: [
      { from: 'allCurrencyBalance', link: 'related-pgCurrencyBalance' },
      { from: 'balanceReports', link: 'related-resellerBalanceSettlement' },
      { from: 'earningsReport', link: 'related-dailyEarningReport' },
      { from: 'earningsReport', link: 'related-resellerEarningStatement' },
      { from: 'profitReport', link: 'related-reportSetting' },
      { from: 'profitReport', link: 'profit-by-gateway-link' },
      { from: 'withdrawals', link: 'related-withdrawalHistory' },
      { from: 'technicalSupport', link: 'related-technicalInformation' },
      { from: 'merchantContractLedger', link: 'related-resellerContractAccLedger' },
      { from: 'merchants', link: 'account-code' },
      { from: 'merchantBalanceSettlement', link: 'figure-link' },
      { from: 'detailedProfitReport', pick: 'choose-account' },
      { from: 'resellerMerchantContracts', pick: 'choose-reseller' },
    ],
    reseller: [
      { from: 'resellers', link: 'related-resellerEarningStatement' },
      { from: 'resellers', link: 'related-resellerBalanceSettlement' },
      { from: 'apiDocumentation', link: 'related-technicalInformation' },
      { from: 'detailedProfitReport', pick: 'choose-account' },
    ],
    'sub-account': [{ from: 'settlementSetting', link: 'related-merchantBalanceSettlement' }],
  };

describe('the screens without a menu entry are found where their users look', () => {
  for (const [roleKey, ways] of Object.entries(WAYS_IN)) {
    it(`${roleKey}: each way in opens a working screen that passes WCAG 2.1 AA`, async () => {
      const role = DEMO_ROLES.find((r) => r.key === roleKey) as DemoRole;
      const { context, page, errors } = await openAuditedPage(browser, baseUrl);
      await signIn(page, role.email);
      await closeTwoFactorReminder(page);
      const menu = new Map(
        (await readMenu(page)).map((line) => line.split(' -> ') as [string, string]),
      );
      const failures: string[] = [];
      for (const way of ways) {
        await clickMenuItem(page, way.from, menu.get(way.from) as string);
        await waitUntilQuiet(page);
        if (way.link) {
          await follow(page, page.locator(`[data-testid="${way.link}"]`).first());
        } else {
          const from = page.url();
          await page.locator(`select[data-testid="${way.pick}"]`).selectOption({ index: 1 });
          await page.waitForURL((url) => url.href !== from);
          await closeTwoFactorReminder(page);
        }
        const where = `${roleKey} ${way.from} → ${way.link ?? way.pick} ${pathOf(page)}`;
        failures.push(...(await auditScreen(page, where, true)));
      }
      await context.close();
      expect([...failures, ...errors.map((e) => `page error: ${e}`)]).toEqual([]);
    });
  }
});

describe('the layout variants keep WCAG 2.1 AA contrast', () => {
  it('light, dark and coloured sidebars and top bars, with the 2FA reminder up', async () => {
    const role = DEMO_ROLES.find((r) => r.key === 'reseller') as DemoRole;
    const { context, page } = await openAuditedPage(browser, baseUrl);
    await signIn(page, role.email);
    const failures: string[] = [];
    // The reminder popup itself, over the dashboard.
    await page.locator(`${REMINDER}.swal2-show`).waitFor();
    failures.push(...findingLines('2FA reminder', await runAxe(page)));
    await closeTwoFactorReminder(page);
    try {
      for (const [sidebar, topbar] of [
        ['dark', 'dark'],
        ['colored', 'colored'],
      ] as const) {
        await chooseLayout(page, { sidebar, topbar });
        // A screen with a submenu open, so the menu's titles and links are all on show.
        await clickMenuItem(page, 'payins', '/transactions');
        failures.push(...(await auditScreen(page, `sidebar ${sidebar} topbar ${topbar}`, true)));
        await screenshot(page, `accessibility-${sidebar}-${topbar}`);
        // The top bar's search with its results open (`/` from the menu link just clicked).
        await page.keyboard.press('/');
        await page.keyboard.type('MER0');
        await page.locator('[data-testid="global-search-option"]').first().waitFor();
        failures.push(...findingLines(`global search, topbar ${topbar}`, await runAxe(page)));
        await screenshot(page, `accessibility-search-${topbar}`);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
      }
    } finally {
      await chooseLayout(page, { sidebar: 'light', topbar: 'light' });
      await context.close();
    }
    expect(failures).toEqual([]);
  });
});

/** Whether the focused element shows a focus ring (an outline of some width). */
const focusRingShows = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
  });

/** Moves the focus onto `target` from the keyboard (Shift+Tab then Tab), as a user's Tab would. */
async function tabOnto(page: Page, target: Locator): Promise<void> {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
}

describe('the keyboard', () => {
  it('opens a menu group and a screen, applies a filter and sorts, with a visible focus ring', async () => {
    const { context, page } = await openAuditedPage(browser, baseUrl);
    await signIn(page, 'merchant@demo.test');
    await closeTwoFactorReminder(page);
    const group = page.locator(
      '[data-testid="sidebar"] li.side-nav-group:has([data-menu-item="payins"]) > button',
    );
    await tabOnto(page, group);
    expect(await focusRingShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-menu-item'))).toBe(
      'payins',
    );
    expect(await focusRingShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/transactions');
    await closeTwoFactorReminder(page);
    await waitUntilQuiet(page);

    // The filter bar: typed into and applied with Enter, the Apply button ringed on focus.
    await tabOnto(page, page.locator('[data-testid="list-apply"]'));
    expect(await focusRingShows(page)).toBe(true);
    await tabOnto(page, page.locator('[data-testid="list-filter-search"]'));
    await page.keyboard.type('DEMO');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('search'));
    await waitUntilQuiet(page);

    // A sortable header: a button, sorted with Enter (the order goes to the URL).
    await tabOnto(page, page.locator('[data-testid="list-table"] .list-sort-button').first());
    expect(await focusRingShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('sort'));
    await context.close();
  });
});

/** A phone's screen (issue 29): every list and the dashboard are usable at this size. */
