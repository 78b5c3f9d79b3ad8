import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, settle } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import {
  confirmPopup,
  paySandboxPayin,
  postPayin as postPayinAs,
  startHookServer,
} from './support/merchant-api';

const baseUrl = inject('baseUrl');
/** A merchant other browser files do not sign requests for; its notify URL is put back after. */
const MERCHANT = 'merchant5@demo.test';
const RUN = Date.now().toString(36);
const KEY_NAME = `E2E key ${RUN}`;

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);

let browser: Browser;
let hooks: Awaited<ReturnType<typeof startHookServer>>;

beforeAll(async () => {
  browser = await launchBrowser();
  hooks = await startHookServer();
});
afterAll(async () => {
  await browser?.close();
  await hooks?.close();
});

const postPayin = (keyId: string, secret: string, orderId: string) =>
  postPayinAs(baseUrl, { keyId, secret }, orderId);

describe('merchant settings', () => {
  let context: BrowserContext;
  let page: Page;
  let session: ApiSession;
  let keyId = '';
  let secret = '';
  let payinId = '';

  beforeAll(async () => {
    ({ context, page } = await openPage(browser, baseUrl));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    session = await signInKeepingSession(page, MERCHANT);
    await closeTwoFactorReminder(page);
    await page.goto('/merchant-settings');
    await settle(page);
    await closeTwoFactorReminder(page);
    await $(page, 'api-keys').waitFor();
  });
  afterAll(async () => {
    if (session) await callAs(page, session, 'setMerchantNotifyUrl', { notifyUrl: '' });
    await context?.close();
  });

  it('makes a key and shows its secret once, with a copy button', async () => {
    await $(page, 'new-key').click();
    await $(page, 'new-key-name').fill(KEY_NAME);
    await $(page, 'new-key-submit').click();
    expect(await confirmPopup(page)).toContain(KEY_NAME);
    const dialog = $(page, 'secret-dialog');
    await dialog.waitFor();
    keyId = (await $(dialog, 'secret-id').innerText()).trim();
    secret = (await $(dialog, 'secret-value').innerText()).trim();
    expect(keyId).toMatch(/^mk_/);
    expect(secret).toMatch(/^sk_/);
    await $(dialog, 'secret-copy').click();
    await $(dialog, 'secret-copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'merchant-settings-secret-once');
    await $(dialog, 'secret-done').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator(`[data-testid="api-key-row"][data-key-id="${keyId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(KEY_NAME);
    expect(await page.locator('body').innerText()).not.toContain(secret);
  });

  it('tests and saves the notify URL', async () => {
    await $(page, 'notify-url-input').fill(hooks.url);
    await $(page, 'notify-url-test').click();
    await $(page, 'test-result').waitFor();
    expect(await $(page, 'test-status').innerText()).toBe('200');
    expect(await $(page, 'test-body').innerText()).toBe('thanks from the e2e hook');
    const test = hooks.received.at(-1)!;
    const ts = String(test.headers['x-timestamp']);
    const expected = createHmac('sha256', secret)
      .update(`${ts}.POST./hooks/payments.${test.body}`)
      .digest('hex');
    // The merchant's only key signs its notifications until it makes a callback secret.
    expect(test.headers['x-api-key']).toBe(keyId);
    expect(test.headers['x-signature']).toBe(expected);
    await $(page, 'notify-url-save').click();
    await confirmPopup(page);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="notify-url-save"]')?.hasAttribute('disabled'),
    );
  });

  it('accepts a pay-in signed with the key, lists it and logs its notification', async () => {
    const answer = await postPayin(keyId, secret, `e2e-ms-${RUN}`);
    expect(answer.status).toBe(201);
    payinId = answer.body.id!;
    expect(await paySandboxPayin(baseUrl, payinId)).toBe(200);
    await page.goto(`/transactions?search=${payinId}`);
    await settle(page);
    await closeTwoFactorReminder(page);
    await page.locator('[data-testid="list-row"]', { hasText: `e2e-ms-${RUN}` }).waitFor();
    const hit = await hooks.notificationAbout(payinId);
    expect(JSON.parse(hit.body)).toMatchObject({ id: payinId, status: 'success' });
    await page.goto(`/merchant-settings?search=${payinId}`);
    await settle(page);
    await closeTwoFactorReminder(page);
    const logRow = $(page, 'notification-log').locator('[data-testid="list-row"]').first();
    await logRow.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="notification-log"] [data-testid="attempt-code"]')
          ?.textContent === '200',
    );
    expect(await $(logRow, 'attempt-event').innerText()).toBe('Pay-in succeeded');
    await screenshot(page, 'merchant-settings-log', true);
  });

  it('revokes the key after a confirmation: requests signed with it are refused', async () => {
    const row = page.locator(`[data-testid="api-key-row"][data-key-id="${keyId}"]`);
    await $(row, 'revoke-key').click();
    expect(await confirmPopup(page)).toContain(KEY_NAME);
    await row.locator('[data-testid="api-key-state"][data-state="revoked"]').waitFor();
    const refused = await postPayin(keyId, secret, `e2e-ms-revoked-${RUN}`);
    expect(refused.status).toBe(401);
  });

  it('reads right to left in Arabic', async () => {
    const profile = (lang: 'ar' | 'en') =>
      callAs(page, session, 'updateProfile', {
        name: 'Jakarta Market Online',
        phone: '',
        telegram_id: '',
        timezone: 'Default',
        lang,
      });
    await profile('ar');
    try {
      const arabic = await openPage(browser, baseUrl);
      await signInKeepingSession(arabic.page, MERCHANT);
      await closeTwoFactorReminder(arabic.page);
      await arabic.page.goto('/merchant-settings');
      await settle(arabic.page);
      await closeTwoFactorReminder(arabic.page);
      expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await $(arabic.page, 'api-keys').getByText('مفاتيح API').first().waitFor();
      await $(arabic.page, 'notification-log')
        .locator('[data-testid="list-row"]')
        .first()
        .waitFor();
      await screenshot(arabic.page, 'merchant-settings-arabic', true);
      await arabic.context.close();
    } finally {
      await profile('en');
    }
  });
});
