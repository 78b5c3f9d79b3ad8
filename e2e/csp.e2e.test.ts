import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { closeTwoFactorReminder, signInKeepingSession } from './support/dashboard';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.CSP_SHOTS_DIR;
const REPORT_PATH = '/csp-reports';
const OPERATION = 'Create a pay-in; the payer pays on payment_url';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface Watch {
  /** `securitypolicyviolation` events the pages fired: directive and what was blocked. */
  violations: string[];
  /** Requests to the report endpoint (report-uri) the browser sent. */
  reports: string[];
  /** Console errors that mention the Content Security Policy. */
  consoleErrors: string[];
}

/**
 * Records every CSP violation of the page: the DOM event (registered before any page script
 * runs), the report the browser posts to report-uri, and the console error Chromium prints.
 */
async function watchPolicy(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [], reports: [], consoleErrors: [] };
  await page.exposeFunction('__cspViolation', (text: string) => watch.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile})`);
    });
  });
  page.on('request', (r) => {
    if (r.resourceType() === 'cspreport' || new URL(r.url()).pathname === REPORT_PATH)
      watch.reports.push(r.postData() ?? r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
      watch.consoleErrors.push(m.text());
  });
  return watch;
}

const $ = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('Content-Security-Policy', () => {
  it('is strict and sent with the app: no inline script, nonce for styles, no framing', async () => {
    const answer = await fetch(`${baseUrl}/login`);
    const policy = answer.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSrc.filter((s) => !s.startsWith("'nonce-"))).toEqual(["'self'"]);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain(`report-uri ${REPORT_PATH}`);
    expect(policy).not.toContain('unsafe-eval');
    const nonce = /style-src [^;]*'nonce-([0-9a-f]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const html = await answer.text();
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}"`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('shows sign-in, dashboard, a list and the API documentation with no violation', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const watch = await watchPolicy(page);
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    await shoot(page, 'login');
    await signInKeepingSession(page, 'admin@demo.test');
    await closeTwoFactorReminder(page);
    await $(page, 'page-title').first().waitFor();
    await shoot(page, 'dashboard-admin');

    const list = page.waitForResponse((r) => r.url().includes('/controller/admin/getPayinList'));
    await page.goto('/transactions');
    await list;
    await page.locator('table tbody tr').first().waitFor();
    await shoot(page, 'list-admin');

    await page.goto('/api-documentation');
    await closeTwoFactorReminder(page);
    await $(page, 'api-docs-signing').waitFor();
    await $(page, 'api-docs-reference').locator('h2', { hasText: OPERATION }).waitFor();
    await shoot(page, 'api-documentation-admin');

    // A report the browser might still be sending would be in flight by now; the page is idle.
    await page.waitForLoadState('networkidle');
    expect(watch.violations).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.reports).toEqual([]);
    await context.close();
  });

  it('would catch a violation: an inline script is blocked, reported and seen', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    const watch = await watchPolicy(page);
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    const reported = page.waitForResponse((r) => new URL(r.url()).pathname === REPORT_PATH);
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    expect((await reported).status()).toBe(204);
    expect(watch.violations.join('\n')).toContain('script-src-elem blocked inline');
    expect(watch.reports).toHaveLength(1);
    await context.close();
  });
});
