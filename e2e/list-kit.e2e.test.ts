import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import {
  formatMoney,
  LIST_COUNT_CAP,
  PAYIN_STATUSES,
  type CallResponse,
  type getPayinList,
} from '@bo/contract';
import { launchBrowser, openPage, screenshot } from './support/browser';
import {
  closeTwoFactorReminder,
  formFieldOf,
  isCall,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';

/**
 * The list kit on its example list (the pay-in list at /transactions): filters and page in the
 * URL, restored by reload and by back/forward, status tabs, the column chooser, the export.
 */
type PayinPage = CallResponse<typeof getPayinList>;

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  session = await signInKeepingSession(page, 'admin@demo.test');
  await closeTwoFactorReminder(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const $ = (testId: string) => page.locator(`[data-testid="${testId}"]`);
const query = () => new URL(page.url()).searchParams;
const isPayinList = (r: Response) => isCall(r.request(), 'getPayinList');

/** Runs `act` and returns the getPayinList answer it caused, once the table shows it. */
async function listAnswerAfter(act: () => Promise<unknown>, { pageLoad = false } = {}) {
  const answered = page.waitForResponse(isPayinList);
  await act();
  const response = await answered;
  const body = (await response.json()) as { status: number; data: PayinPage };
  expect(body.status).toBe(200);
  await page.locator('[data-testid="list-table"] tbody:not([aria-busy])').waitFor();
  // Every page load of an account without 2FA pops the reminder (spec section 4).
  if (pageLoad) await closeTwoFactorReminder(page);
  return { request: response.request(), data: body.data };
}

/** The order ids the table shows, in order. */
const shownOrderIds = () =>
  page
    .locator('[data-testid="list-row"] td:first-child')
    .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).innerText.trim()));

