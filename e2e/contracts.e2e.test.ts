import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot as save } from './support/browser';
import { callAs, closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';
import { byTestId, listAnswerAfter, listSettled } from './support/lists';
import { preloaderGone } from './support/wait-for-css';

const baseUrl = inject('baseUrl');
const ADMIN = 'admin@demo.test';
const RESELLER = 'reseller@demo.test';
const MERCHANT3 = 'merchant3@demo.test';
/**
 * The line this file edits: MER00003 (a merchant of the demo reseller) in IDR. Only the pay-in
 * maximum (far above any amount other files pay in) and the refund fee change, and the last
 * test puts the demo rates back as a newer version, so other files see the fees they expect.
 */
const LINE = { merchant: 'MER00003', currency: 'IDR' };
const NEW_MAX = '90000000.00';
const NEW_REFUND_FIXED = '500.00';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signInAs(email: string) {
  await context?.close();
  ({ context, page } = await openPage(browser, baseUrl));
  const session = await signInKeepingSession(page, email);
  await closeTwoFactorReminder(page);
  return session;
}

/** A screenshot once the layout's preloader has gone. */
async function screenshot(p: Page, name: string, fullPage = false) {
  await preloaderGone(p);
  await save(p, name, fullPage);
}

/** Opens a path and closes the 2FA reminder it pops for these accounts. */
async function go(path: string) {
  await page.goto(path);
  await closeTwoFactorReminder(page);
}

const lineRow = () =>
  page.locator(
    `[data-testid="rate-line"][data-merchant="${LINE.merchant}"][data-currency="${LINE.currency}"]`,
  );

describe('contract rates (admin)', () => {
  it('edits a merchant’s pay-in rate and refund fee as a new version effective now, with preview and review', async () => {
    const session = await signInAs(ADMIN);
    await go('/reseller/RES00001/reseller-&-merchant-contract-rates');
    await lineRow().waitFor();
    expect(await byTestId(page, 'rates-reseller').innerText()).toContain('RES00001');
    const before = await byTestId(lineRow(), 'line-version').innerText();
    await screenshot(page, 'contracts-rates-admin', true);

    await byTestId(lineRow(), 'line-edit').click();
    const dialog = byTestId(page, 'rate-edit');
    await dialog.waitFor();
    await byTestId(dialog, 'rate-payinMax').fill(NEW_MAX);
    await byTestId(dialog, 'rate-refundPercent').fill('1');
    await byTestId(dialog, 'rate-refundFixed').fill(NEW_REFUND_FIXED);
    await byTestId(dialog, 'preview-amount').fill('250000');
    // The preview follows the draft: 2.5% of 250,000 IDR, the reseller's 1.5% beneath.
    await expect.poll(() => byTestId(dialog, 'preview-fee').innerText()).toContain('6250.00');
    expect(await byTestId(dialog, 'preview-reseller_commission').innerText()).toContain('2500.00');
    expect(await byTestId(dialog, 'preview-gateway_cost').innerText()).toContain('3000.00');
    expect(await byTestId(dialog, 'preview-merchant_net').innerText()).toContain('243750.00');
    await screenshot(page, 'contracts-rate-edit-admin');

    await byTestId(dialog, 'rate-review-button').click();
    const review = byTestId(page, 'rate-review');
    await review.waitFor();
    const changes = await byTestId(review, 'rate-change').allInnerTexts();
    expect(changes).toHaveLength(3);
    expect(changes[0]).toContain(NEW_MAX);
    expect(changes[2]).toContain(NEW_REFUND_FIXED);
    await screenshot(page, 'contracts-rate-review-admin');
    await byTestId(review, 'rate-confirm').click();
    await byTestId(page, 'rate-saved').waitFor();
    await expect.poll(() => byTestId(lineRow(), 'line-version').innerText()).not.toBe(before);
    expect(await byTestId(lineRow(), 'merchant-payin').innerText()).toContain(NEW_MAX);
    expect(await byTestId(lineRow(), 'merchant-refund').innerText()).toContain(
      `1.0000% + ${NEW_REFUND_FIXED}`,
    );

    // The new version is in force on /contracts, the old one superseded.
    await go(`/contracts?merchantDbCode=${LINE.merchant}&currency=${LINE.currency}`);
    await listSettled(page);
    await byTestId(page, 'contract-new').waitFor();
    const states = await byTestId(page, 'version-state').allInnerTexts();
    expect(states[0]).toBe('In force');
    expect(states).toContain('Superseded');
    expect(await byTestId(page, 'payin-rate').first().innerText()).toContain(NEW_MAX);
    expect(await byTestId(page, 'refund-rate').first().innerText()).toContain(NEW_REFUND_FIXED);
    // Waits for the list's answer to the tab, not for the rows already on screen.
    await listAnswerAfter(page, 'getMerchantContractList', () =>
      byTestId(page, 'version-tab-in_force').click(),
    );
    expect(page.url()).toContain('status=in_force');
    expect(await byTestId(page, 'version-state').allInnerTexts()).toEqual(['In force']);
    await screenshot(page, 'contracts-list-admin');

    // New contract from the list picks its merchant: found by what was typed, then previewed.
    await byTestId(page, 'contract-new').click();
    const fresh = byTestId(page, 'contract-new-dialog');
    await byTestId(fresh, 'fee-preview-waiting').waitFor();
    await byTestId(fresh, 'contract-merchant-search').fill(LINE.merchant);
    const picker = byTestId(fresh, 'contract-merchant');
    await picker.locator(`option[value="${LINE.merchant}"]`).waitFor({ state: 'attached' });
    await picker.selectOption(LINE.merchant);
    await byTestId(fresh, 'contract-currency').selectOption(LINE.currency);
    await byTestId(fresh, 'rate-payinPercent').fill('2');
    await expect.poll(() => byTestId(fresh, 'preview-fee').innerText()).toContain('20.00');
    await fresh.getByRole('button', { name: 'Cancel' }).click();
    await fresh.waitFor({ state: 'detached' });

    const logs = await callAs<{ rows: { action: string }[] }>(page, session, 'getAdminLogs', {
      action: 'contract.create',
    });
    expect(logs.rows.length).toBeGreaterThan(0);
  });
});

describe('contracts (reseller and merchant)', () => {
  it('shows the reseller its rates, its merchants’ lines and no edit', async () => {
    await signInAs(RESELLER);
    await go('/reseller-contracts');
    await listSettled(page);
    const resellers = await page.locator('[data-testid="list-row"] td:first-child').allInnerTexts();
    expect(resellers.length).toBeGreaterThan(0);
    expect(new Set(resellers)).toEqual(new Set(['RES00001']));
    await screenshot(page, 'contracts-reseller-contracts-reseller');
    await go('/reseller/RES00001/reseller-&-merchant-contract-rates');
    await lineRow().waitFor();
    // Setting prices is the admin's (createContract's rule): no edit, no new contract.
    expect(await byTestId(page, 'line-edit').count()).toBe(0);
    expect(await byTestId(page, 'contract-new').count()).toBe(0);
    await byTestId(lineRow(), 'line-preview').click();
    const preview = byTestId(page, 'line-preview-card');
    await expect.poll(() => byTestId(preview, 'preview-fee').count()).toBe(1);
    expect(await byTestId(preview, 'preview-gateway_cost').count()).toBe(0);
    expect(await byTestId(preview, 'preview-platform_profit').count()).toBe(0);
    await screenshot(page, 'contracts-rates-reseller', true);
  });

  it('shows a merchant only its own rates, in Arabic too', async () => {
    const session = await signInAs(MERCHANT3);
    await go('/contracts');
    await listSettled(page);
    expect(await byTestId(page, 'page-title').textContent()).toBe('My Contracts');
    const headers = await page.locator('[data-testid="list-table"] thead th').allInnerTexts();
    expect(headers.join(' ')).not.toMatch(/Reseller/i);
    expect(await byTestId(page, 'payin-rate').first().innerText()).toMatch(/%/);
    await screenshot(page, 'contracts-my-contracts-merchant');
    // The merchant's saved language is Arabic for this test only, and English again after it.
    const full = await callAs<{
      profileInfo: { name: string; phone: string; telegram_id: string; timezone: string };
    }>(page, session, 'getUserFullData');
    const { name, phone, telegram_id, timezone } = full.profileInfo;
    let current = session;
    const saveLanguage = (lang: 'ar' | 'en') =>
      callAs(page, current, 'updateProfile', { name, phone, telegram_id, timezone, lang });
    try {
      await saveLanguage('ar');
      current = await signInAs(MERCHANT3);
      await go('/contracts');
      await listSettled(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await byTestId(page, 'page-title').getByText('عقودي').waitFor();
      await screenshot(page, 'contracts-my-contracts-merchant-ar');
    } finally {
      await saveLanguage('en');
    }
  });

  it('puts the demo rates back as a newer version', async () => {
    const session = await signInAs(ADMIN);
    const saved = await callAs<{ version: number }>(page, session, 'createContract', {
      merchantDbCode: LINE.merchant,
      currency: LINE.currency,
      payinPercent: '2.5',
      payinMin: '1.00',
      payoutPercent: '1',
      payoutFixed: '2.00',
      settlementPercent: '0.5',
      resellerPayinPercent: '1.5',
      resellerPayoutPercent: '0.5',
      resellerPayoutFixed: '1.00',
      resellerSettlementPercent: '0.2',
    });
    expect(saved.version).toBeGreaterThan(2);
  });
});
