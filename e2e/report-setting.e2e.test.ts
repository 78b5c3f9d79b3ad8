import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, pathOf, screenshot, settle } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  formFieldOf,
  isCall,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { listAnswerAfter, listSettled } from './support/lists';
import { takeSuccessNote } from './support/success';

/**
 * /report-setting: the admin hides an optional column of a report and sets the default time
 * zone; the report then opens in that zone without the column (and again after a reload),
 * until the user makes a column choice of their own. A merchant cannot open the screen. The
 * server is shared with the other files, so the settings are put back afterwards.
 */
const baseUrl = inject('baseUrl');
const REPORT = 'dailyTransactionsReport';
const HIDDEN = 'payin_failed_count';

interface Settings {
  default_time_zone: string;
  reports: { report: string; columns: { id: string; shown: boolean }[] }[];
}
interface ReportAnswer {
  rows: unknown[];
  period: { from_day: string; to_day: string; time_zone: string };
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let session: ApiSession;
let original: Settings;

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);
const hiddenPairs = (s: Settings) =>
  s.reports.flatMap((r) => r.columns.filter((c) => !c.shown).map((c) => `${r.report}.${c.id}`));
const headerIds = () =>
  page
    .locator('[data-testid="list-table"] thead th')
    .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));

/** Answers the SweetAlert2 popup on top with confirm and returns its text. */
async function confirmPopup() {
  const popup = page.locator('.swal2-popup.swal2-show');
  await popup.waitFor();
  const text = (await popup.innerText()).trim();
  await popup.locator('.swal2-confirm').click();
  return text;
}

/** Waits for the success note and dismisses it. */
const closeSuccess = () => takeSuccessNote(page);

async function openReportSetting(target = page) {
  await target.goto('/report-setting');
  await settle(target);
  await closeTwoFactorReminder(target);
  await $(target, 'report-setting-form').waitFor();
}

/** Opens the daily transactions report (or reloads it) and checks it opened with the defaults. */
async function expectReportWithDefaults(open: () => Promise<unknown>) {
  const { response, data } = await listAnswerAfter<ReportAnswer>(
    page,
    'getDailyTransactionsReport',
    open,
  );
  await closeTwoFactorReminder(page);
  // No zone in the address: the report asked in the default zone and shows it chosen.
  expect(new URL(page.url()).searchParams.get('timeZone')).toBeNull();
  expect(formFieldOf(response.request(), 'timeZone')).toBe('India');
  expect(data.period.time_zone).toBe('India');
  expect(await $(page, 'list-time-zone').inputValue()).toBe('India');
  await expect.poll(() => $(page, 'report-period').innerText()).toContain('India');
  // The column hidden by default is not there; its neighbours are.
  await listSettled(page);
  const headers = await headerIds();
  expect(headers).not.toContain(HIDDEN);
  expect(headers).toContain('payin_success_count');
  // The totals under the rows are laid out with the same columns.
  const totals = await $(page, 'report-totals').locator('thead th').allInnerTexts();
  expect(totals).toContain('Pay-ins succeeded');
  expect(totals).not.toContain('Pay-ins failed');
  // No dates chosen: the date filter names the days the server read, not "Any time".
  const dateFilter = $(page, 'list-date-preset');
  expect(await dateFilter.inputValue()).toBe('');
  expect(await dateFilter.locator('option:checked').innerText()).toBe(
    `${data.period.from_day} to ${data.period.to_day}`,
  );
  return data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  // The first page of a run may wait on a server still busy after seeding the demo world.
  await page.goto('/login', { timeout: 90_000 });
  session = await signInKeepingSession(page, 'admin@demo.test');
  await closeTwoFactorReminder(page);
  original = await callAs<Settings>(page, session, 'getReportSettings');
});

afterAll(async () => {
  if (page && original) {
    await callAs(page, session, 'updateReportSettings', {
      defaultTimeZone: original.default_time_zone,
      hiddenColumns: hiddenPairs(original).join(','),
    });
  }
  await context?.close();
  await browser?.close();
});

