import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import {
  formatMoney,
  LIST_COUNT_CAP,
  PAYIN_STATUSES,
  type CallResponse,
  type getPayinList,
} from '@bo/contract';
import { callApi, downloadExport, launchBrowser, openPage, screenshot } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  formFieldOf,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { takeSuccessNote } from './support/success';
import {
  byTestId,
  columnTexts,
  listAnswerAfter as answerAfter,
  listSettled,
  shownIds,
  xlsxRows,
} from './support/lists';
import { preloaderGone } from './support/wait-for-css';

/**
 * The list kit on the real pay-in list (/transactions): filters and page in the URL, restored
 * by reload and by back/forward, status tabs with their (capped) counts, search, the column
 * chooser, the export of every matching row, Arabic, and the filters each role gets.
 */
type PayinPage = CallResponse<typeof getPayinList>;

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every page of the file, so that a failure saves what each showed. */
const pages = new Map<string, Page>();
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  pages.set('admin', page);
  await signInKeepingSession(page, 'admin@demo.test');
  await closeTwoFactorReminder(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    for (const [who, shown] of pages)
      if (!shown.isClosed()) await screenshot(shown, `failed-list-kit-${name}-${who}`, true);
  });
});

const $ = (testId: string) => byTestId(page, testId);
const query = () => new URL(page.url()).searchParams;

/** Runs `act` and returns the getPayinList answer it caused, once the table shows it. */
async function listAnswerAfter(
  act: () => Promise<unknown>,
  { pageLoad = false, sent }: { pageLoad?: boolean; sent?: (request: Request) => boolean } = {},
) {
  const { response, data } = await answerAfter<PayinPage>(page, 'getPayinList', act, sent);
  // Every page load of an account without 2FA pops the reminder (spec section 4).
  if (pageLoad) await closeTwoFactorReminder(page);
  return { request: response.request(), data };
}

/** A count as the tabs and the pager show it: "at least 10,000" once the server stopped counting. */
const countText = (n: number, capped: boolean) =>
  `${capped ? 'at least ' : ''}${n.toLocaleString('en-US')}`;

/** The rows the totals strip counted, over its currencies, once it shows them. */
async function stripCount(on: Page = page): Promise<number> {
  const strip = byTestId(on, 'list-totals');
  await strip.locator('[data-testid="list-totals-currency"]').first().waitFor();
  const counts = await strip
    .locator('[data-testid="list-totals-currency"] [data-testid="list-totals-count"]')
    .evaluateAll((els) => els.map((el) => Number(el.textContent!.replace(/,/g, ''))));
  return counts.reduce((a, b) => a + b, 0);
}

