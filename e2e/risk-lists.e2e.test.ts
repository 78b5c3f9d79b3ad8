import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findingLines, runAxe } from './support/accessibility';
import { auditScreen, PHONE } from './support/audited-page';
import { closeTwoFactorReminder, launchBrowser, screenshot } from './support/browser';
import { isCall, whileInArabic } from './support/dashboard';
import { byTestId, listSettled } from './support/lists';
import { openList, signedAs } from './support/money';
import { takeSuccessNote } from './support/success';

/**
 * Risk lists on the shared demo server (issue 42): an admin makes a blocklist of customer
 * emails, adds an entry (typed in mixed case, kept in lower case), imports a small CSV file with
 * the upload bar, sees the entries, and the lists and entries screens pass axe left to right and
 * in Arabic, on a desktop and on a 390 px phone.
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
const NAME = `E2E stolen emails ${Date.now()}`;

describe('risk lists', () => {
  it('an admin makes a list, adds an entry, imports a CSV and sees the entries', async () => {
    const admin = await signed('admin@demo.test');
    const { page } = admin;
    await openList(page, '/risk/lists');
    expect(findingLines('risk lists', await runAxe(page))).toEqual([]);
    await byTestId(page, 'risk-list-new').click();
    const dialog = byTestId(page, 'risk-list-dialog');
    await byTestId(dialog, 'field-name').fill(NAME);
    await byTestId(dialog, 'field-keyType').selectOption('email');
    await byTestId(dialog, 'field-listType').selectOption('block');
    await byTestId(dialog, 'field-scope').selectOption('platform');
    expect(findingLines('new list dialog', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-list-new-admin');
    await byTestId(dialog, 'risk-list-create').click();
    await byTestId(page, 'risk-list-facts').waitFor();
    // The new list opens as a page of its own: its two-factor reminder comes up first.
    await closeTwoFactorReminder(page);
    await takeSuccessNote(page);
    expect(page.url()).toMatch(/\/risk\/lists\/[0-9a-f-]{36}$/);

    await byTestId(page, 'risk-entry-open').click();
    const add = byTestId(page, 'risk-entry-dialog');
    await byTestId(add, 'field-value').fill('  Fraudster@Example.COM ');
    await byTestId(add, 'field-reason').fill('E2E chargeback ring');
    const added = page.waitForResponse((r) => isCall(r.request(), 'addRiskListEntry'));
    await byTestId(add, 'risk-entry-add').click();
    expect(((await (await added).json()) as { status: number }).status).toBe(200);
    await takeSuccessNote(page);

    await byTestId(page, 'risk-import-open').click();
    const upload = byTestId(page, 'risk-import-dialog');
    await byTestId(upload, 'risk-import-file').setInputFiles({
      name: 'entries.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'value,expires_at,reason\nmule1@example.com,,E2E mule\nmule2@example.com,2099-12-31,E2E mule\nfraudster@example.com,,E2E again\n',
      ),
    });
    expect(findingLines('import dialog', await runAxe(page))).toEqual([]);
    const imported = page.waitForResponse((r) => isCall(r.request(), 'importRiskListEntries'));
    await byTestId(upload, 'risk-import-submit').click();
    const answer = (await (await imported).json()) as {
      status: number;
      data: { added: number; duplicates: number };
    };
    expect(answer).toMatchObject({ status: 200, data: { added: 2, duplicates: 1 } });
    await upload.waitFor({ state: 'detached' });
    await listSettled(page);
    const values = await page.locator('[data-testid="cell-value"]').allInnerTexts();
    expect(values.sort()).toEqual([
      'fraudster@example.com',
      'mule1@example.com',
      'mule2@example.com',
    ]);
    expect(await byTestId(page, 'risk-active-count').innerText()).toBe('3');
    expect(findingLines('risk entries', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-list-entries-admin');
    const listPath = new URL(page.url()).pathname;

    await whileInArabic(page, 'admin@demo.test', admin.session, async () => {
      await openList(page, listPath);
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.locator('[data-testid="list-row"]').first().waitFor();
      await listSettled(page);
      expect(findingLines('risk entries ar', await runAxe(page))).toEqual([]);
      await screenshot(page, 'risk-list-entries-admin-ar');
      await openList(page, '/risk/lists');
      await page.locator('[data-testid="list-row"]').first().waitFor();
      expect(findingLines('risk lists ar', await runAxe(page))).toEqual([]);
      await screenshot(page, 'risk-lists-admin-ar');
      await page.setViewportSize(PHONE);
      await openList(page, listPath);
      await page.locator('[data-testid="list-row"]').first().waitFor();
      expect(await auditScreen(page, 'risk entries 390 ar', true)).toEqual([]);
      await listSettled(page);
      await screenshot(page, 'risk-list-entries-390-ar');
      expect(await widerThanScreen(page)).toBe(0);
      await openList(page, '/risk/lists');
      await page.locator('[data-testid="list-row"]').first().waitFor();
      expect(await auditScreen(page, 'risk lists 390 ar', true)).toEqual([]);
      await listSettled(page);
      await screenshot(page, 'risk-lists-390-ar');
      expect(await widerThanScreen(page)).toBe(0);
    });
  });
});

/** How many pixels the page is wider than the screen (0 when it fits). */
const widerThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
