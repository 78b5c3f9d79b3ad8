import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { findingLines, runAxe } from './support/accessibility';
import { auditScreen, PHONE } from './support/audited-page';
import {
  closeTwoFactorReminder,
  downloadExport,
  launchBrowser,
  screenshot,
} from './support/browser';
import { whileInArabic } from './support/dashboard';
import { byTestId } from './support/lists';
import { openList, signedAs } from './support/money';

/**
 * The per-rule risk report (issue 42, /risk/reports): an admin reaches it from a rule's editor,
 * filters it by kind and name (kept in the URL through a reload), exports it; a merchant's
 * opens on its own rules. It passes axe left to right and in Arabic, on a desktop and on a
 * 390 px phone.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

const signed = (email: string) => signedAs(browser, baseUrl, email, contexts, { audited: true });
/** The demo's rule (server/src/seed/demo-held-items.ts). */
const DEMO_RULE = 'Demo: large pay-outs held for review';
const firstRow = '[data-testid="list-row"]';

describe('risk report', () => {
  it('an admin opens a rule’s report, filters it in the URL, reloads and exports it', async () => {
    const { page, session } = await signed('admin@demo.test');
    await openList(page, `/risk/rules?search=${encodeURIComponent('Demo: large')}`);
    await byTestId(page, 'risk-rule-open').first().click();
    await closeTwoFactorReminder(page);
    await byTestId(page, 'risk-rule-report').click();
    await page.waitForURL('**/risk/reports?search=*');
    expect(new URL(page.url()).searchParams.get('search')).toBe(DEMO_RULE);
    await page.locator(firstRow).first().waitFor();
    expect(await page.locator(firstRow).first().innerText()).toContain(DEMO_RULE);

    await byTestId(page, 'risk-report-kind').selectOption('payout');
    await page.waitForURL('**kind=payout*');
    await page.reload();
    await closeTwoFactorReminder(page);
    await page.locator(firstRow).first().waitFor();
    expect(await byTestId(page, 'risk-report-kind').inputValue()).toBe('payout');
    expect(new URL(page.url()).searchParams.get('search')).toBe(DEMO_RULE);
    expect(await page.locator(firstRow).count()).toBe(1);

    const { fileName, bytes } = await downloadExport(page, 'csv');
    expect(fileName).toMatch(/\.csv$/);
    const text = bytes.toString('utf8');
    expect(text).toContain(DEMO_RULE);
    expect(text.split('\n').filter((line) => line.trim()).length).toBe(2);

    await openList(page, '/risk/reports');
    await page.locator(firstRow).first().waitFor();
    expect(findingLines('risk report', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-report-admin');
    await whileInArabic(page, 'admin@demo.test', session, async () => {
      await openList(page, '/risk/reports');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.locator(firstRow).first().waitFor();
      expect(findingLines('risk report ar', await runAxe(page))).toEqual([]);
      await screenshot(page, 'risk-report-admin-ar');
    });
  });

  it('a merchant’s report opens, and fits a 390 px phone in Arabic', async () => {
    const merchant = await signed('merchant@demo.test');
    const { page } = merchant;
    await openList(page, '/risk/reports?mode=active');
    expect(await auditScreen(page, 'risk report merchant', true)).toEqual([]);
    expect(await byTestId(page, 'risk-report-mode').inputValue()).toBe('active');
    await screenshot(page, 'risk-report-merchant');
    await page.setViewportSize(PHONE);
    await whileInArabic(page, 'merchant@demo.test', merchant.session, async () => {
      await openList(page, '/risk/reports');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await auditScreen(page, 'risk report 390 ar', true)).toEqual([]);
      await screenshot(page, 'risk-report-390-ar');
    });
  });
});
