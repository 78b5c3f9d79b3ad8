import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, settle, signIn } from './support/browser';
import { signInKeepingSession } from './support/dashboard';
import { DEMO_ROLES, type DemoRole } from './support/roles';
import { waitUntilQuiet } from './support/accessibility';
import { auditScreen, openAuditedPage, PHONE } from './support/audited-page';
import { closeTwoFactorReminder } from './support/browser';
import { setLanguage } from './support/dashboard';
import { decideAccess, MONEY_KINDS, RULES, ROUTES } from '@bo/contract';

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
  ['payouts-pending', '/payouts/pending-list', 'admin'],
] as const;

/** Every queue of items waiting for an approve or reject, from the money kinds' registry. */
const QUEUES = MONEY_KINDS.flatMap((kind) => {
  const approval = 'approval' in kind ? kind.approval : undefined;
  const route = ROUTES.find((r) => r.id === approval?.queueRoute);
  return route ? [{ path: route.pattern, rule: route.rule }] : [];
});

/** The pending queues a demo role may open (the route table's rule for it). */
const queuesOf = (role: DemoRole) =>
  QUEUES.filter(
    (q) =>
      decideAccess(RULES[q.rule], { accountType: role.accountType, modules: role.modules }) ===
      'allowed',
  ).map((q) => q.path);

/** The scroll offset that puts `part` of the first row's amount cell under the sticky columns. */
const halfUnderOffset = (box: Locator, part: number) =>
  box.evaluate((scroller, part) => {
    const firstRow = scroller.querySelector('tbody tr')!;
    const head = Array.from(scroller.querySelectorAll('thead th'));
    const amount = firstRow.children[
      head.findIndex((th) => th.getAttribute('data-column') === 'amount')
    ] as HTMLElement;
    // The sticky box and id columns start the row: their widths add up to where they end.
    const [box, id] = [0, 1].map((i) => firstRow.children[i] as HTMLElement);
    const stickyEnd = box!.offsetWidth + id!.offsetWidth;
    return Math.round(amount.offsetLeft - stickyEnd + part * amount.offsetWidth);
  }, part);

/**
 * What of the first card waiting for the user's decision is off-screen: its amount, its status,
 * its first action (`mustDecide`: the role decides there, so such a card must be on show).
 */
