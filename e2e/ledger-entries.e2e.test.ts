import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  formatMoney,
  MERCHANT_SETTLEMENT_COLUMNS,
  MERCHANT_STATEMENT_COLUMNS,
  parseAmount,
  type EntryViewRow,
  type EntryViewTotals,
  type MovementColumns,
} from '@bo/contract';
import { newAccountWithPassword } from './support/accounts';
import { auditScreen, openAuditedPage, PHONE, phoneProblems } from './support/audited-page';
import {
  closeTwoFactorReminder,
  downloadExport,
  launchBrowser,
  screenshot,
  signIn,
} from './support/browser';
import { isCall } from './support/dashboard';
import { byTestId as $, listAnswerAfter, listSettled } from './support/lists';
import { signedAs } from './support/money';

/**
 * The entries view (issue 44) beyond what the walk of every figure checks
 * (figure-walk.e2e.test.ts): a merchant statement's figures as an administrator sees them, one
 * figure's entries summed from their export, every entry; the administrator's balance screens
 * (a sum over owners opens the owners, each owner's balance its entries); the profit report's
 * list strip in the report's words; an entry opens its item; the view passes axe in English
 * and in Arabic on a phone.
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const PASSWORD = 'Entries-run#Pass2026';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

interface EntriesAnswer {
  rows: EntryViewRow[];
  total: number;
  totals: EntryViewTotals[];
  differences: string[];
}
type Figures = Record<string, string> & { currency: string };

const minor = (text: string | null | undefined, currency: string) => {
  const value = parseAmount(text || '0', currency);
  if (value === null) throw new Error(`not an amount: ${text}`);
  return value;
};

/** What the entries view must show for a figure of the report's column `figure`. */
function expectedOf<C extends string>(
  figure: string,
  columns: MovementColumns<C>,
  view: EntryViewTotals,
): bigint {
  const c = view.currency;
  if (figure === 'opening') return minor(view.opening, c);
  if (figure in columns.lifecycles || figure === columns.rest) {
    const net = minor(view.net, c);
    return columns.outflows?.includes(figure as C) ? -net : net;
  }
  return minor(view.closing, c); // a balance at the period's end (closing, reserved, available)
}

/**
 * Opens each linked figure of the report's first row in turn (a click, then back to the report
 * in the app, no reload) and checks the entries view's sum against the figure; answers the
 * number of links.
 */
async function walkFigures<C extends string>(
  page: Page,
  report: { path: string; call: string; columns: MovementColumns<C> },
  sumOneByExport: string,
): Promise<number> {
  const answer = await listAnswerAfter<{ rows: Figures[] }>(page, report.call, () =>
    page.goto(report.path),
  );
  await closeTwoFactorReminder(page);
  await listSettled(page);
  const row = answer.data.rows[0]!;
  const firstRow = $(page, 'list-row').first();
  const links = firstRow.locator('[data-testid="figure-link"]');
  const found = await links.evaluateAll((els) =>
    els.map((el) => ({ figure: el.getAttribute('data-figure')!, href: el.getAttribute('href')! })),
  );
  expect(found.length).toBeGreaterThanOrEqual(4);
  // Figures that open the same entries (the opening and the closing) are read once: the app
  // keeps the answer it has, so a second visit asks nothing.
  const views = new Map<string, EntriesAnswer>();
  for (const [i, link] of found.entries()) {
    let answer = views.get(link.href);
    if (!answer) {
      if (i > 0) {
        await page.goBack();
        await closeTwoFactorReminder(page);
      }
      await links.nth(i).waitFor();
      answer = (
        await listAnswerAfter<EntriesAnswer>(page, 'getLedgerEntries', () => links.nth(i).click())
      ).data;
      await closeTwoFactorReminder(page);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link.href);
      views.set(link.href, answer);
    }
    const view = { data: answer };
    const totals = view.data.totals[0]!;
    const where = `${report.path} ${link.figure}`;
    expect(view.data.differences, where).toEqual([]);
    expect(expectedOf(link.figure, report.columns, totals), where).toBe(
      minor(row[link.figure], row.currency),
    );
    if (link.figure === sumOneByExport) {
      // Its entries are on show (a figure whose entries another opened first is not chosen).
      expect(new URL(page.url()).pathname + new URL(page.url()).search, where).toBe(link.href);
      await listSettled(page);
      const file = await downloadExport(page, 'csv');
      const lines = file.bytes.toString('utf8').split('\r\n').filter(Boolean);
      const header = lines[0]!.replace(/^\uFEFF/, '').split(',');
      const [credit, debit] = [header.indexOf('credit'), header.indexOf('debit')];
      const cells = lines.slice(1).map((line) => line.split(','));
      expect(cells.length, where).toBe(view.data.total);
      const net = cells.reduce(
        (s, c) => s + minor(c[credit], totals.currency) - minor(c[debit], totals.currency),
        0n,
      );
      expect(net, where).toBe(minor(totals.net, totals.currency));
    }
  }
  return found.length;
}