describe('the list kit on the pay-in list', () => {
  it('shows the first page as the server answered it, amounts exactly, the total capped', async () => {
    const { request, data } = await listAnswerAfter(() => page.goto('/transactions'), {
      pageLoad: true,
    });
    expect(formFieldOf(request, 'page')).toBe('1');
    expect(data.rows.length).toBeGreaterThan(0);
    expect(await shownIds(page)).toEqual(data.rows.map((r) => r.id));
    expect(await columnTexts(page, 'order_id')).toEqual(data.rows.map((r) => r.order_id));
    expect(await columnTexts(page, 'amount')).toEqual(
      data.rows.map((r) => `${formatMoney(r.amount, r.currency)} ${r.currency}`),
    );
    // The demo world holds far more pay-ins than the list counts (it stops at 10,000); the
    // totals strip counted them all, and the pager says its count (issue 40).
    expect(data.total_is_capped).toBe(true);
    expect(data.total).toBe(LIST_COUNT_CAP);
    const exact = await stripCount();
    expect(exact).toBeGreaterThan(LIST_COUNT_CAP);
    await expect
      .poll(async () => (await $('list-range').innerText()).trim())
      .toBe(`1–${data.rows.length} of ${countText(exact, false)}`);
    await preloaderGone(page); // the layout's 1.5 s loader
    await screenshot(page, 'list-kit-admin');
  });

  it('shows a tab per status, with the counts the server gives, capped ones "at least"', async () => {
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
    const values = PAYIN_STATUSES.map((s) => byStatus[s] ?? 0);
    const anyCapped = values.some((n) => n >= LIST_COUNT_CAP);
    // The demo's successful pay-ins alone pass the cap: their tab says "at least".
    expect(byStatus.success).toBe(LIST_COUNT_CAP);
    // "All" (the tab shown) says the totals' exact count: the next test.
    expect(anyCapped).toBe(true);
    expect(counts.slice(1)).toEqual(values.map((n) => countText(n, n >= LIST_COUNT_CAP)));
  });

  it('says the totals’ exact count on the shown tab and the pager, a capped one "at least"', async () => {
    const totals = await answerAfter<{ totals: { count: number }[] }>(page, 'getListTotals', () =>
      listAnswerAfter(() => page.reload(), { pageLoad: true }),
    );
    const exact = totals.data.totals.reduce((sum, c) => sum + c.count, 0);
    const countOf = (status: string) =>
      $(`list-status-tab-${status}`).locator('[data-testid="list-status-count"]');
    // The shown tab ("All") and the totals say one figure, counted exactly (issue 40: "All at
    // least 20,040" stood beside totals of 99,006).
    const allTab = countOf('all');
    await expect.poll(() => allTab.getAttribute('data-capped')).toBe('false');
    expect((await allTab.innerText()).trim()).toBe(exact.toLocaleString('en-US'));
    const strip = $('list-totals');
    const stripText = await strip.innerText();
    expect(stripText).not.toContain('at least');
    expect(stripText).not.toContain('+');
    expect(await stripCount()).toBe(exact);
    expect((await $('list-range').innerText()).trim()).toMatch(
      new RegExp(` of ${exact.toLocaleString('en-US')}$`),
    );
    // A tab not shown keeps the list's count, which stopped at the cap and says so.
    const success = countOf('success');
    expect(await success.getAttribute('data-capped')).toBe('true');
    expect((await success.innerText()).trim()).toBe('at least 10,000');
    await screenshot(page, 'list-kit-capped-beside-exact');
  });

  it('keeps filters and page in the URL: reload and back/forward restore them', async () => {
    const byStatus = await listAnswerAfter(() => $('list-status-tab-success').click());
    expect(query().get('status')).toBe('success');
    expect(formFieldOf(byStatus.request, 'status')).toBe('success');
    const badges = await page
      .locator('[data-testid="list-row"] [data-testid="status-badge"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    expect(new Set(badges)).toEqual(new Set(['success']));

    await listAnswerAfter(() => $('list-page-size').selectOption('10'));
    expect(query().get('pageSize')).toBe('10');
    const firstPage = await shownIds(page);
    const second = await listAnswerAfter(() => $('list-next').click());
    expect(query().get('page')).toBe('2');
    expect(formFieldOf(second.request, 'page')).toBe('2');
    const secondPage = await shownIds(page);
    expect(secondPage).toEqual(second.data.rows.map((r) => r.id));
    expect(secondPage).not.toEqual(firstPage);

    const reloaded = await listAnswerAfter(() => page.reload(), { pageLoad: true });
    expect(formFieldOf(reloaded.request, 'page')).toBe('2');
    expect(formFieldOf(reloaded.request, 'pageSize')).toBe('10');
    expect(formFieldOf(reloaded.request, 'status')).toBe('success');
    expect(await shownIds(page)).toEqual(secondPage);
    expect((await $('list-page').innerText()).trim()).toBe('2');
    expect(await $('list-status-tab-success').getAttribute('aria-current')).toBe('page');
    expect(await $('list-page-size').inputValue()).toBe('10');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await listSettled(page);
    expect(await shownIds(page)).toEqual(firstPage);
    expect((await $('list-page').innerText()).trim()).toBe('1');

    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await listSettled(page);
    expect(await shownIds(page)).toEqual(secondPage);
  });

  it('goes back to page 1 when a filter changes', async () => {
    expect(query().get('page')).toBe('2');
    const currency = await $('list-currency').locator('option').nth(1).getAttribute('value');
    const answer = await listAnswerAfter(() => $('list-currency').selectOption(currency!));
    expect(query().get('currency')).toBe(currency);
    expect(query().has('page')).toBe(false);
    expect(formFieldOf(answer.request, 'page')).toBe('1');
    expect(formFieldOf(answer.request, 'currency')).toBe(currency);
    expect(answer.data.rows.length).toBeGreaterThan(0);
    expect(new Set(answer.data.rows.map((r) => r.currency))).toEqual(new Set([currency]));
  });

  it('finds a pay-in by its order id, and keeps the search in the URL', async () => {
    await listAnswerAfter(() => $('list-clear-filters').click());
    const { data } = await listAnswerAfter(() => $('list-next').click());
    const wanted = data.rows[3]!;
    await $('list-filter-search').fill(wanted.order_id);
    const found = await listAnswerAfter(() => $('list-apply').click());
    expect(query().get('search')).toBe(wanted.order_id);
    expect(query().has('page')).toBe(false);
    expect(formFieldOf(found.request, 'search')).toBe(wanted.order_id);
    expect(found.data.rows.map((r) => r.id)).toEqual([wanted.id]);
    expect(await shownIds(page)).toEqual([wanted.id]);
    expect((await $('list-range').innerText()).trim()).toBe('1–1 of 1');
    // Reloaded, the box still holds the search and the list still shows the one pay-in.
    await listAnswerAfter(() => page.reload(), { pageLoad: true });
    expect(await $('list-filter-search').inputValue()).toBe(wanted.order_id);
    expect(await shownIds(page)).toEqual([wanted.id]);
    await $('list-clear-filters').click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await listSettled(page);
  });

  it('sends a date preset as whole days in the chosen time zone', async () => {
    await listAnswerAfter(() => $('list-time-zone').selectOption('India'));
    const answer = await listAnswerAfter(() => $('list-date-preset').selectOption('yesterday'), {
      sent: (request) => formFieldOf(request, 'from') !== null,
    });
    const from = query().get('from')!;
    expect(query().get('to')).toBe(from);
    expect(query().get('timeZone')).toBe('India');
    // India's day starts at 18:30 UTC the day before.
    const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString();
    expect(formFieldOf(answer.request, 'from')).toBe(`${dayBefore.slice(0, 10)}T18:30:00.000Z`);
    expect(formFieldOf(answer.request, 'to')).toBe(`${from}T18:29:59.999Z`);
    // Back to a page read moments ago: it may come from the query cache, so wait for the URL.
    await $('list-clear-filters').click();
    await page.waitForURL((url) => !url.searchParams.has('from'));
    await $('list-time-zone').selectOption('Default');
    await page.waitForURL((url) => !url.searchParams.has('timeZone'));
    await listSettled(page);
  });

  it('remembers a hidden column for this user after a reload', async () => {
    await $('list-columns-button').click();
    await $('list-column-toggle-order_id').uncheck();
    await page.locator('th[data-column="order_id"]').waitFor({ state: 'detached' });
    await listAnswerAfter(() => page.reload(), { pageLoad: true });
    expect(await page.locator('th[data-column="amount"]').count()).toBe(1);
    expect(await page.locator('th[data-column="order_id"]').count()).toBe(0);
    await $('list-columns-button').click();
    await $('list-column-toggle-order_id').check();
    await page.locator('th[data-column="order_id"]').waitFor();
    await $('list-columns-button').click();
  });

  it('saves filters, sort and columns as a view; its default opens the bare list', async () => {
    await listAnswerAfter(
      () => page.goto('/transactions?status=failed&sort=amount&direction=asc'),
      {
        pageLoad: true,
      },
    );
    await $('list-columns-button').click();
    await $('list-column-toggle-order_id').uncheck();
    await page.locator('th[data-column="order_id"]').waitFor({ state: 'detached' });
    await $('list-columns-button').click();
    await $('list-views-button').click();
    await $('list-views-save').click();
    await $('saved-view-name').fill('Failed, cheapest first');
    await $('saved-view-default').check();
    await screenshot(page, 'list-kit-saved-view-dialog');
    await $('saved-view-submit').click();
    expect(await takeSuccessNote(page)).toMatch(/^The view .Failed, cheapest first. was saved\.$/);
    expect(await $('list-views-button').innerText()).toContain('Failed, cheapest first');

    // Opened with nothing in the URL, the list shows its default view: filters, sort, columns.
    await page.goto('/transactions');
    await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
    expect(query().get('sort')).toBe('amount');
    expect(query().get('direction')).toBe('asc');
    await listSettled(page);
    // Every page load of an account without 2FA pops the reminder (spec section 4).
    await closeTwoFactorReminder(page);
    expect(await page.locator('th[data-column="order_id"]').count()).toBe(0);
    // A name the list already has is refused next to the field; the dialog stays open.
    await $('list-views-button').click();
    await screenshot(page, 'list-kit-saved-views-menu');
    await $('list-views-save').click();
    await $('saved-view-name').fill('failed, CHEAPEST first');
    await $('saved-view-submit').click();
    expect(await $('field-error-name').innerText()).toBe(
      'You already have a view of this list with this name.',
    );
    await page.locator('[role="dialog"] .modal-footer .btn-light').click();

    await $('list-views-button').click();
    await $('list-view-rename').click();
    await $('saved-view-name').fill('Failed by amount');
    await $('saved-view-submit').click();
    expect(await takeSuccessNote(page)).toContain('Failed by amount');
    await $('list-views-button').click();
    await $('list-view-delete').click();
    await page.locator('.swal2-confirm').click();
    expect(await takeSuccessNote(page)).toMatch(/^The view .Failed by amount. was deleted\.$/);
    expect(await $('list-views-button').innerText()).toBe('Views');
    await $('list-columns-button').click();
    await $('list-columns-reset').click();
    await page.locator('th[data-column="order_id"]').waitFor();
    await $('list-columns-button').click();
    await $('list-clear-filters').click();
    await page.waitForURL((url) => !url.searchParams.has('status'));
  });

  it('downloads every row matching the filters, not the page on screen: CSV and XLSX', async () => {
    // The answers to the requests with these filters: an answer to an earlier request (the
    // list as the last test left it) may still be on its way when a filter changes.
    await listAnswerAfter(() => $('list-date-preset').selectOption('yesterday'), {
      sent: (request) => formFieldOf(request, 'from') !== null,
    });
    const { data } = await listAnswerAfter(() => $('list-status-tab-failed').click(), {
      sent: (request) =>
        formFieldOf(request, 'status') === 'failed' && formFieldOf(request, 'from') !== null,
    });
    expect(data.total_is_capped ?? false).toBe(false);
    // More rows than one page: the files must hold the other pages too.
    expect(data.total).toBeGreaterThan(data.rows.length);

    const download = async (format: 'csv' | 'xlsx') => {
      const file = await downloadExport(page, format);
      // The filters are in the name: a CSV's first line is its header.
      expect(file.fileName).toMatch(new RegExp(`^getPayinList-.*status=failed.*\\.${format}$`));
      return file.bytes;
    };

    const lines = (await download('csv')).toString('utf8').split('\r\n');
    expect(lines[0]!.startsWith('\uFEFFid,order_id,')).toBe(true);
    const names = 0;
    const records = lines.slice(names + 1).filter((line) => line !== '');
    // Every matching row, across all pages: the list's total, each one failed.
    expect(records.length).toBe(data.total);
    const status = lines[names]!.split(',').indexOf('status');
    expect(records.filter((line) => line.split(',')[status] !== 'failed')).toEqual([]);
    // The list's first page is the file's first rows, in the same order.
    expect(records.slice(0, data.rows.length).map((line) => line.split(',')[0])).toEqual(
      data.rows.map((r) => r.id),
    );

    const workbook = await download('xlsx');
    const sheet = xlsxRows(workbook);
    const filters = xlsxRows(workbook, 'filters');
    expect(filters[0]).toEqual(['Export', 'getPayinList']);
    expect(filters).toContainEqual(['Filter status', 'failed']);
    const header = 0;
    expect(sheet[header]!.slice(0, 2)).toEqual(['id', 'order_id']);
    const rows = sheet.slice(header + 1);
    expect(rows.length).toBe(data.total);
    const column = sheet[header]!.indexOf('status');
    expect(rows.filter((row) => row[column] !== 'failed')).toEqual([]);
    expect(rows.slice(0, data.rows.length).map((row) => row[0])).toEqual(
      data.rows.map((r) => r.id),
    );
    // Amounts are the list's exact decimal text.
    const amount = sheet[header]!.indexOf('amount');
    expect(rows.slice(0, data.rows.length).map((row) => row[amount])).toEqual(
      data.rows.map((r) => r.amount),
    );

    // The unfiltered page may come from the query cache: wait for the URL, not a request.
    await $('list-clear-filters').click();
    await page.waitForURL((url) => !url.searchParams.has('from'));
  });

  it('streams an export to the file picked, shows its progress, and cancels one under way', async () => {
    if (new URL(page.url()).pathname !== '/transactions')
      await listAnswerAfter(() => page.goto('/transactions'), { pageLoad: true });
    // The browser's save dialog, answered with a real file of the page's private file system
    // (Playwright cannot click the native dialog); the app writes to it as it would to disk.
    await page.evaluate(() => {
      Object.defineProperty(window, 'showSaveFilePicker', {
        configurable: true,
        value: async ({ suggestedName }: { suggestedName: string }) =>
          (await navigator.storage.getDirectory()).getFileHandle(suggestedName, { create: true }),
      });
    });
    const fileText = (name: string) =>
      page.evaluate(
        async (n) =>
          (
            await (await (await navigator.storage.getDirectory()).getFileHandle(n)).getFile()
          ).text(),
        name,
      );
    // The failed tab may come from the query cache: wait for the URL, not a request.
    await $('list-status-tab-failed').click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'failed');
    await $('list-export-button').click();
    await $('list-export-csv').click();
    // The name suggested says what the file holds.
    const note = await takeSuccessNote(page);
    const savedName = /^Saved .(getPayinList-.*status=failed.*\.csv).$/.exec(note)?.[1];
    expect(savedName, note).toBeDefined();
    const saved = await fileText(savedName!);
    const lines = saved.split('\r\n');
    const names = 0;
    expect(lines[names]!.replace(/^\uFEFF/, '').startsWith('id,order_id,')).toBe(true);
    const status = lines[names]!.split(',').indexOf('status');
    const records = lines.slice(names + 1).filter((line) => line !== '');
    expect(records.length).toBeGreaterThan(25);
    expect(records.filter((line) => line.split(',')[status] !== 'failed')).toEqual([]);

    // A slow line, so the export is still under way when Cancel is pressed.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 64 * 1024,
      uploadThroughput: -1,
    });
    try {
      await $('list-status-tab-all').click();
      await page.waitForURL((url) => !url.searchParams.has('status'));
      await listSettled(page);
      await $('list-export-button').click();
      await $('list-export-csv').click();
      await $('list-exporting').filter({ hasText: /KB|MB/ }).waitFor();
      await screenshot(page, 'list-kit-export-progress');
      await $('list-export-cancel').click();
      expect(await takeSuccessNote(page)).toBe('The export was cancelled.');
      await $('list-export-button').waitFor();
    } finally {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    }
    // Cancelled, nothing was kept: the file picked still holds the export before it.
    expect(await fileText(savedName!)).toBe(saved);
  });
});