async function offScreenParts(page: Page, where: string, mustDecide: boolean): Promise<string[]> {
  const rows = page.locator('[data-testid="list-row"]');
  const decidable = rows.filter({ has: page.locator('[data-testid^="decide-"]') }).first();
  const hasDecision = (await decidable.count()) > 0;
  if ((await rows.count()) === 0) return [];
  if (mustDecide && !hasDecision) return [`${where}: no item waits for a decision`];
  const card = hasDecision ? decidable : rows.first();
  const parts = {
    amount: card.locator('[data-column="amount"] dd'),
    status: card.locator('[data-card="status"] [data-testid="status-badge"]'),
    ...(hasDecision ? { action: card.locator('[data-testid^="decide-"]').first() } : {}),
  };
  const problems: string[] = [];
  for (const [name, part] of Object.entries(parts)) {
    const box = await part.boundingBox();
    const inView = box && box.width > 0 && box.x >= 0 && box.x + box.width <= PHONE.width;
    if (!inView || !(await part.isVisible())) problems.push(`${where}: the ${name} is off-screen`);
  }
  return problems;
}

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
  // The rows show as cards that fit the screen, not as a table scrolling sideways (issue 40).
  const table = page.locator('[data-testid="list-table"]');
  const hasRows = (await page.locator('[data-testid="list-row"]').count()) > 0;
  if (hasRows && (await table.first().evaluate((el) => el.tagName)) !== 'UL')
    problems.push(`${where}: the rows are a table, not cards`);
  // The totals fold away, closed at first, so the rows come first on screen.
  const totals = page.locator('[data-testid="list-totals-fold"]');
  if ((await totals.count()) > 0 && (await totals.evaluate((d) => (d as HTMLDetailsElement).open)))
    problems.push(`${where}: the totals are not folded`);
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

  for (const roleKey of ['admin', 'reseller', 'merchant'] as const) {
    it(`${roleKey}: every pending queue shows, on a card, the amount, the status and the approve button`, async () => {
      const role = DEMO_ROLES.find((r) => r.key === roleKey) as DemoRole;
      const queues = queuesOf(role);
      if (roleKey === 'admin') expect(queues.length).toBeGreaterThanOrEqual(5);
      const failures: string[] = [];
      const { context, page, errors } = await openAuditedPage(browser, baseUrl, PHONE);
      await signIn(page, role.email);
      let withItems = 0;
      for (const path of queues) {
        await page.goto(path);
        await settle(page);
        await closeTwoFactorReminder(page);
        await waitUntilQuiet(page);
        const where = `phone ${roleKey} ${path}`;
        await screenshot(page, `phone-queue-${roleKey}-${path.replaceAll('/', '-')}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) failures.push(`${where}: the page scrolls sideways by ${overflow} px`);
        // An admin decides on every item of its queues (the demo has no refund waiting).
        failures.push(...(await offScreenParts(page, where, roleKey === 'admin')));
        if ((await page.locator('[data-testid="list-row"]').count()) > 0) withItems += 1;
      }
      if (roleKey === 'admin') expect(withItems).toBeGreaterThanOrEqual(5);
      await context.close();
      expect([...failures, ...errors.map((e) => `page error: ${e}`)]).toEqual([]);
    });
  }

  it('on a narrow window the sticky id never covers an amount, scrolled by hand or by a row action', async () => {
    const { context, page } = await openAuditedPage(browser, baseUrl, { width: 900, height: 800 });
    await signIn(page, 'admin@demo.test');
    await page.goto('/payouts/pending-list');
    await settle(page);
    await closeTwoFactorReminder(page);
    await waitUntilQuiet(page);
    const box = page.locator('.table-scroll:has([data-testid="list-table"])').first();
    const row = page.locator('[data-testid="list-row"]').first();
    // The bulk list keeps its box and id columns; amounts pass under them when scrolled.
    const overlaps = () =>
      box.evaluate((scroller) => {
        const firstRow = scroller.querySelector('tbody tr')!;
        const head = Array.from(scroller.querySelectorAll('thead th'));
        const amountAt = head.findIndex((th) => th.getAttribute('data-column') === 'amount');
        const stickyEnd = firstRow.children[1]!.getBoundingClientRect().right;
        const amount = firstRow.children[amountAt]!.getBoundingClientRect();
        // Shown at all (past the sticky columns), it starts after them: never half covered.
        return amount.right > stickyEnd + 1 && amount.left < stickyEnd - 1;
      });
    const settled = () =>
      box.evaluate(
        (scroller) =>
          new Promise<number>((done) => {
            let last = -1;
            const check = () => {
              if (scroller.scrollLeft === last) done(last);
              else {
                last = scroller.scrollLeft;
                requestAnimationFrame(() => requestAnimationFrame(check));
              }
            };
            check();
          }),
      );
    expect(await box.evaluate((s) => s.scrollWidth > s.clientWidth)).toBe(true);
    const problems: string[] = [];
    // Scrolled by hand to where the amount would start a quarter, half, three quarters of its
    // width under the sticky columns, and to a few other places.
    for (const part of [0.25, 0.5, 0.75, 0, -0.4]) {
      const offset = await halfUnderOffset(box, part);
      await box.evaluate((s, x) => (s.scrollLeft = x), offset);
      const at = await settled();
      if (await overlaps()) problems.push(`scrolled to ${offset} (${at})`);
    }
    // A row action: its button is brought into view by the focus, then the dialog closes.
    await box.evaluate((s) => (s.scrollLeft = 0));
    await row.locator('[data-testid^="decide-"]').first().click();
    await page.keyboard.press('Escape');
    await settled();
    if (await overlaps()) problems.push('after a row action');
    await screenshot(page, 'narrow-admin-en-payouts-pending-after-action');
    expect(problems).toEqual([]);
    await context.close();
  });

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
