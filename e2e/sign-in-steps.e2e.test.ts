import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  callApi,
  DEMO_PASSWORD,
  closeTwoFactorReminder,
  launchBrowser,
  openPage,
  pathOf,
  REMINDER,
  settle,
  signIn,
  NO_REMINDER_DUE,
} from './support/browser';
import { totpNow } from './support/totp';

let browser: Browser;
let baseUrl: string;
beforeAll(async () => {
  browser = await launchBrowser();
  baseUrl = inject('baseUrl');
});
afterAll(async () => browser?.close());

describe('sign-in steps the server asks for', () => {
  it('sets up 2FA on /security, then asks for the code at the next sign-in', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, 'merchant2@demo.test');
    await page.goto('/security');
    await settle(page);
    const card = page.locator('#two-factor');
    await card.getByRole('button', { name: 'Set up' }).click();
    const secret = (await card.locator('[data-testid="otp-secret"]').textContent())!.trim();
    await card.locator('input[name="otp-code"]').fill(totpNow(secret));
    await card.getByRole('button', { name: 'Confirm and enable' }).click();
    await card.locator('[data-testid="recovery-codes"]').waitFor();
    await card.locator('.badge.bg-success').waitFor();

    // With 2FA on, the reminder no longer pops up.
    await page.goto('/');
    await settle(page);
    await page.locator(NO_REMINDER_DUE).waitFor();
    expect(await page.locator('.bo-popup-two-factor').count()).toBe(0);

    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('input[name="email"]').fill('merchant2@demo.test');
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('[data-testid="login-form"] button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/account/security/2fa/verify');
    await page.locator('input[name="code"]').fill(totpNow(secret, Date.now() + 30_000));
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page);
    await context.close();
  });

  it('never remembers /logout as the page to return to after the next sign-in', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    // Signed out, /logout goes to /login like any signed-in page, but is not remembered:
    // the sign-in after it must stay signed in on the dashboard.
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => sessionStorage.getItem('bo.intendedPath'))).toBeNull();
    // A sign-in page has no reminder: the helper returns at once (it waited 15 s for a layout).
    const asked = Date.now();
    await closeTwoFactorReminder(page);
    expect(Date.now() - asked).toBeLessThan(5_000);
    await signIn(page, 'merchant3@demo.test');
    expect(pathOf(page)).toBe('/');
    // Right after the sign-in page, it still waits for the dashboard's reminder and closes it.
    await closeTwoFactorReminder(page);
    await page.locator(REMINDER).waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/');
    await context.close();
  });

  it('asks a new account for its own password at the first sign-in', async () => {
    const admin = await callApi(baseUrl, 'login', {
      email: 'admin@demo.test',
      password: DEMO_PASSWORD,
      accessToken: '',
      accessUsername: '',
    });
    const { token, username } = admin.data as { token: string; username: string };
    const created = await callApi(baseUrl, 'createAccount', {
      accessToken: token,
      accessUsername: username,
      accountType: 'merchant',
      email: 'first-time@demo.test',
      username: 'first_time',
      name: 'First Time Merchant',
      temporaryPassword: 'Temporary#Pass1',
    });
    expect(created.status).toBe(200);

    const { context, page } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.locator('input[name="email"]').fill('first-time@demo.test');
    await page.locator('input[name="password"]').fill('Temporary#Pass1');
    await page.locator('[data-testid="login-form"] button[type="submit"]').click();
    await page.waitForURL(
      (url) => url.pathname === '/account/merchant/security/update-new-password',
    );
    await page.locator('input[name="newPassword"]').fill('Brand-new#Pass2');
    await page.locator('input[name="confirmPassword"]').fill('Different#Pass3');
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="inline-error"]').waitFor();
    await page.locator('input[name="confirmPassword"]').fill('Brand-new#Pass2');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page);
    await closeTwoFactorReminder(page);
    expect(pathOf(page)).toBe('/');
    await context.close();
  });

  it('shows "Loading chunk failed" with a retry when a screen cannot load', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, 'merchant@demo.test');
    await closeTwoFactorReminder(page);
    // The network drops the gallery's code (a deploy removed it, or the connection broke).
    await context.route(/icons-gallery-page-.*\.js$/, (route) => route.abort('failed'));
    await page.evaluate(() => {
      window.history.pushState(null, '', '/icons');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const error = page.locator('[data-testid="screen-error"]');
    await error.waitFor();
    expect(await error.locator('h5').textContent()).toBe('Loading chunk failed');
    await context.unroute(/icons-gallery-page-.*\.js$/);
    await closeTwoFactorReminder(page);
    await error.getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-testid="page-title"]').filter({ hasText: 'Icons' }).waitFor();
    await context.close();
  });
});