/**
 * The administrator's balance screens: a /balance-reports balance of the merchants' available
 * accounts (THB) opens /all-currency-balance, whose column total is that balance, and a
 * merchant's available there opens its entries, whose closing it is. Other files' traffic may
 * move a balance between two reads: a mismatch is read again from the start, twice at most.
 */
async function adminBalancesOpenTheirEntries(page: Page) {
  type Row = Figures & { account_type: string; account_id: string };
  for (let attempt = 1; ; attempt++) {
    const report = await listAnswerAfter<{ rows: Row[] }>(page, 'getBalanceReport', () =>
      page.goto('/balance-reports?currency=THB'),
    );
    await closeTwoFactorReminder(page);
    const at = report.data.rows.findIndex((r) => r.account_type === 'merchant_available');
    const owners = await listAnswerAfter<{ rows: Row[]; totals: Figures[] }>(
      page,
      'getAllCurrencyBalance',
      () => $(page, 'list-row').nth(at).getByTestId('figure-link').click(),
    );
    await closeTwoFactorReminder(page);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      '/all-currency-balance?currency=THB',
    );
    const i = owners.data.rows.findIndex((r) => r.account_type === 'merchant');
    const view = await listAnswerAfter<EntriesAnswer>(page, 'getLedgerEntries', () =>
      $(page, 'list-row').nth(i).locator('[data-figure="available"]').click(),
    );
    await closeTwoFactorReminder(page);
    const sums = [
      [owners.data.totals[0]!.available, report.data.rows[at]!.balance],
      [view.data.totals[0]!.closing, owners.data.rows[i]!.available],
    ];
    if (attempt < 3 && sums.some(([a, b]) => a !== b)) continue;
    expect(sums.map(([a]) => a)).toEqual(sums.map(([, b]) => b));
    expect(new URL(page.url()).searchParams.get('ownerId')).toBe(owners.data.rows[i]!.account_id);
    break;
  }
  // The platform's profit opens its own account's entries, whose closing it is.
  for (let attempt = 1; ; attempt++) {
    const report = await listAnswerAfter<{ rows: Row[] }>(page, 'getBalanceReport', () =>
      page.goto('/balance-reports?currency=THB'),
    );
    await closeTwoFactorReminder(page);
    const at = report.data.rows.findIndex((r) => r.account_type === 'platform_profit');
    const view = await listAnswerAfter<EntriesAnswer>(page, 'getLedgerEntries', () =>
      $(page, 'list-row').nth(at).getByTestId('figure-link').click(),
    );
    await closeTwoFactorReminder(page);
    const [closing, balance] = [view.data.totals[0]!.closing, report.data.rows[at]!.balance];
    if (attempt < 3 && closing !== balance) continue;
    expect(closing).toBe(balance);
    expect(new URL(page.url()).searchParams.get('ownerKind')).toBe('platform');
    expect(await $(page, 'entries-header').innerText()).toContain('platform');
    return;
  }
}

/**
 * /profit-report over yesterday (UTC; other files add today's pay-ins meanwhile): a reseller
 * row's pay-in count, volume, fee and fee split open one list, its reseller's successful
 * pay-ins of the day, whose totals they are; its strip shows the split.
 */
async function profitCellsOpenTheirList(page: Page) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const report = await listAnswerAfter<{ rows: Figures[] }>(page, 'getProfitReport', () =>
    page.goto(`/profit-report?from=${yesterday}&to=${yesterday}`),
  );
  await closeTwoFactorReminder(page);
  const i = report.data.rows.findIndex((r) => r.account_id && Number(r.payin_count) > 0);
  expect(i, 'a reseller with pay-ins yesterday').toBeGreaterThanOrEqual(0);
  const row = report.data.rows[i]!;
  const cells = $(page, 'list-row').nth(i);
  const hrefs = await Promise.all(
    [
      'payin_count',
      'payin_volume',
      'payin_fee',
      'payin_gateway_cost',
      'payin_reseller_commission',
      'payin_platform_profit',
    ].map((figure) => cells.locator(`[data-figure="${figure}"]`).getAttribute('href')),
  );
  expect(new Set(hrefs).size).toBe(1);
  const totals = page.waitForResponse((r) => isCall(r.request(), 'getListTotals'));
  await cells.locator('[data-figure="payin_platform_profit"]').click();
  const answer = (await (await totals).json()) as {
    data: {
      totals: {
        currency: string;
        count: number;
        amount: string;
        fee: string;
        fee_split: Record<string, string>;
      }[];
    };
  };
  await closeTwoFactorReminder(page);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(hrefs[0]);
  const listed = answer.data.totals.find((c) => c.currency === row.currency)!;
  expect([listed.count, listed.amount, listed.fee]).toEqual([
    Number(row.payin_count),
    row.payin_volume,
    row.payin_fee,
  ]);
  const split = ['gateway_cost', 'reseller_commission', 'platform_profit'];
  expect(split.map((f) => listed.fee_split[f])).toEqual(split.map((f) => row[`payin_${f}`]));
  // The strip shows the figure the cell showed, in the report's words and format.
  const line = page.locator(
    `[data-testid="list-totals-currency"][data-currency="${row.currency}"]`,
  );
  await expect
    .poll(() => line.getByTestId('list-totals-platform_profit').textContent())
    .toBe(`${formatMoney(row.payin_platform_profit!, row.currency)} ${row.currency}`);
}

