import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  callApi,
  downloadExport,
  launchBrowser,
  openPage,
  pathOf,
  screenshot,
  signIn,
} from './support/browser';
import { callAs, closeTwoFactorReminder, type ApiSession } from './support/dashboard';
import { fillAccountForm, saveForm, TEMP } from './support/accounts';
import { byTestId, listAnswerAfter, listSettled } from './support/lists';
import { preloaderGone } from './support/wait-for-css';

const baseUrl = inject('baseUrl');
/** This run's own names, so nothing another file or run made can pass for this one's. */
const RUN = Date.now().toString(36);
const RESELLER = {
  name: `Acme Partners ${RUN}`,
  email: `acme-${RUN}@e2e.test`,
  username: `acme_${RUN}`,
};
const MERCHANT = {
  name: `Acme Shop ${RUN}`,
  email: `acme-shop-${RUN}@e2e.test`,
  username: `acme_shop_${RUN}`,
};

const OWN_PASSWORD = 'Acme-own#Pass2026';

let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;
let resellerCode = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: adminContext, page: admin } = await openPage(browser, baseUrl));
  await signIn(admin, 'admin@demo.test');
  await closeTwoFactorReminder(admin);
});
afterAll(async () => {
  await adminContext?.close();
  await browser?.close();
});

/** Opens `path` (or reloads) and closes the 2FA reminder the app pops on each page. */
async function visit(page: Page, path: string | null) {
  if (path === null) await page.reload();
  else await page.goto(path);
  // The reminder pops once the preloader has gone; on a busy machine that takes a while.
  await preloaderGone(page);
  await closeTwoFactorReminder(page);
}

/** A screenshot once the page preloader has gone. */
async function shot(page: Page, name: string, fullPage = false) {
  await preloaderGone(page);
  await screenshot(page, name, fullPage);
}

const rowWith = (page: Page, text: string) => byTestId(page, 'list-row').filter({ hasText: text });

describe('an admin manages resellers and merchants', () => {
  it('creates a reseller through the form; the list shows it with the first-time password flag', async () => {
    await visit(admin, '/reseller');
    await listSettled(admin);
    await byTestId(admin, 'account-new').click();
    await fillAccountForm(admin, RESELLER, 'MYR');
    await saveForm(admin, 'getResellerList');
    const row = rowWith(admin, RESELLER.email);
    await row.waitFor();
    resellerCode = (await byTestId(row, 'account-code').innerText()).trim();
    expect(resellerCode).toMatch(/^RES[0-9A-F]{8}$/);
    expect(await row.innerText()).toContain('MYR');
    await shot(admin, 'accounts-resellers-admin');
  });

  it('keeps the search and the status tab in the URL across a reload, and exports every match', async () => {
    await listAnswerAfter(admin, 'getResellerList', async () => {
      await byTestId(admin, 'list-filter-search').fill(RUN);
      await byTestId(admin, 'list-apply').click();
    });
    await listAnswerAfter(admin, 'getResellerList', () =>
      byTestId(admin, 'list-status-tab-active').click(),
    );
    const url = new URL(admin.url());
    expect(url.searchParams.get('search')).toBe(RUN);
    expect(url.searchParams.get('status')).toBe('active');
    await visit(admin, null);
    await listSettled(admin);
    expect(await byTestId(admin, 'list-filter-search').inputValue()).toBe(RUN);
    expect(await byTestId(admin, 'list-row').count()).toBe(1);
    await rowWith(admin, RESELLER.email).waitFor();

    const file = await downloadExport(admin, 'csv');
    // The filters are in the file's name; its first line is the header.
    expect(file.fileName).toContain(`getResellerList-search=${RUN}`);
    const text = file.bytes.toString('utf8');
    expect(text.startsWith('\uFEFFid,')).toBe(true);
    expect(text).toContain(RESELLER.email);
    expect(text).not.toContain('reseller@demo.test');
  });

  it('creates a merchant under the new reseller from the merchants screen', async () => {
    await visit(admin, '/merchants');
    await listSettled(admin);
    await byTestId(admin, 'account-new').click();
    await fillAccountForm(admin, MERCHANT, 'USDT');
    const reseller = byTestId(admin, 'account-reseller');
    await reseller.locator(`option[value="${resellerCode}"]`).waitFor({ state: 'attached' });
    await reseller.selectOption(resellerCode);
    await saveForm(admin, 'getMerchantList');
    const row = rowWith(admin, MERCHANT.email);
    await row.waitFor();
    expect(await row.innerText()).toContain(resellerCode);
    await shot(admin, 'accounts-merchants-admin');
  });

  it("opens the reseller's detail and, from it, its merchants only", async () => {
    await visit(admin, `/reseller/${resellerCode}`);
    const profile = byTestId(admin, 'reseller-profile');
    await profile.waitFor();
    expect(await profile.innerText()).toContain(RESELLER.email);
    await byTestId(admin, 'reseller-activity').getByText('account.create').first().waitFor();
    await shot(admin, 'accounts-reseller-detail-admin', true);
    await listAnswerAfter(admin, 'getMerchantList', () =>
      byTestId(admin, 'reseller-merchants-link').click(),
    );
    expect(pathOf(admin)).toBe(`/merchants/from-reseller=${resellerCode}`);
    const rows = await byTestId(admin, 'list-row').allInnerTexts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(MERCHANT.email);
  });
});

