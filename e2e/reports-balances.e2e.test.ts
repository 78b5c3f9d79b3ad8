import { mkdirSync } from 'node:fs';
import { formatMoney } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { downloadExport, launchBrowser, openPage, settledShot } from './support/browser';
import { callAs, closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';
import { byTestId as $, listAnswerAfter } from './support/lists';

/**
 * The balance settlement reports (issue 12) and the administrator balance screens (issue 13):
 * the admin walks them on the demo world, a merchant and a reseller open their settlement
 * report; each shows rows that reconcile (no difference), changes period or instant, exports.
 */
const baseUrl = inject('baseUrl');
const SHOTS = process.env.REPORT_SHOTS_DIR ?? '/tmp/shots-rbalances';
let browser: Browser;

type Answer = { rows: Record<string, string>[]; totals: unknown[]; differences: string[] };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** The CSV export: its name (which says its filters) and its text. */
async function exportCsv(page: Page): Promise<{ fileName: string; text: string }> {
  const file = await downloadExport(page, 'csv');
  return { fileName: file.fileName, text: file.bytes.toString('utf8') };
}

/** A settlement report: rows, zero differences, last 7 days in India time, screenshot, CSV. */
async function settlement(page: Page, path: string, call: string, shot: string, code: string) {
  const first = await listAnswerAfter<Answer>(page, call, () => page.goto(path));
  await closeTwoFactorReminder(page);
  expect(first.data.rows.length).toBeGreaterThan(0);
  expect(first.data.differences).toEqual([]);
  for (const row of first.data.rows) expect(Number(row.difference)).toBe(0);
  await $(page, 'report-totals').waitFor();
  const india = await listAnswerAfter<Answer>(page, call, () =>
    $(page, 'list-time-zone').selectOption('India'),
  );
  expect(india.data.differences).toEqual([]);
  await expect.poll(() => $(page, 'report-period').innerText()).toContain('India');
  await settledShot(page, `${SHOTS}/${shot}.png`);
  const week = await listAnswerAfter<Answer>(page, call, () =>
    $(page, 'list-date-preset').selectOption('last7'),
  );
  expect(week.data.differences).toEqual([]);
  const csv = await exportCsv(page);
  // The filters are in the file's name, its header is its first line (issue 40).
  expect(csv.fileName).toContain('tz=India');
  expect(csv.text).toContain(week.data.rows[0]![code]);
  return week.data;
}

describe('balance reports', () => {
  it('an admin walks the settlement reports and the administrator balance screens', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, 'admin@demo.test');
    await settlement(
      page,
      '/merchant-balance-settlement',
      'getMerchantBalanceSettlement',
      'admin-merchant-balance-settlement',
      'merchant_db_code',
    );
    await settlement(
      page,
      '/reseller-balance-settlement',
      'getResellerBalanceSettlement',
      'admin-reseller-balance-settlement',
      'reseller_db_code',
    );

    const now = await listAnswerAfter<Answer>(page, 'getBalanceReport', () =>
      page.goto('/balance-reports'),
    );
    await closeTwoFactorReminder(page);
    expect(now.data.rows.length).toBeGreaterThan(0);
    expect(now.data.differences).toEqual([]);
    const past = await listAnswerAfter<Answer>(page, 'getBalanceReport', () =>
      $(page, 'balance-at').fill('2026-01-01T00:00'),
    );
    expect(past.data.differences).toEqual([]);
    expect(new URL(page.url()).searchParams.get('at')).toBeTruthy();
    // Back to now: the first answer is still cached, so the page may not ask again.
    await $(page, 'balance-now').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('at')).toBeNull();
    await $(page, 'report-totals').waitFor();
    await settledShot(page, `${SHOTS}/admin-balance-reports.png`);
    expect((await exportCsv(page)).text).toContain('platform_profit');

    const all = await listAnswerAfter<Answer>(page, 'getAllCurrencyBalance', () =>
      page.goto('/all-currency-balance'),
    );
    await closeTwoFactorReminder(page);
    expect(all.data.rows.length).toBeGreaterThan(0);
    await $(page, 'list-filter-search').fill('MER00001');
    const found = await listAnswerAfter<Answer>(page, 'getAllCurrencyBalance', () =>
      $(page, 'list-apply').click(),
    );
    expect(found.data.rows.length).toBeGreaterThan(0);
    expect(found.data.rows.every((r) => r.account_db_code === 'MER00001')).toBe(true);
    await settledShot(page, `${SHOTS}/admin-all-currency-balance.png`);
    expect((await exportCsv(page)).text).toContain('MER00001');

    const earnings = await listAnswerAfter<Answer>(page, 'getEarningsReport', () =>
      page.goto('/earnings-report'),
    );
    await closeTwoFactorReminder(page);
    expect(earnings.data.rows.length).toBeGreaterThan(0);
    await listAnswerAfter(page, 'getEarningsReport', () =>
      $(page, 'list-time-zone').selectOption('India'),
    );
    await $(page, 'report-totals').waitFor();
    await settledShot(page, `${SHOTS}/admin-earnings-report.png`);
    expect((await exportCsv(page)).fileName).toContain('tz=India');

    const summary = await listAnswerAfter<Answer>(page, 'getContractLedgerSummary', () =>
      page.goto('/contract-ledger-summary'),
    );
    await closeTwoFactorReminder(page);
    expect(summary.data.rows.length).toBeGreaterThan(0);
    expect(summary.data.differences).toEqual([]);
    await $(page, 'report-totals').waitFor();
    await settledShot(page, `${SHOTS}/admin-contract-ledger-summary.png`);
    const contractId = summary.data.rows[0]!.contract_id!;
    await listAnswerAfter(page, 'getContractLedger', () =>
      $(page, 'contract-ledger-link').first().click(),
    );
    expect(page.url()).toContain(`/contract-acc-ledger/${contractId}`);
    await context.close();
  }, 180_000);

  it('a merchant opens its balance settlement', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, 'merchant@demo.test');
    const answer = await settlement(
      page,
      '/merchant-balance-settlement',
      'getMerchantBalanceSettlement',
      'merchant-merchant-balance-settlement',
      'merchant_db_code',
    );
    expect(new Set(answer.rows.map((r) => r.merchant_db_code))).toEqual(new Set(['MER00001']));
    await context.close();
  }, 120_000);

  it('a reseller opens its balance settlement', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, 'reseller@demo.test');
    const answer = await settlement(
      page,
      '/reseller-balance-settlement',
      'getResellerBalanceSettlement',
      'reseller-reseller-balance-settlement',
      'reseller_db_code',
    );
    expect(new Set(answer.rows.map((r) => r.reseller_db_code))).toEqual(new Set(['RES00001']));
    await context.close();
  }, 120_000);

  it("with a withdrawal pending, every screen's commission names its balance and adds up", async () => {
    // Issue 25: the balance settlement's closing counts the reserved part, the earning
    // statement's does not; each says which it is and shows the part between them, and the
    // dashboard card and the admin's reseller detail show the same three figures.
    const { context, page } = await openPage(browser, baseUrl);
    page.setDefaultTimeout(120_000);
    const reseller = await signInKeepingSession(page, 'reseller@demo.test');
    await closeTwoFactorReminder(page);
    const cents = (v: string) => BigInt(v.replace('.', ''));
    const reservedNow = async () =>
      (
        await callAs<{ rows: Record<string, string>[] }>(
          page,
          reseller,
          'getResellerBalanceSettlement',
          { currency: 'THB' },
        )
      ).rows.find((r) => r.currency === 'THB')!.reserved!;
    const reservedBefore = cents(await reservedNow());
    const withdrawal = await callAs<{ id: string; status: string }>(
      page,
      reseller,
      'requestWithdrawal',
      {
        currency: 'THB',
        amount: '500.00',
        bankName: 'BBL',
        accountNumber: '9',
        accountHolder: 'Andaman',
      },
    );
    expect(withdrawal.status).toBe('pending');
    let adminPage: Awaited<ReturnType<typeof openPage>> | undefined;
    let adminSession: Awaited<ReturnType<typeof signInKeepingSession>> | undefined;
    try {
      const headerTexts = () =>
        page
          .locator('[data-testid="list-table"] thead th')
          .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.trim()));

      const settlement = await listAnswerAfter<Answer>(page, 'getResellerBalanceSettlement', () =>
        page.goto('/reseller-balance-settlement?currency=THB'),
      );
      await closeTwoFactorReminder(page);
      const row = settlement.data.rows.find((r) => r.currency === 'THB')!;
      expect(cents(row.reserved!)).toBe(reservedBefore + 50_000n);
      expect(cents(row.available!) + cents(row.reserved!)).toBe(cents(row.closing!));
      expect(await headerTexts()).toEqual(
        expect.arrayContaining([
          'Available at end',
          'Reserved for pending withdrawals',
          'Closing balance (total)',
        ]),
      );
      await settledShot(page, `${SHOTS}/reseller-settlement-reserved.png`);

      const statement = await listAnswerAfter<{ totals: Record<string, string>[] }>(
        page,
        'getResellerEarningStatement',
        () => page.goto('/reseller-earning-statement?currency=THB'),
      );
      await closeTwoFactorReminder(page);
      const totals = statement.data.totals[0]!;
      expect(totals.closing).toBe(row.available);
      expect(totals.reserved).toBe(row.reserved);
      expect(totals.total).toBe(row.closing);
      await $(page, 'report-totals').waitFor();
      const summaryHeaders = await page
        .locator('[data-testid="report-totals"] thead th')
        .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.trim()));
      expect(summaryHeaders).toEqual(
        expect.arrayContaining([
          'Closing balance (Available commission)',
          'Reserved for pending withdrawals',
          'Total (available + reserved)',
        ]),
      );
      const summary = await $(page, 'report-totals-row').innerText();
      for (const figure of [row.available!, row.reserved!, row.closing!])
        expect(summary).toContain(formatMoney(figure));
      await settledShot(page, `${SHOTS}/reseller-statement-reserved.png`);

      await page.goto('/');
      await closeTwoFactorReminder(page);
      const card = $(page, 'commission-card');
      await card.locator('[data-currency="THB"]').waitFor();
      const shown = await card
        .locator('[data-currency="THB"] td')
        .evaluateAll((els) =>
          Object.fromEntries(
            els.map((el) => [el.getAttribute('data-figure'), (el as HTMLElement).innerText.trim()]),
          ),
        );
      const money = (v: string) => `${formatMoney(v)} THB`;
      expect(shown).toMatchObject({
        available: money(row.available!),
        reserved: money(row.reserved!),
        total: money(row.closing!),
      });
      await settledShot(page, `${SHOTS}/reseller-dashboard-commission.png`);

      const admin = await openPage(browser, baseUrl);
      adminPage = admin;
      adminSession = await signInKeepingSession(admin.page, 'admin@demo.test');
      await closeTwoFactorReminder(admin.page);
      await admin.page.goto('/reseller/RES00001');
      await closeTwoFactorReminder(admin.page);
      const balances = $(admin.page, 'reseller-balances');
      await balances.locator('tbody tr').first().waitFor();
      const thbRow = await balances.locator('tbody tr', { hasText: 'THB' }).innerText();
      for (const figure of [row.available!, row.reserved!, row.closing!])
        expect(thbRow).toContain(formatMoney(figure));
      await settledShot(admin.page, `${SHOTS}/admin-reseller-detail-commission.png`);
    } finally {
      const admin = adminPage ?? (await openPage(browser, baseUrl));
      const session = adminSession ?? (await signInKeepingSession(admin.page, 'admin@demo.test'));
      await callAs(admin.page, session, 'rejectWithdrawal', {
        id: withdrawal.id,
        reasonCode: 'other',
        note: 'End of a browser test',
      });
      await admin.context.close();
      await context.close();
    }
  }, 300_000);
});