describe('report settings', () => {
  it('hides a column and sets the zone; the report opens with both, also after a reload', async () => {
    await openReportSetting();
    expect(await $(page, 'report-setting-time-zone').inputValue()).toBe(original.default_time_zone);
    await screenshot(page, 'report-setting-admin', true);
    const card = $(page, `report-setting-${REPORT}`);
    const toggle = $(card, `report-setting-${REPORT}-${HIDDEN}`);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await $(page, 'report-setting-time-zone').selectOption('India');
    expect(await $(page, 'report-setting-unsaved').innerText()).toContain('2');

    const saved = page.waitForResponse((r) => isCall(r.request(), 'updateReportSettings'));
    await $(page, 'report-setting-save').click();
    const question = await confirmPopup();
    expect(question).toContain('India');
    expect(question).toContain('Pay-ins failed');
    const response = await saved;
    expect(formFieldOf(response.request(), 'defaultTimeZone')).toBe('India');
    expect(formFieldOf(response.request(), 'hiddenColumns')).toContain(`${REPORT}.${HIDDEN}`);
    await closeSuccess();
    expect(await $(page, 'report-setting-save').isDisabled()).toBe(true);

    await expectReportWithDefaults(() => page.goto('/daily-transactions-report'));
    await screenshot(page, 'report-setting-daily-transactions-defaults', true);
    await expectReportWithDefaults(() => page.reload());

    // The screen reads the saved settings back.
    await openReportSetting();
    expect(await $(page, 'report-setting-time-zone').inputValue()).toBe('India');
    expect(await $(page, `report-setting-${REPORT}-${HIDDEN}`).isChecked()).toBe(false);
  });

  it("keeps a user's own column choice over the defaults, and Reset brings the defaults back", async () => {
    await expectReportWithDefaults(() => page.goto('/daily-transactions-report'));
    await $(page, 'list-columns-button').click();
    await $(page, `list-column-toggle-${HIDDEN}`).check();
    await expect.poll(headerIds).toContain(HIDDEN);
    await page.keyboard.press('Escape');
    await listAnswerAfter(page, 'getDailyTransactionsReport', () => page.reload());
    await closeTwoFactorReminder(page);
    expect(await headerIds()).toContain(HIDDEN);
    await $(page, 'list-columns-button').click();
    await $(page, 'list-columns-reset').click();
    await expect.poll(headerIds).not.toContain(HIDDEN);
    await page.keyboard.press('Escape');
    // Another zone chosen on the report is written to the address, Default included.
    await listAnswerAfter(page, 'getDailyTransactionsReport', () =>
      $(page, 'list-time-zone').selectOption('Default'),
    );
    expect(new URL(page.url()).searchParams.get('timeZone')).toBe('Default');
    await expect.poll(() => $(page, 'report-period').innerText()).toContain('UTC');
  });

  it('shows the screen in Arabic, right to left', async () => {
    const full = await callAs<{
      profileInfo: { name: string; phone: string; telegram_id: string; timezone: string };
    }>(page, session, 'getUserFullData');
    const { name, phone, telegram_id, timezone } = full.profileInfo;
    const saveLanguage = (as: ApiSession, lang: 'ar' | 'en') =>
      callAs(page, as, 'updateProfile', { name, phone, telegram_id, timezone, lang });
    const arabic = await openPage(browser, baseUrl);
    try {
      await saveLanguage(session, 'ar');
      await arabic.page.goto('/login');
      await signInKeepingSession(arabic.page, 'admin@demo.test');
      await openReportSetting(arabic.page);
      expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await $(arabic.page, 'report-setting-zone').getByText('المنطقة الزمنية الافتراضية').waitFor();
      await screenshot(arabic.page, 'report-setting-admin-ar', true);
    } finally {
      await saveLanguage(session, 'en');
      await arabic.context.close();
    }
  });

  it('is not for merchants: the screen sends them home and the server refuses the change', async () => {
    const merchant = await openPage(browser, baseUrl);
    try {
      const mine = await signInKeepingSession(merchant.page, 'merchant@demo.test');
      await merchant.page.goto('/report-setting');
      await merchant.page.waitForURL((url) => url.pathname === '/');
      expect(pathOf(merchant.page)).toBe('/');
      expect(await $(merchant.page, 'report-setting').count()).toBe(0);
      // A merchant reads the defaults (its reports need them) but cannot change them.
      const read = await callAs<Settings>(merchant.page, mine, 'getReportSettings');
      expect(read.default_time_zone).toBe('India');
      await expect(
        callAs(merchant.page, mine, 'updateReportSettings', {
          defaultTimeZone: 'Default',
          hiddenColumns: '',
        }),
      ).rejects.toThrow(/403/);
    } finally {
      await merchant.context.close();
    }
  });
});