describe('the pay-in list of merchants and resellers', () => {
  it("shows a merchant only the merchant's pay-ins, with no code filter naming itself", async () => {
    const merchant = await openPage(browser, baseUrl);
    pages.set('merchant', merchant.page);
    try {
      const p = merchant.page;
      await signInKeepingSession(p, 'merchant@demo.test');
      await closeTwoFactorReminder(p);
      const { data } = await answerAfter<PayinPage>(p, 'getPayinList', () =>
        p.goto('/transactions'),
      );
      await closeTwoFactorReminder(p);
      expect(data.rows.length).toBeGreaterThan(0);
      expect(new Set(data.rows.map((r) => r.merchant_db_code))).toEqual(new Set(['MER00001']));
      await byTestId(p, 'list-filter-search').waitFor();
      expect(await byTestId(p, 'list-filter-merchantDbCode').count()).toBe(0);
      expect(await byTestId(p, 'list-filter-resellerDbCode').count()).toBe(0);
      await preloaderGone(p);
      await screenshot(p, 'list-kit-merchant');
    } finally {
      await merchant.context.close();
      pages.delete('merchant');
    }
  });

  it('shows a reseller its merchants in Arabic, right to left, capped counts still say "at least"', async () => {
    const reseller = await openPage(browser, baseUrl);
    pages.set('reseller', reseller.page);
    // The reseller's saved language is Arabic for this test only: the next sign-in uses it.
    const login = await callApi(baseUrl, 'login', {
      email: 'reseller@demo.test',
      password: 'DemoPass#2026',
    });
    const api = login.data as ApiSession;
    const p = reseller.page;
    const full = await callAs<{
      profileInfo: { name: string; phone: string; telegram_id: string; timezone: string };
    }>(p, api, 'getUserFullData');
    const profile = {
      name: full.profileInfo.name,
      phone: full.profileInfo.phone,
      telegram_id: full.profileInfo.telegram_id,
      timezone: full.profileInfo.timezone,
    };
    try {
      await callAs(p, api, 'updateProfile', { ...profile, lang: 'ar' });
      await signInKeepingSession(p, 'reseller@demo.test');
      await closeTwoFactorReminder(p);
      const { data } = await answerAfter<PayinPage>(p, 'getPayinList', () =>
        p.goto('/transactions'),
      );
      await closeTwoFactorReminder(p);
      expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await p.evaluate(() => document.documentElement.lang)).toBe('ar');
      // Its own merchants only, several of them: a merchant filter, no reseller filter.
      expect(data.rows.length).toBeGreaterThan(0);
      expect(await byTestId(p, 'list-filter-merchantDbCode').count()).toBe(1);
      expect(await byTestId(p, 'list-filter-resellerDbCode').count()).toBe(0);
      // Capped counts say so in Arabic, the digits left to right inside the right-to-left page
      // (a tab not shown: the shown one says the totals' exact count).
      const [cappedStatus] = Object.entries(data.status_counts!).find(
        ([, n]) => n >= LIST_COUNT_CAP,
      )!;
      const all = byTestId(p, `list-status-tab-${cappedStatus}`).locator(
        '[data-testid="list-status-count"]',
      );
      const grouped = LIST_COUNT_CAP.toLocaleString('en-US');
      expect((await all.innerText()).trim()).toBe(`${grouped} على الأقل`);
      // The number is drawn first, at the right: the words follow it leftward.
      const [digits, words] = await all.evaluate((el, n) => {
        const text = el.firstChild!;
        const box = (from: number, to: number) => {
          const range = document.createRange();
          range.setStart(text, from);
          range.setEnd(text, to);
          return range.getBoundingClientRect().left;
        };
        return [box(0, n), box(n + 1, text.textContent!.length)];
      }, grouped.length);
      expect(digits).toBeGreaterThan(words);
      // The pager's arrows point the reading way.
      const flipped = await byTestId(p, 'list-next')
        .locator('i')
        .evaluate((icon) => getComputedStyle(icon).transform);
      expect(flipped).not.toBe('none');
      await preloaderGone(p);
      await screenshot(p, 'list-kit-reseller-arabic');
      // Saving a view in Arabic: its dialog and its note, right to left.
      await byTestId(p, 'list-views-button').click();
      expect(await byTestId(p, 'list-views-save').innerText()).toBe('حفظ طريقة العرض الحالية');
      await byTestId(p, 'list-views-save').click();
      await byTestId(p, 'saved-view-name').fill('تجار اليوم');
      await byTestId(p, 'saved-view-submit').click();
      expect(await takeSuccessNote(p)).toMatch(/^تم حفظ طريقة العرض .تجار اليوم.\.$/);
      await byTestId(p, 'list-views-button').click();
      await screenshot(p, 'list-kit-saved-views-arabic');
    } finally {
      await callAs(p, api, 'updateProfile', { ...profile, lang: 'en' });
      await reseller.context.close();
      pages.delete('reseller');
    }
  });
});
