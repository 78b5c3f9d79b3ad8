import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, pathOf, screenshot, settle } from './support/browser';
import { fillAccountForm, saveForm, TEMP } from './support/accounts';
import { callAs, closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';
import { byTestId, listSettled } from './support/lists';
import { confirmPopup, paySandboxPayin, postPayin, startHookServer } from './support/merchant-api';

/**
 * Issue 11's whole onboarding, end to end: an admin creates a reseller and a merchant under it
 * and gives the merchant a contract; the merchant signs in (first-time password), makes an API
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

describe('onboarding a merchant, from the admin to its first pay-in', () => {
  it('the admin creates a reseller, a merchant under it, and the merchant’s contract', async () => {
    const session = await signInKeepingSession(admin, 'admin@demo.test');
    await closeTwoFactorReminder(admin);
    await visit(admin, '/reseller');
    await listSettled(admin);
    await byTestId(admin, 'account-new').click();
    await fillAccountForm(admin, RESELLER, 'THB');
    await saveForm(admin, 'getResellerList');
    const resellerCode = await codeOfRow(admin, RESELLER.email);

    await visit(admin, '/merchants');
    await listSettled(admin);
    await byTestId(admin, 'account-new').click();
    await fillAccountForm(admin, MERCHANT, 'THB');
    const reseller = byTestId(admin, 'account-reseller');
    await reseller.locator(`option[value="${resellerCode}"]`).waitFor({ state: 'attached' });
    await reseller.selectOption(resellerCode);
    await saveForm(admin, 'getMerchantList');
    merchantCode = await codeOfRow(admin, MERCHANT.email);

    // Its prices: 2.5% on pay-ins, the reseller's rate beneath at 1.5%.
    await callAs(admin, session, 'createContract', {
      merchantDbCode: merchantCode,
      currency: 'THB',
      payinPercent: '2.5',
      resellerPayinPercent: '1.5',
    });
    await visit(admin, `/contracts?merchantDbCode=${merchantCode}`);
    await byTestId(admin, 'list-row').filter({ hasText: merchantCode }).first().waitFor();
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
    await byTestId(merchant, 'preloader').waitFor({ state: 'detached' });
    await screenshot(merchant, 'onboarding-merchant-log', true);
  });
});
