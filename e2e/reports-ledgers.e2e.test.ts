import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { downloadExport, launchBrowser, openPage, settledShot } from './support/browser';
import { callAs, closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';
import { byTestId as $, listAnswerAfter } from './support/lists';

/**
 * The ledger and statement reports (issue 12): each role opens each one its Reports submenu
 * (and links) give it on the demo world, sees entries and the reconciled totals, changes the
 * period and the time zone, and exports.
 */
const baseUrl = inject('baseUrl');
const SHOTS = process.env.REPORT_SHOTS_DIR ?? '/tmp/shots-rledgers';
let browser: Browser;

/**
 * The suite's server seeds its 90 days of history oldest first while the tests run, so the
 * first look reads the oldest fortnight (in the URL, as a bookmark would).
 */
const dayText = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const OLDEST = `from=${dayText(89)}&to=${dayText(76)}`;

type LedgerAnswer = { rows: unknown[]; totals: { currency: string }[]; differences: string[] };

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a report, checks it reconciles, then last 7 days and India time, a screenshot, the CSV. */
async function exercise(page: Page, path: string, call: string, shot: string, needRows = true) {
  const first = await listAnswerAfter<LedgerAnswer>(page, call, () =>
    page.goto(`${path}${path.includes('?') ? '&' : '?'}${OLDEST}`),
  );
  await closeTwoFactorReminder(page);
  if (needRows) expect(first.data.rows.length).toBeGreaterThan(0);
  expect(first.data.differences).toEqual([]);
  await $(page, 'report-totals').waitFor();
  expect(await $(page, 'report-totals-row').count()).toBe(first.data.totals.length);
  await listAnswerAfter(page, call, () => $(page, 'list-date-preset').selectOption('last7'));
  await listAnswerAfter(page, call, () => $(page, 'list-time-zone').selectOption('India'));
  await expect.poll(() => $(page, 'report-period').innerText()).toContain('India');
  await settledShot(page, `${SHOTS}/${shot}.png`);
  // The filters are in the file's name; its first line is the header (issue 40).
  const file = await downloadExport(page, 'csv');
  expect(file.fileName).toContain('tz=India');
  expect(file.bytes.toString('utf8').startsWith('\uFEFF')).toBe(true);
}

type Choices = { rows: { merchant_id: string; merchant_db_code: string }[] };

describe('ledger and statement reports', () => {
  it('an admin opens the contract ledgers, the statement, the earnings and the USDT wallet', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const session = await signInKeepingSession(page, 'admin@demo.test');
    await exercise(page, '/contract-acc-ledger', 'getContractLedger', 'admin-contract-ledger');
    await exercise(
      page,
      '/reseller-contract-acc-ledger',
      'getResellerContractLedger',
      'admin-reseller-contract-ledger',
    );
    const choices = await callAs<Choices>(page, session, 'getLedgerContracts');
    const merchant = choices.rows.find((r) => r.merchant_db_code === 'MER00001')!;
    await exercise(
      page,
      `/merchant/${merchant.merchant_id}/merchant-statement`,
      'getMerchantStatement',
      'admin-merchant-statement',
    );
    await exercise(
      page,
      '/reseller-earning-statement',
      'getResellerEarningStatement',
      'admin-reseller-earning-statement',
    );
    await exercise(
      page,
      '/usdt-wallet-balance-settlement',
      'getUsdtWalletLedger',
      'admin-usdt-wallet',
      false,
    );
    await context.close();
  }, 240_000);

  it('a reseller opens its merchants’ ledgers, its commission ledger and earning statement', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, 'reseller@demo.test');
    await exercise(page, '/contract-acc-ledger', 'getContractLedger', 'reseller-contract-ledger');
    // Another contract from the picker: the URL names it.
    const picker = $(page, 'ledger-contract');
    const second = await picker.locator('option').nth(1).getAttribute('value');
    await listAnswerAfter(page, 'getContractLedger', () => picker.selectOption(second!));
    expect(new URL(page.url()).searchParams.get('cid')).toBe(second);
    // Every other control keeps the chosen contract: the period, a preset, the zone (issue 25).
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/getContractLedger')) asked.push(request.postData() ?? '');
    });
    await listAnswerAfter(page, 'getContractLedger', () =>
      $(page, 'list-date-preset').selectOption('lastMonth'),
    );
    await listAnswerAfter(page, 'getContractLedger', () =>
      $(page, 'list-time-zone').selectOption('Australia'),
    );
    expect(new URL(page.url()).searchParams.get('cid')).toBe(second);
    expect(await picker.inputValue()).toBe(second);
    expect(asked.length).toBeGreaterThan(0);
    for (const body of asked) expect(body).toContain(second!);
    await exercise(
      page,
      '/reseller-contract-acc-ledger',
      'getResellerContractLedger',
      'reseller-reseller-contract-ledger',
    );
    await exercise(
      page,
      '/reseller-earning-statement',
      'getResellerEarningStatement',
      'reseller-earning-statement',
    );
    await exercise(
      page,
      '/usdt-wallet-balance-settlement',
      'getUsdtWalletLedger',
      'reseller-usdt-wallet',
      false,
    );
    await context.close();
  }, 240_000);

  it('a merchant opens its contract ledger and USDT wallet', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, 'merchant@demo.test');
    await exercise(page, '/contract-acc-ledger', 'getContractLedger', 'merchant-contract-ledger');
    await exercise(
      page,
      '/usdt-wallet-balance-settlement',
      'getUsdtWalletLedger',
      'merchant-usdt-wallet',
      false,
    );
    await context.close();
  }, 150_000);
});
