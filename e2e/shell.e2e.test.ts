import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  closeTwoFactorReminder,
  launchBrowser,
  openPage,
  pathOf,
  screenshot,
  settle,
  signIn,
  NO_REMINDER_DUE,
} from './support/browser';
import { chooseLayout, layoutAttributes } from './support/layout';
import { preloaderGone } from './support/wait-for-css';

let browser: Browser;
let baseUrl: string;
beforeAll(async () => {
  browser = await launchBrowser();
  baseUrl = inject('baseUrl');
});
afterAll(async () => browser?.close());

/** A demo account no other test file changes. */
const USER = 'reseller2@demo.test';

describe('layout, languages and popups', () => {
  it('keeps layout settings across a reload and on another device', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, USER);
    expect(await layoutAttributes(page)).toEqual({
      layout: 'vertical',
      width: 'fluid',
      sidebar: 'light',
      topbar: 'light',
    });
    await chooseLayout(page, { sidebar: 'dark', topbar: 'colored', width: 'boxed' });
    const chosen = { layout: 'vertical', width: 'boxed', sidebar: 'dark', topbar: 'colored' };
    expect(await layoutAttributes(page)).toEqual(chosen);
    await page.reload();
    await settle(page);
    expect(await layoutAttributes(page)).toEqual(chosen);
    await closeTwoFactorReminder(page);
    await preloaderGone(page);
    await screenshot(page, 'settings-dark-boxed-colored');

    const other = await openPage(browser, baseUrl);
    await signIn(other.page, USER);
    await other.page.waitForFunction(() => document.documentElement.dataset.sidebar === 'dark');
    expect(await layoutAttributes(other.page)).toEqual(chosen);
    await other.context.close();

    for (const sidebar of ['compact', 'icon', 'colored'] as const) {
      await chooseLayout(page, { sidebar, width: 'fluid', topbar: 'light' });
      expect((await layoutAttributes(page)).sidebar).toBe(sidebar);
      await screenshot(page, `settings-sidebar-${sidebar}`);
    }
    await chooseLayout(page, { sidebar: 'light', topbar: 'light', width: 'fluid' });
    await context.close();
  });

  it('switches to Arabic right to left from the horizontal menu, keeps it, and back from the vertical one', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, USER);
    await chooseLayout(page, { layout: 'horizontal' });
    await page.locator('[data-testid="language-menu"]').click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/updateProfile'));
    await page.locator('[data-lang="ar"]').click();
    expect((await saved).status()).toBe(200);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    // The next page comes right to left from the server, with only the RTL Bootstrap.
    const bootstrapFetched: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (/\/bootstrap(\.rtl)?\.min-[\w-]+\.css$/.test(pathname)) bootstrapFetched.push(pathname);
    });
    const served = await page.reload();
    expect(await served!.text()).toContain('<html lang="ar" dir="rtl">');
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(bootstrapFetched.filter((p) => !p.includes('.rtl.'))).toEqual([]);
    await closeTwoFactorReminder(page);
    await preloaderGone(page);
    await screenshot(page, 'arabic-horizontal');

    // The default vertical layout's top bar has the same menu.
    await chooseLayout(page, { layout: 'vertical' });
    await screenshot(page, 'arabic-vertical-language-menu');
    await page.locator('[data-testid="language-menu"]').click();
    await page.locator('[data-lang="en"]').click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect((await page.context().cookies()).find((c) => c.name === 'bo_dir')?.value).toBe('ltr');
    await context.close();
  });

  it('ticks the UTC clock every second', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, USER);
    const clock = page.locator('[data-testid="utc-clock"]');
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The next tick, however long the machine takes to draw it (a second, give or take).
    await page.waitForFunction(
      (shown) => document.querySelector('[data-testid="utc-clock"]')?.textContent !== shown,
      first,
    );
    expect(await page.locator('[data-testid="version-label"]').textContent()).toBe('Ver. 1.3.5');
    await context.close();
  });

  it('shows the 2FA reminder without 2FA, not on /security, and Enable leads to /profile', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, USER);
    const reminder = page.locator('.bo-popup-two-factor');
    await reminder.waitFor();
    expect(await reminder.locator('.swal2-title').textContent()).toBe('Two-Factor Authentication');
    expect(await reminder.locator('.swal2-html-container').textContent()).toBe(
      "Increase your account's security by enabling two-factor authentication (2FA).",
    );
    expect(await reminder.locator('.swal2-cancel').isVisible()).toBe(false);
    await reminder.locator('.swal2-confirm').click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.locator('#two-factor').waitFor();
    // Arriving from Enable, the page does not pop it again: the one that led here closes.
    await page.locator(NO_REMINDER_DUE).waitFor();
    await reminder.waitFor({ state: 'hidden' });

    await page.goto('/security');
    await settle(page);
    await page.locator(NO_REMINDER_DUE).waitFor();
    expect(await reminder.isVisible()).toBe(false);
    await context.close();
  });

  it('collapses the side menu behind the menu button below 992 px', async () => {
    const { context, page } = await openPage(browser, baseUrl, { width: 820, height: 900 });
    await signIn(page, USER);
    await closeTwoFactorReminder(page);
    const sidebar = page.locator('[data-testid="sidebar"]');
    const isOnScreen = async () => {
      const box = await sidebar.boundingBox();
      return box !== null && box.x + box.width > 1;
    };
    await page.waitForTimeout(400);
    expect(await isOnScreen()).toBe(false);
    await page.locator('[data-testid="menu-toggle"]').click();
    await page.waitForTimeout(400);
    expect(await isOnScreen()).toBe(true);
    await screenshot(page, 'mobile-menu-open');
    await page.locator('[data-testid="sidebar"] [data-menu-item="dashboard"]').click();
    await page.waitForTimeout(400);
    expect(await isOnScreen()).toBe(false);
    await context.close();
  });

  it('opens the login-IP part of /profile with ?login_ip=true', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, USER);
    await page.goto('/profile?login_ip=true');
    await settle(page);
    await page.locator('#login-ips.border-primary').waitFor();
    await closeTwoFactorReminder(page);
    await preloaderGone(page);
    await screenshot(page, 'profile-login-ip');
    await page.goto('/security');
    await settle(page);
    await page.locator('[data-testid="sessions-table"]').waitFor();
    await preloaderGone(page);
    await screenshot(page, 'security');
    expect(pathOf(page)).toBe('/security');
    await context.close();
  });

  it('scrolls the side menu to an active item more than 500 px down', async () => {
    const { context, page } = await openPage(browser, baseUrl, { width: 1280, height: 600 });
    await signIn(page, 'admin@demo.test');
    await page.goto('/security');
    await settle(page);
    const scroller = page.locator('[data-testid="sidebar-scroll"]');
    const scrollTop = await scroller.evaluate((el) => el.scrollTop);
    expect(scrollTop).toBeGreaterThan(0);
    const active = page.locator('[data-testid="sidebar"] a.active');
    expect(await active.getAttribute('data-menu-item')).toBe('security');
    const box = await active.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(600);
    await context.close();
  });

  it("shows the server's message with a full stop, and network failures, in the Oops popup", async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signIn(page, USER);
    await page.goto('/security');
    await settle(page);
    await closeTwoFactorReminder(page);
    const card = page.locator('#login-ips');
    await card.locator('#new-ip').fill('not-an-address');
    const refused = page.waitForResponse((r) => r.url().endsWith('/addLoginIp'));
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    const response = await refused;
    expect(response.status()).toBe(400);
    const { message } = (await response.json()) as { message: string };
    const popup = page.locator('.swal2-popup');
    await popup.waitFor();
    expect(await popup.locator('.swal2-title').textContent()).toBe('Oops...');
    expect(await popup.locator('.swal2-html-container').textContent()).toBe(
      message.endsWith('.') ? message : `${message}.`,
    );
    await popup.locator('.swal2-confirm').click();
    // The button is usable again: the loading flag was reset by the failure.
    await expect(card.getByRole('button', { name: 'Add', exact: true }).isEnabled()).resolves.toBe(
      true,
    );

    // The connection drops: the popup carries the browser's error text.
    await context.route('**/controller/admin/getSessions', (route) => route.abort('failed'));
    await page.goto('/security');
    await settle(page);
    const failed = page.locator('.swal2-popup:not(.bo-popup-two-factor)');
    await failed.waitFor();
    expect(await failed.locator('.swal2-title').textContent()).toBe('Oops...');
    expect(await failed.locator('.swal2-html-container').textContent()).toMatch(/fetch/i);
    await context.close();
  });

  it("keeps /login's initial JavaScript at most 150 KB gzipped", async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    });
    await page.goto('/login');
    await page.locator('[data-testid="login-form"]').waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.log(
      `/login initial JS: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`,
    );
    expect(total).toBeLessThanOrEqual(150 * 1024);
    await context.close();
  });
});
