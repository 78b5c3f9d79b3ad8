import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { closeTwoFactorReminder } from './support/dashboard';
import { walkEveryFigure, type WalkResult } from './support/figure-walk';
import { listAnswerAfter } from './support/lists';
import { signedAs } from './support/money';

/**
 * Issue 44, "every figure opens its entries": for each role, every figure of its dashboard and
 * of three reports is opened, and the total of what it opens (the entries' net or closing, a
 * list's count, amount or fee, a column's total) equals the figure shown
 * (`support/figure-walk.ts`). The reports' periods end yesterday where they can: other browser
 * files add today's traffic meanwhile (a figure that moved is read again).
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

/** A walk opens hundreds of views, a few tenths of a second each on an idle machine. */
const WALK_TIMEOUT = 480_000;

const dayBack = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const LAST_30_DAYS = `from=${dayBack(30)}&to=${dayBack(1)}`;

/**
 * Loads the dashboard afresh; resolves once its figures are on show: the cards, and the parts
 * the role has of those drawn from their own answers (the demo world has each).
 */
function dashboardOf(page: Page, role: 'admin' | 'reseller' | 'merchant') {
  const parts = [
    '[data-testid^="currency-card-"] [data-testid="figure-link"]',
    ...(role === 'merchant'
      ? []
      : [
          '[data-testid="total-payin"] a',
          '[data-testid="chart-points"] [data-testid="figure-link"]',
          '[data-testid="top-merchants"] [data-testid="top-row"]',
        ]),
    ...(role === 'admin'
      ? [
          '[data-testid="gateway-deposit-balance"] a',
          '[data-testid="overview-pending"] a[data-equals]',
          '[data-testid="success-rate-by-currency"] a[data-equals]',
          '[data-testid="pending-chart"] a[data-equals]',
        ]
      : []),
  ];
  return async () => {
    await page.goto('/');
    await closeTwoFactorReminder(page);
    for (const part of parts) await page.locator(part).first().waitFor({ state: 'attached' });
  };
}

/** Loads a report afresh; resolves once its rows are on show. */
const reportOf = (page: Page, path: string, call: string) => async () => {
  await listAnswerAfter(page, call, () => page.goto(path));
  await closeTwoFactorReminder(page);
};

/** Walks each screen in turn; expects no mismatch, and figures on every screen. */
async function walkAll(page: Page, screens: [string, () => Promise<void>][]) {
  const results: [string, WalkResult][] = [];
  for (const [where, open] of screens)
    results.push([where, await walkEveryFigure(page, where, open)]);
  for (const [where, result] of results) {
    console.log(
      `${where}: ${result.figures} figures, ${result.opened} views opened, ` +
        `${result.readAgain} read again`,
    );
    expect(result.figures, `figures on ${where}`).toBeGreaterThan(0);
  }
  expect(results.flatMap(([, r]) => r.problems)).toEqual([]);
}

describe('every figure opens what makes it', () => {
  it(
    'as an admin: the dashboard, both balance settlements and the profit report',
    async () => {
      const { page } = await signedAs(browser, baseUrl, 'admin@demo.test', contexts);
      await walkAll(page, [
        ['admin dashboard', dashboardOf(page, 'admin')],
        [
          'merchant balance settlement',
          reportOf(
            page,
            '/merchant-balance-settlement?currency=THB',
            'getMerchantBalanceSettlement',
          ),
        ],
        [
          'reseller balance settlement',
          reportOf(
            page,
            '/reseller-balance-settlement?currency=THB',
            'getResellerBalanceSettlement',
          ),
        ],
        ['profit report', reportOf(page, `/profit-report?${LAST_30_DAYS}`, 'getProfitReport')],
      ]);
    },
    WALK_TIMEOUT,
  );

  it(
    'as a reseller: the dashboard, its balance settlement, the profit report and a detail',
    async () => {
      const { page } = await signedAs(browser, baseUrl, 'reseller@demo.test', contexts);
      const profit = await listAnswerAfter<{ rows: { account_id: string | null }[] }>(
        page,
        'getProfitReport',
        () => page.goto(`/profit-report?${LAST_30_DAYS}`),
      );
      const merchant = profit.data.rows.find((r) => r.account_id)!.account_id!;
      await walkAll(page, [
        ['reseller dashboard', dashboardOf(page, 'reseller')],
        [
          'reseller balance settlement',
          reportOf(
            page,
            '/reseller-balance-settlement?currency=THB',
            'getResellerBalanceSettlement',
          ),
        ],
        [
          'reseller profit report',
          reportOf(page, `/profit-report?${LAST_30_DAYS}`, 'getProfitReport'),
        ],
        [
          'detailed profit report',
          reportOf(
            page,
            `/profit-report/${merchant}/detailed-profit-report?from=${dayBack(2)}&to=${dayBack(1)}`,
            'getDetailedProfitReport',
          ),
        ],
      ]);
    },
    WALK_TIMEOUT,
  );

  it(
    'as a merchant: the dashboard, its balance settlement and daily transactions',
    async () => {
      const { page } = await signedAs(browser, baseUrl, 'merchant@demo.test', contexts);
      await walkAll(page, [
        ['merchant dashboard', dashboardOf(page, 'merchant')],
        [
          'merchant balance settlement',
          reportOf(
            page,
            '/merchant-balance-settlement?currency=THB',
            'getMerchantBalanceSettlement',
          ),
        ],
        [
          'daily transactions report',
          reportOf(
            page,
            `/daily-transactions-report?currency=THB&from=${dayBack(3)}&to=${dayBack(1)}`,
            'getDailyTransactionsReport',
          ),
        ],
      ]);
    },
    WALK_TIMEOUT,
  );

  it('finds a figure that is not what it opens', async () => {
    const { page } = await signedAs(browser, baseUrl, 'reseller@demo.test', contexts);
    const report = reportOf(
      page,
      '/reseller-balance-settlement?currency=THB',
      'getResellerBalanceSettlement',
    );
    // The report as served, then its first figure shown one minor unit off: read once, the walk
    // names that figure and no other, and that the view it opens was told another figure (its
    // link's, as the screen drew it).
    const result = await walkEveryFigure(
      page,
      'tampered',
      async () => {
        await report();
        await page
          .locator('[data-testid="figure-link"] bdi')
          .first()
          .evaluate((el) => {
            const [whole, cents = '00'] = el.textContent!.replace(/[^\d.]/g, '').split('.');
            const minor = BigInt(`${whole}${cents}`) + 1n;
            el.textContent = `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
          });
      },
      1,
    );
    expect(result.figures).toBeGreaterThan(1);
    expect(result.problems).toHaveLength(2);
    expect(result.problems[0]).toMatch(/^tampered: figure 0: .* says it was opened from /);
    expect(result.problems[1]).toMatch(/^tampered: figure 0 shows /);
  });
});
