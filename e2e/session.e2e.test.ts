import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { takeSuccessNote } from './support/success';
import {
  callApi,
  DEMO_PASSWORD,
  closeTwoFactorReminder,
  launchBrowser,
  openPage,
  pathOf,
  settle,
  signIn,
} from './support/browser';

let browser: Browser;
let baseUrl: string;
beforeAll(async () => {
  browser = await launchBrowser();
  baseUrl = inject('baseUrl');
});
afterAll(async () => browser?.close());

describe('guard and session', () => {
  it('sends a signed-out visitor to /login and back to the asked path after sign-in', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto('/transactions?page=3');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'merchant@demo.test');
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe('/transactions?page=3');
    await context.close();
  });

  it('stores the session before it leaves /login, every time', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const { context, page } = await openPage(browser, baseUrl);
      // At each change of address, note whether the stored user is already there.
      await page.addInitScript(() => {
        const seen: { path: string; stored: boolean }[] = [];
        (window as unknown as { addressChanges: typeof seen }).addressChanges = seen;
        for (const method of ['pushState', 'replaceState'] as const) {
          const original = history[method].bind(history);
          history[method] = (...args: Parameters<History['pushState']>) => {
            original(...args);
            seen.push({
              path: location.pathname,
              stored: localStorage.getItem('bo.user') !== null,
            });
          };
        }
      });
      await signIn(page, 'merchant2@demo.test');
      const changes = await page.evaluate(
        () =>
          (window as unknown as { addressChanges: { path: string; stored: boolean }[] })
            .addressChanges,
      );
      const leftLogin = changes.filter((c) => c.path !== '/login');
      expect(leftLogin.length).toBeGreaterThan(0);
      expect(leftLogin.every((c) => c.stored)).toBe(true);
      await context.close();
    }
  });

  it('/account/login is the same sign-in page', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto('/account/login');
    await page.locator('[data-testid="login-form"]').waitFor();
    expect(pathOf(page)).toBe('/account/login');
    await context.close();
  });

  it('shows a refused sign-in in place, with a full stop', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.locator('input[name="email"]').fill('nobody@demo.test');
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.locator('[data-testid="login-form"] button[type="submit"]').click();
    const error = page.locator('[data-testid="inline-error"]');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/\.$/);
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('a 440 clears storage, shows the Oops popup and lands on /login', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, 'merchant@demo.test');
    await closeTwoFactorReminder(page);
    // Another device signs in and signs every other session out: ours turns invalid.
    const other = await callApi(baseUrl, 'login', {
      email: 'merchant@demo.test',
      password: DEMO_PASSWORD,
      accessToken: '',
      accessUsername: '',
    });
    const { token, username } = other.data as { token: string; username: string };
    const auth = { accessToken: token, accessUsername: username };
    const list = await callApi(baseUrl, 'getSessions', auth);
    const sessions = (list.data as { sessions: { id: string; is_current: boolean }[] }).sessions;
    for (const s of sessions.filter((s) => !s.is_current)) {
      expect((await callApi(baseUrl, 'revokeSession', { ...auth, id: s.id })).status).toBe(200);
    }
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);

    await page.locator('[data-testid="profile-menu"]').click();
    await page.locator('a[href="/security"]').first().click();
    const popup = page.locator('.swal2-popup');
    await popup.waitFor();
    expect(await popup.locator('.swal2-title').textContent()).toBe('Oops...');
    expect(await popup.locator('.swal2-icon.swal2-error').isVisible()).toBe(true);
    expect(await popup.locator('.swal2-confirm').textContent()).toBe('Done');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await popup.locator('.swal2-confirm').click();
    await context.close();
  });

  it('/logout ends the session on the server and goes to /login', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, 'reseller@demo.test');
    await closeTwoFactorReminder(page);
    await page.locator('[data-testid="profile-menu"]').click();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/logout'));
    await page.locator('a[href="/logout"]').click();
    expect((await loggedOut).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('/reset clears local and session storage and goes to / (then /login)', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, 'reseller@demo.test');
    await page.evaluate(() => sessionStorage.setItem('probe', '1'));
    await page.goto('/reset');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    await context.close();
  });

  it('/error is public', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await page.goto('/error');
    await page.locator('[data-testid="error-page"]').waitFor();
    expect(pathOf(page)).toBe('/error');
    await context.close();
  });

  it('/marketing-materials and /skype open their links in a new tab', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    // Stand-ins for the external sites (the test machine has no internet).
    await context.route(/^https:\/\/(drive\.google\.com|web\.skype\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>external</title>' }),
    );
    await signIn(page, 'reseller@demo.test');
    for (const [path, host] of [
      ['/marketing-materials', 'drive.google.com'],
      ['/skype', 'web.skype.com'],
    ] as const) {
      const opened = context.waitForEvent('page');
      await page.goto(path);
      const tab = await opened;
      await tab.waitForLoadState();
      expect(new URL(tab.url()).host).toBe(host);
      await tab.close();
      await page.waitForURL((url) => url.pathname === '/');
      await settle(page);
    }
    await context.close();
  });

  it("/support-on-telegram opens the user's stored Telegram contact", async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await context.route(/^https:\/\/t\.me\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>telegram</title>' }),
    );
    await signIn(page, 'reseller@demo.test');
    await page.goto('/profile');
    await settle(page);
    await closeTwoFactorReminder(page);
    const form = page.locator('[data-testid="profile-form"]');
    await form.getByLabel('Telegram').fill('@andaman_support');
    const saved = page.waitForResponse((r) => r.url().endsWith('/updateProfile'));
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await takeSuccessNote(page);

    const opened = context.waitForEvent('page');
    await page.locator('[data-testid="sidebar"] button', { hasText: 'Support' }).click();
    await page.locator('[data-menu-item="supportOnTelegram"]').click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://t.me/andaman_support');
    await page.waitForURL((url) => url.pathname === '/profile');
    await context.close();
  });

  it('/support-on-telegram without a contact keeps the user in the app, with a way to set one', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, 'reseller2@demo.test');
    await page.goto('/profile');
    await settle(page);
    await closeTwoFactorReminder(page);
    const form = page.locator('[data-testid="profile-form"]');
    await form.getByLabel('Telegram').fill('');
    const saved = page.waitForResponse((r) => r.url().endsWith('/updateProfile'));
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await takeSuccessNote(page);

    await page.locator('[data-testid="sidebar"] button', { hasText: 'Support' }).click();
    await page.locator('[data-menu-item="supportOnTelegram"]').click();
    const message = page.locator('[data-testid="no-telegram-contact"]');
    await message.waitFor();
    await closeTwoFactorReminder(page);
    // Still inside the app: the side menu and the route's title are there.
    expect(await page.locator('[data-testid="sidebar"]').isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/support-on-telegram');
    await message.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await context.close();
  });
});