describe('a reseller sees only its own merchants', () => {
  let context: BrowserContext;
  let page: Page;
  let done: { status: number; data?: unknown };

  beforeAll(async () => {
    // The new reseller sets its own password at the first-time step, then signs in.
    const login = await callApi(baseUrl, 'login', { email: RESELLER.email, password: TEMP });
    expect(login.status).toBe(200);
    const challenge = (login.data as { challenge_token: string }).challenge_token;
    done = await callApi(baseUrl, 'updateNewPassword', {
      challengeToken: challenge,
      newPassword: OWN_PASSWORD,
    });
    expect(done.status).toBe(200);
    ({ context, page } = await openPage(browser, baseUrl));
    await signIn(page, RESELLER.email, OWN_PASSWORD);
    await closeTwoFactorReminder(page);
  });
  afterAll(async () => context?.close());

  it('lists its merchant and none of the demo resellers’ merchants', async () => {
    await visit(page, '/merchants');
    await listSettled(page);
    const rows = await byTestId(page, 'list-row').allInnerTexts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(MERCHANT.email);
    await shot(page, 'accounts-merchants-reseller');
    await visit(page, '/reseller');
    await byTestId(page, 'resellers-admin-only').waitFor();
    await shot(page, 'accounts-resellers-reseller');
  });

  it('shows the merchants screen right to left in Arabic', async () => {
    const session = done.data as ApiSession;
    await callAs(page, session, 'updateProfile', {
      name: RESELLER.name,
      phone: '',
      telegram_id: '',
      timezone: 'Default',
      lang: 'ar',
    });
    const arabic = await openPage(browser, baseUrl);
    await signIn(arabic.page, RESELLER.email, OWN_PASSWORD);
    await visit(arabic.page, '/merchants');
    await listSettled(arabic.page);
    expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await byTestId(arabic.page, 'account-new').getByText('تاجر جديد').waitFor();
    await shot(arabic.page, 'accounts-merchants-reseller-ar');
    await arabic.context.close();
  });
});

describe('disabling an account', () => {
  it('asks first, then shows the merchant disabled', async () => {
    await visit(admin, `/merchants?search=${encodeURIComponent(MERCHANT.username)}`);
    await listSettled(admin);
    const row = rowWith(admin, MERCHANT.email);
    await byTestId(row, 'account-disable').click();
    const confirm = byTestId(admin, 'account-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(MERCHANT.name);
    await shot(admin, 'accounts-disable-confirm-admin');
    await listAnswerAfter(admin, 'getMerchantList', () =>
      byTestId(admin, 'account-confirm-yes').click(),
    );
    await expect
      .poll(() => byTestId(row, 'account-status').getAttribute('data-status'))
      .toBe('disabled');
    const refused = await callApi(baseUrl, 'login', { email: MERCHANT.email, password: TEMP });
    expect(refused.status).toBe(403);
  });
});
