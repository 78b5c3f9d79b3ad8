import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, pathOf, screenshot, settle } from './support/browser';
import { fillAccountForm, saveForm, TEMP } from './support/accounts';
import { callAs, closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';
import { byTestId, listSettled } from './support/lists';
import { confirmPopup, paySandboxPayin, postPayin, startHookServer } from './support/merchant-api';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

/**
 * Issue 11's whole onboarding, end to end and through the screens alone: an admin creates a
 * reseller and a merchant under it and gives the merchant its first contract (New contract,
 * checked and previewed; seen in Arabic from the reseller's rates page); the merchant signs in (first-time password), makes an API
 * key, sends a signed pay-in with it, and finds the pay-in on /transactions and its
 * notification in the log.
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const RESELLER = {
  name: `Onboard Partners ${RUN}`,
  email: `onb-${RUN}@e2e.test`,
  username: `onb_${RUN}`,
};
const MERCHANT = {
  name: `Onboard Shop ${RUN}`,
  email: `onb-shop-${RUN}@e2e.test`,
  username: `onb_shop_${RUN}`,
};
const OWN_PASSWORD = 'Onboard-own#Pass2026';

let browser: Browser;
let hooks: Awaited<ReturnType<typeof startHookServer>>;
let adminContext: BrowserContext;
let admin: Page;
let merchantContext: BrowserContext;
let merchant: Page;
let resellerCode = '';
let merchantCode = '';
const key = { keyId: '', secret: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  hooks = await startHookServer();
  ({ context: adminContext, page: admin } = await openPage(browser, baseUrl));
  ({ context: merchantContext, page: merchant } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await adminContext?.close();
  await merchantContext?.close();
  await browser?.close();
  await hooks?.close();
});

/** A figure of the fee preview in `scope`, as shown. */
const previewFigure = (scope: Locator, figure: string) =>
  byTestId(scope, `preview-${figure}`).innerText();

/** The account code on the list row holding `email`. */
async function codeOfRow(page: Page, email: string): Promise<string> {
  const row = byTestId(page, 'list-row').filter({ hasText: email });
  await row.waitFor();
  return (await byTestId(row, 'account-code').innerText()).trim();
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  await closeTwoFactorReminder(page);
}

/** Saves the signed-in user's language on /profile, as a user would, and waits for it. */
async function saveLanguage(page: Page, lang: 'ar' | 'en') {
  await visit(page, '/profile');
  const form = byTestId(page, 'profile-form');
  await form.locator('#profile-language').selectOption(lang);
  const saved = page.waitForResponse((r) => r.url().endsWith('/updateProfile'));
  await form.locator('button[type="submit"]').click();
  expect((await saved).status()).toBe(200);
  await takeSuccessNote(page);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  await page.waitForFunction((d) => document.documentElement.dir === d, dir);
}

describe('onboarding a merchant, from the admin to its first pay-in', () => {
  it('the admin creates a reseller and a merchant under it', async () => {
    await signInKeepingSession(admin, 'admin@demo.test');
    await closeTwoFactorReminder(admin);
    await visit(admin, '/reseller');
    await listSettled(admin);
    await byTestId(admin, 'account-new').click();
    await fillAccountForm(admin, RESELLER, 'THB');
    await saveForm(admin, 'getResellerList');
    resellerCode = await codeOfRow(admin, RESELLER.email);

    await visit(admin, '/merchants');
    await listSettled(admin);
    await byTestId(admin, 'account-new').click();
    await fillAccountForm(admin, MERCHANT, 'THB');
    const reseller = byTestId(admin, 'account-reseller');
    await reseller.locator(`option[value="${resellerCode}"]`).waitFor({ state: 'attached' });
    await reseller.selectOption(resellerCode);
    await saveForm(admin, 'getMerchantList');
    merchantCode = await codeOfRow(admin, MERCHANT.email);
  });

  it('in Arabic, the reseller’s rates page offers a first contract and previews it', async () => {
    // The demo admin reads Arabic for this test only, and English again after it.
    const arabic = await openPage(browser, baseUrl);
    let session = await signInKeepingSession(arabic.page, 'admin@demo.test');
    const full = await callAs<{
      profileInfo: { name: string; phone: string; telegram_id: string; timezone: string };
    }>(arabic.page, session, 'getUserFullData');
    const { name, phone, telegram_id, timezone } = full.profileInfo;
    const saveLanguage = (lang: 'ar' | 'en') =>
      callAs(arabic.page, session, 'updateProfile', { name, phone, telegram_id, timezone, lang });
    try {
      await saveLanguage('ar');
      // Signing in again reads the saved language, as on another device.
      await arabic.page.evaluate(() => localStorage.clear());
      session = await signInKeepingSession(arabic.page, 'admin@demo.test');
      const page = arabic.page;
      await visit(page, `/reseller/${resellerCode}/reseller-&-merchant-contract-rates`);
      await byTestId(page, 'rates-empty').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await byTestId(page, 'contract-new').getByText('عقد جديد').click();
      const dialog = byTestId(page, 'contract-new-dialog');
      // The picker offers this reseller's merchants only: the one just made.
      const picker = byTestId(dialog, 'contract-merchant');
      await picker.locator(`option[value="${merchantCode}"]`).waitFor({ state: 'attached' });
      expect(await picker.locator('option').count()).toBe(2);
      await picker.selectOption(merchantCode);
      await byTestId(dialog, 'rate-payinPercent').fill('2.5');
      await byTestId(dialog, 'rate-resellerPayinPercent').fill('1.5');
      await expect.poll(() => previewFigure(dialog, 'fee')).toContain('25.00');
      await preloaderGone(page);
      await screenshot(page, 'onboarding-new-contract-ar');
    } finally {
      await saveLanguage('en');
      await arabic.context.close();
    }
  });

  it('gives the merchant its first contract from its row, checked and previewed', async () => {
    await visit(admin, `/merchants?search=${encodeURIComponent(MERCHANT.username)}`);
    const row = byTestId(admin, 'list-row').filter({ hasText: MERCHANT.email });
    await byTestId(row, 'account-newContract').click();
    const dialog = byTestId(admin, 'contract-new-dialog');
    await dialog.waitFor();
    expect(await byTestId(dialog, 'contract-merchant-fixed').innerText()).toContain(merchantCode);
    // The merchant trades THB only, so that is its contract's currency.
    expect(await byTestId(dialog, 'contract-currency').inputValue()).toBe('THB');

    // The reseller's rate above the merchant's: refused, beside the reseller's field.
    await byTestId(dialog, 'rate-payinPercent').fill('2.5');
    await byTestId(dialog, 'rate-resellerPayinPercent').fill('3');
    await byTestId(dialog, 'contract-new-save').click();
    const refusal = byTestId(dialog, 'rate-resellerPayinPercent-error');
    expect(await refusal.innerText()).toMatch(/^Reseller percent \(3\.0000%\) must not be above/);
    expect(await byTestId(dialog, 'rate-resellerPayinPercent').getAttribute('aria-invalid')).toBe(
      'true',
    );
    await screenshot(admin, 'onboarding-new-contract-refused');

    // Its prices: 2.5% on pay-ins, the reseller's rate beneath at 1.5%; the preview splits 1000.
    await byTestId(dialog, 'rate-resellerPayinPercent').fill('1.5');
    await expect.poll(() => refusal.count()).toBe(0);
    await byTestId(dialog, 'preview-amount').fill('1000');
    await expect.poll(() => previewFigure(dialog, 'fee')).toContain('25.00');
    // The fee is 25.00 whatever the reseller's rate: wait for the preview of the rate as typed.
    await expect.poll(() => previewFigure(dialog, 'reseller_commission')).toContain('10.00');
    await preloaderGone(admin);
    // The dialog is taller than the window: its top (title, merchant, currency) in the shot.
    await dialog.evaluate((el) => el.closest('.modal')?.scrollTo(0, 0));
    await screenshot(admin, 'onboarding-new-contract');

    await byTestId(dialog, 'contract-new-save').click();
    expect(await takeSuccessNote(admin)).toContain(MERCHANT.name);
    await dialog.waitFor({ state: 'detached' });
    await visit(admin, `/contracts?merchantDbCode=${merchantCode}`);
    await listSettled(admin);
    const line = byTestId(admin, 'list-row').filter({ hasText: merchantCode });
    expect(await line.count()).toBe(1);
    expect(await byTestId(line, 'payin-rate').innerText()).toContain('2.5000%');
    expect(await byTestId(line, 'version-state').innerText()).toBe('In force');
  });

  it('the merchant signs in with its temporary password and sets its own', async () => {
    await merchant.goto('/login');
    await merchant.locator('input[name="email"]').fill(MERCHANT.email);
    await merchant.locator('input[name="password"]').fill(TEMP);
    await merchant.locator('[data-testid="login-form"] button[type="submit"]').click();
    await merchant.waitForURL(
      (url) => url.pathname === '/account/merchant/security/update-new-password',
    );
    await merchant.locator('input[name="newPassword"]').fill(OWN_PASSWORD);
    await merchant.locator('input[name="confirmPassword"]').fill(OWN_PASSWORD);
    await merchant.locator('button[type="submit"]').click();
    await merchant.waitForURL((url) => url.pathname === '/');
    await settle(merchant);
    await closeTwoFactorReminder(merchant);
    expect(pathOf(merchant)).toBe('/');
  });

  it('its dashboard names THB as having no figures yet, with the way to an API key', async () => {
    // Loading first, then the empty state: never a card of zeros.
    const empty = byTestId(merchant, 'no-figures-THB');
    await empty.waitFor();
    expect(await byTestId(merchant, 'currency-card-THB').count()).toBe(0);
    expect(await empty.innerText()).toContain('No figures in THB yet');
    const docs = byTestId(empty, 'first-steps-api-docs');
    expect(await docs.innerText()).toBe('Read the API documentation');
    await preloaderGone(merchant);
    await screenshot(merchant, 'onboarding-merchant-empty-dashboard');

    await saveLanguage(merchant, 'ar');
    try {
      await visit(merchant, '/');
      const arabic = byTestId(merchant, 'no-figures-THB');
      await arabic.waitFor();
      expect(await arabic.innerText()).toContain('لا توجد أرقام بعملة THB بعد');
      expect(await byTestId(arabic, 'first-steps-api-key').innerText()).toBe('إنشاء مفتاح API');
      await preloaderGone(merchant);
      await screenshot(merchant, 'onboarding-merchant-empty-dashboard-ar');
    } finally {
      await saveLanguage(merchant, 'en');
    }

    // Both ways out open for the merchant: the documentation, then its API keys.
    await visit(merchant, '/');
    await byTestId(merchant, 'first-steps-api-docs').click();
    await merchant.waitForURL((url) => url.pathname === '/api-documentation');
    await settle(merchant);
    await visit(merchant, '/');
    await byTestId(merchant, 'first-steps-api-key').click();
    await merchant.waitForURL((url) => url.pathname === '/merchant-settings');
    await byTestId(merchant, 'new-key').waitFor();
  });

  it('makes an API key (its secret shown once) and saves its notify URL', async () => {
    await visit(merchant, '/merchant-settings');
    await byTestId(merchant, 'new-key').click();
    await byTestId(merchant, 'new-key-name').fill(`Shop backend ${RUN}`);
    await byTestId(merchant, 'new-key-submit').click();
    await confirmPopup(merchant);
    const dialog = byTestId(merchant, 'secret-dialog');
    await dialog.waitFor();
    key.keyId = (await byTestId(dialog, 'secret-id').innerText()).trim();
    key.secret = (await byTestId(dialog, 'secret-value').innerText()).trim();
    await byTestId(dialog, 'secret-done').click();
    await dialog.waitFor({ state: 'detached' });

    await byTestId(merchant, 'notify-url-input').fill(hooks.url);
    await byTestId(merchant, 'notify-url-save').click();
    await confirmPopup(merchant);
    await merchant.waitForFunction(() =>
      document.querySelector('[data-testid="notify-url-save"]')?.hasAttribute('disabled'),
    );
  });

  it('sends a signed pay-in, sees it on /transactions and its notification in the log', async () => {
    const created = await postPayin(baseUrl, key, `onboard-${RUN}`);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const payinId = created.body.id!;
    expect(await paySandboxPayin(baseUrl, payinId)).toBe(200);

    await visit(merchant, `/transactions?search=${payinId}`);
    const row = byTestId(merchant, 'list-row').filter({ hasText: `onboard-${RUN}` });
    await row.waitFor();
    expect(await row.innerText()).toContain('120.00');

    const notified = await hooks.notificationAbout(payinId);
    expect(JSON.parse(notified.body)).toMatchObject({ id: payinId, status: 'success' });
    expect(notified.headers['x-api-key']).toBe(key.keyId);

    await visit(merchant, `/merchant-settings?search=${payinId}`);
    await merchant.waitForFunction(
      () =>
        document.querySelector('[data-testid="notification-log"] [data-testid="attempt-code"]')
          ?.textContent === '200',
    );
    await preloaderGone(merchant);
    await screenshot(merchant, 'onboarding-merchant-log', true);
  });
});