describe('every figure opens its entries', () => {
  it('as an admin: the merchant settlement and a merchant statement', async () => {
    const admin = await signedAs(browser, baseUrl, 'admin@demo.test', contexts, { audited: true });
    const { page } = admin;
    await walkFigures(
      page,
      {
        path: '/merchant-balance-settlement?currency=THB',
        call: 'getMerchantBalanceSettlement',
        columns: MERCHANT_SETTLEMENT_COLUMNS,
      },
      'credited',
    );
    // The last figure opened is on show; loaded afresh from its address (a shared link), it
    // has its words (the report kit's too) and passes axe.
    await listAnswerAfter(page, 'getLedgerEntries', () => page.reload());
    await closeTwoFactorReminder(page);
    await listSettled(page);
    expect(await $(page, 'report-summary').innerText()).not.toMatch(/report[A-Z]\w+\./);
    expect(await auditScreen(page, 'ledger entries en', true)).toEqual([]);
    await screenshot(page, 'ledger-entries-admin');
    const merchants = await listAnswerAfter<{ rows: { merchant_id: string }[] }>(
      page,
      'getMerchantBalanceSettlement',
      () => page.goto('/merchant-balance-settlement?currency=THB'),
    );
    const statementPath = `/merchant/${merchants.data.rows[0]!.merchant_id}/merchant-statement`;
    await walkFigures(
      page,
      { path: statementPath, call: 'getMerchantStatement', columns: MERCHANT_STATEMENT_COLUMNS },
      'payins',
    );
  });

  it('as an admin: the balance screens and the profit report', async () => {
    const { page } = await signedAs(browser, baseUrl, 'admin@demo.test', contexts);
    await adminBalancesOpenTheirEntries(page);
    await screenshot(page, 'ledger-entries-admin-balance');
    await profitCellsOpenTheirList(page);
  });

  it('as a merchant: an entry opens its item', async () => {
    // The pay-ins credited of its balance settlement: each entry opens its pay-in.
    const { page } = await signedAs(browser, baseUrl, 'merchant@demo.test', contexts);
    await listAnswerAfter(page, 'getMerchantBalanceSettlement', () =>
      page.goto('/merchant-balance-settlement?currency=THB'),
    );
    await closeTwoFactorReminder(page);
    await listAnswerAfter(page, 'getLedgerEntries', () =>
      $(page, 'list-row').first().locator('[data-figure="credited"]').click(),
    );
    await closeTwoFactorReminder(page);
    await $(page, 'entry-reference').first().click();
    const detail = $(page, 'money-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain(
      await $(page, 'entry-reference').first().getAttribute('title'),
    );
  });

  it('reads right to left and fits a phone, as a merchant sub-account in Arabic', async () => {
    const merchant = await signedAs(browser, baseUrl, 'merchant@demo.test', contexts);
    const who = {
      email: `entries-ar-${RUN}@e2e.test`,
      username: `entries_ar_${RUN}`,
      name: 'محاسب القيود',
    };
    await newAccountWithPassword(
      baseUrl,
      merchant.session,
      'createSubAccount',
      { ...who, modules: 'reports' },
      PASSWORD,
      'ar',
    );
    const { context, page } = await openAuditedPage(browser, baseUrl, PHONE);
    contexts.push(context);
    await page.goto('/login');
    await signIn(page, who.email, PASSWORD);
    await closeTwoFactorReminder(page);
    await listAnswerAfter(page, 'getMerchantBalanceSettlement', () =>
      page.goto('/merchant-balance-settlement?currency=THB'),
    );
    await closeTwoFactorReminder(page);
    await listAnswerAfter(page, 'getLedgerEntries', () =>
      page.locator('[data-figure="credited"]').first().click(),
    );
    await closeTwoFactorReminder(page);
    await listSettled(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await $(page, 'page-title').textContent()).toBe('قيود دفتر الأستاذ');
    // The view says which of its totals the figure clicked is (audited with the rest).
    expect(await $(page, 'opened-figure').getAttribute('data-equals')).toBe('net');
    const where = 'ledger entries ar 390';
    expect(await auditScreen(page, where, true)).toEqual([]);
    expect(
      await phoneProblems(page, where, [$(page, 'entries-header'), $(page, 'opened-figure')]),
    ).toEqual([]);
    await screenshot(page, 'ledger-entries-ar-390');
  });
});
