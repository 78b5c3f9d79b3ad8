import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { callAs, closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';

const baseUrl = inject('baseUrl');
/** The renderer's chunk (Redoc and what it brings), named after the module that imports it. */
const RENDERER_CHUNK = /\/assets\/api-docs-reference-[^/]+\.js$/;
const OPERATION = 'Create a pay-in; the payer pays on payment_url';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const $ = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);

/** Every script the page asks for, from now on. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

/** Every address outside this origin the page asks for, from now on (none may be). */
function recordOutsideRequests(page: Page): string[] {
  const urls: string[] = [];
  const origin = new URL(baseUrl).origin;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) urls.push(r.url());
  });
  return urls;
}

/** Opens /api-documentation and waits until Redoc has drawn the reference. */
async function openDocumentation(page: Page) {
  await page.goto('/api-documentation');
  await $(page, 'api-docs-signing').waitFor();
  await $(page, 'api-docs-reference').locator('h2', { hasText: OPERATION }).waitFor();
  // The reminder comes once the screen is up: looked for from then on, not from the page's
  // start (a slow start in CI outlasted the look's 1.5 s, and the reminder then sat over
  // the tabs).
  await closeTwoFactorReminder(page);
}

describe('/api-documentation', () => {
  it('keeps the renderer out of /login and the dashboard: not in index.html, never fetched', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).not.toMatch(/api-docs|redoc|api-documentation/i);
    const { context, page } = await openPage(browser, baseUrl);
    const scripts = recordScripts(page);
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    await signInKeepingSession(page, 'admin@demo.test');
    await closeTwoFactorReminder(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => RENDERER_CHUNK.test(s) || /api-documentation/.test(s))).toEqual(
      [],
    );
    // The same session then opens the documentation: now, and only now, the renderer comes.
    await openDocumentation(page);
    expect(scripts.filter((s) => RENDERER_CHUNK.test(s))).toHaveLength(1);
    await context.close();
  });

  it.each([
    ['admin', 'admin@demo.test'],
    ['reseller', 'reseller@demo.test'],
    ['merchant', 'merchant@demo.test'],
  ])('shows %s the signing guide and the reference, with no inline script', async (role, email) => {
    const { context, page } = await openPage(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const outside = recordOutsideRequests(page);
    await signInKeepingSession(page, email);
    await openDocumentation(page);
    // The path a request signs is spelled out in full.
    expect(await $(page, 'api-docs-signing').innerText()).toContain('/api/v1/payins, not /payins');
    expect(await $(page, 'api-docs-base-url').innerText()).toBe(`${baseUrl}/api/v1`);
    // Each example shows, and its copy button copies it whole.
    for (const [tab, marker] of [
      ['curl', 'openssl dgst -sha256 -hmac'],
      ['node', "createHmac('sha256', SECRET)"],
      ['php', "hash_hmac('sha256'"],
      ['python', 'hmac.new(SECRET.encode("utf-8"), message, hashlib.sha256)'],
    ] as const) {
      await $(page, `api-docs-tab-${tab}`).click();
      const block = $(page, `api-docs-example-${tab}`);
      const code = (await block.locator('code').textContent()) ?? '';
      expect(code).toContain(marker);
      await block.locator('[data-testid="api-docs-copy"]').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    }
    // The reference declares the signing headers and every error answer.
    const reference = $(page, 'api-docs-reference');
    await reference.getByText('Authentication', { exact: true }).first().waitFor();
    const shown = await reference.innerText();
    for (const text of ['X-Signature', 'X-Timestamp', 'X-Api-Key', '/api/v1/payins', '409', '413'])
      expect(shown).toContain(text);
    expect(await page.locator('script:not([src])').count()).toBe(0);
    // Redoc's sidebar credit draws its logo from this origin (web/build/local-assets.ts).
    await reference.locator('img[alt="redocly logo"]').waitFor();
    expect(outside).toEqual([]);
    await screenshot(page, `api-documentation-${role}`);
    await screenshot(page, `api-documentation-${role}-full`, true);
    await context.close();
  });

  it('is not offered to a sub-account without the technical module', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const scripts = recordScripts(page);
    await signInKeepingSession(page, 'sub@demo.test');
    await page.goto('/api-documentation');
    await closeTwoFactorReminder(page);
    await page.locator('[data-testid="page-title"]').first().waitFor();
    expect(await $(page, 'api-docs-signing').count()).toBe(0);
    expect(scripts.filter((s) => RENDERER_CHUNK.test(s))).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic, the code and the reference left to right', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    // The merchant's saved language is Arabic for this test only, and English again after it.
    const api = await signInKeepingSession(page, 'merchant@demo.test');
    const full = await callAs<{
      profileInfo: { name: string; phone: string; telegram_id: string; timezone: string };
    }>(page, api, 'getUserFullData');
    const { name, phone, telegram_id, timezone } = full.profileInfo;
    const saveLanguage = (lang: 'ar' | 'en') =>
      callAs(page, api, 'updateProfile', { name, phone, telegram_id, timezone, lang });
    try {
      await saveLanguage('ar');
      // A second device signs in: the saved language applies from the sign-in on.
      const arabic = await openPage(browser, baseUrl);
      const shownPage = arabic.page;
      await signInKeepingSession(shownPage, 'merchant@demo.test');
      await openDocumentation(shownPage);
      expect(await shownPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await $(shownPage, 'api-docs-signing').getByText('توقيع الطلبات').waitFor();
      const direction = (testId: string) =>
        $(shownPage, testId)
          .first()
          .evaluate((el) => getComputedStyle(el).direction);
      expect(await direction('api-docs-signing')).toBe('rtl');
      expect(await direction('api-docs-signed')).toBe('ltr');
      expect(await direction('api-docs-reference')).toBe('ltr');
      await screenshot(shownPage, 'api-documentation-merchant-arabic');
      await screenshot(shownPage, 'api-documentation-merchant-arabic-full', true);
      await arabic.context.close();
    } finally {
      await saveLanguage('en');
    }
    await context.close();
  });
});