describe('the list kit on the pay-in list', () => {
  it('shows the first page as the server answered it, amounts exactly', async () => {
    const { request, data } = await listAnswerAfter(() => page.goto('/transactions'), {
      pageLoad: true,
    });
    expect(formFieldOf(request, 'page')).toBe('1');
    expect(data.rows.length).toBeGreaterThan(0);
    expect(await shownOrderIds()).toEqual(data.rows.map((r) => r.order_id));
    const first = data.rows[0]!;
    const amount = await page.locator('[data-testid="list-row"]').first().locator('td').nth(3);
    expect((await amount.innerText()).trim()).toBe(
      `${formatMoney(first.amount)} ${first.currency}`,
    );
    const range = (await $('list-range').innerText()).trim();
    // A total past the server's count cap reads "10,000+".
    const totalText = `${data.total.toLocaleString('en-US')}${data.total_is_capped ? '+' : ''}`;
    expect(range).toBe(`1–${data.rows.length} of ${totalText}`);
    await screenshot(page, 'list-kit-admin');
  });

  it('shows a tab per status, with the counts the server gives', async () => {
    const tabs = await page
      .locator('[data-testid^="list-status-tab-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(tabs).toEqual(['all', ...PAYIN_STATUSES].map((s) => `list-status-tab-${s}`));
    const { data } = await listAnswerAfter(() => page.reload(), { pageLoad: true });
    const counts = await page
      .locator('[data-testid="list-status-count"]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.trim()));
    expect(data.status_counts).toBeDefined();
    const byStatus = data.status_counts!;
    // A count that reached the server's cap reads "10,000+", and so does "All" then.
    const text = (n: number, capped: boolean) => `${n.toLocaleString('en-US')}${capped ? '+' : ''}`;
    const values = PAYIN_STATUSES.map((s) => byStatus[s] ?? 0);
    const anyCapped = values.some((n) => n >= LIST_COUNT_CAP);
    expect(counts).toEqual([
      text(
        values.reduce((a, b) => a + b, 0),
        anyCapped,
      ),
      ...values.map((n) => text(n, n >= LIST_COUNT_CAP)),
    ]);
  });

  it('keeps filters and page in the URL: reload and back/forward restore them', async () => {
    const byStatus = await listAnswerAfter(() => $('list-status-tab-success').click());
    expect(query().get('status')).toBe('success');
    expect(formFieldOf(byStatus.request, 'status')).toBe('success');
    const badges = await page
      .locator('[data-testid="list-row"] [data-testid="status-badge"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    expect(new Set(badges)).toEqual(new Set(['success']));

    // A page size small enough for a second page of the demo's successful pay-ins.
    await listAnswerAfter(() => $('list-page-size').selectOption('10'));
    expect(query().get('pageSize')).toBe('10');
    const firstPage = await shownOrderIds();
    const second = await listAnswerAfter(() => $('list-next').click());
    expect(query().get('page')).toBe('2');
    expect(formFieldOf(second.request, 'page')).toBe('2');
    const secondPage = await shownOrderIds();
    expect(secondPage).toEqual(second.data.rows.map((r) => r.order_id));
    expect(secondPage).not.toEqual(firstPage);

    const reloaded = await listAnswerAfter(() => page.reload(), { pageLoad: true });
    expect(formFieldOf(reloaded.request, 'page')).toBe('2');
    expect(formFieldOf(reloaded.request, 'status')).toBe('success');
    expect(await shownOrderIds()).toEqual(secondPage);
    expect((await $('list-page').innerText()).trim()).toBe('2');
    expect(await $('list-status-tab-success').getAttribute('aria-current')).toBe('page');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await page.locator('[data-testid="list-table"] tbody:not([aria-busy])').waitFor();
    expect(await shownOrderIds()).toEqual(firstPage);
    expect((await $('list-page').innerText()).trim()).toBe('1');

    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.locator('[data-testid="list-table"] tbody:not([aria-busy])').waitFor();
    expect(await shownOrderIds()).toEqual(secondPage);
  });

  it('goes back to page 1 when a filter changes', async () => {
    expect(query().get('page')).toBe('2');
    const currency = await $('list-currency').locator('option').nth(1).getAttribute('value');
    const answer = await listAnswerAfter(() => $('list-currency').selectOption(currency!));
    expect(query().get('currency')).toBe(currency);
    expect(query().has('page')).toBe(false);
    expect(formFieldOf(answer.request, 'page')).toBe('1');
    expect(formFieldOf(answer.request, 'currency')).toBe(currency);
    expect(new Set(answer.data.rows.map((r) => r.currency))).toEqual(
      answer.data.rows.length ? new Set([currency]) : new Set(),
    );
  });

  it('sends a date preset as whole days in the chosen time zone', async () => {
    await listAnswerAfter(() => $('list-time-zone').selectOption('India'));
    const answer = await listAnswerAfter(() => $('list-date-preset').selectOption('yesterday'));
    const from = query().get('from')!;
    expect(query().get('to')).toBe(from);
    // India's day starts at 18:30 UTC the day before.
    const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString();
    expect(formFieldOf(answer.request, 'from')).toBe(`${dayBefore.slice(0, 10)}T18:30:00.000Z`);
    expect(formFieldOf(answer.request, 'to')).toBe(`${from}T18:29:59.999Z`);
    await listAnswerAfter(() => $('list-clear-filters').click());
    expect(query().has('from')).toBe(false);
  });

  it('remembers a hidden column for this user after a reload', async () => {
    await $('list-columns-button').click();
    await $('list-column-toggle-fee').uncheck();
    await page.locator('th[data-column="fee"]').waitFor({ state: 'detached' });
    await listAnswerAfter(() => page.reload(), { pageLoad: true });
    expect(await page.locator('th[data-column="amount"]').count()).toBe(1);
    expect(await page.locator('th[data-column="fee"]').count()).toBe(0);
    await $('list-columns-button').click();
    await $('list-column-toggle-fee').check();
    await page.locator('th[data-column="fee"]').waitFor();
  });

  it('downloads every row matching the filters, not the page on screen', async () => {
    await listAnswerAfter(() => $('list-date-preset').selectOption('yesterday'));
    const { data } = await listAnswerAfter(() => $('list-status-tab-failed').click());
    expect(data.total_is_capped ?? false).toBe(false);
    expect(data.total).toBeGreaterThan(data.rows.length === 0 ? -1 : 0);
    await $('list-export-button').click();
    const download = page.waitForEvent('download');
    await $('list-export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^getPayinList-.*\.csv$/);
    const lines = readFileSync((await file.path())!, 'utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFExport,getPayinList');
    expect(lines).toContain('Filter status,failed');
    const names = lines.findIndex((line) => line.startsWith('id,order_id,'));
    const rows = lines.slice(names + 1).filter((line) => line !== '');
    // Every matching row, across all pages: the list's total, each one failed.
    expect(rows.length).toBe(data.total);
    expect(rows.filter((line) => !line.includes(',failed,'))).toEqual([]);
    // The unfiltered page may come from the query cache: wait for the URL, not a request.
    await $('list-clear-filters').click();
    await page.waitForURL((url) => !url.searchParams.has('from'));
  });

  it("shows a merchant only the merchant's pay-ins", async () => {
    const merchant = await openPage(browser, baseUrl);
    try {
      const p = merchant.page;
      await signInKeepingSession(p, 'merchant@demo.test');
      await closeTwoFactorReminder(p);
      const answered = p.waitForResponse(isPayinList);
      await p.goto('/transactions');
      const data = ((await (await answered).json()) as { data: PayinPage }).data;
      await p.locator('[data-testid="list-table"] tbody:not([aria-busy])').waitFor();
      expect(new Set(data.rows.map((r) => r.merchant_db_code))).toEqual(new Set(['MER00001']));
      await screenshot(p, 'list-kit-merchant');
    } finally {
      await merchant.context.close();
    }
  });
});
