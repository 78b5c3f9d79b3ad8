import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { downloadExport, launchBrowser, openPage, settledShot } from './support/browser';
import { closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';
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

async function exportCsv(page: Page): Promise<string> {
  return (await downloadExport(page, 'csv')).bytes.toString('utf8');
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
  expect(csv).toContain('India');
  expect(csv).toContain(week.data.rows[0]![code]);
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
    expect(await exportCsv(page)).toContain('platform_profit');

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
    expect(await exportCsv(page)).toContain('MER00001');

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
    expect(await exportCsv(page)).toContain('India');

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
});
