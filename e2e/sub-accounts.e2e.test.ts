import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, launchBrowser, openPage, readMenu, screenshot, settle } from './support/browser';
import { callAs, closeTwoFactorReminder, type ApiSession } from './support/dashboard';
import { byTestId, listSettled } from './support/lists';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

const baseUrl = inject('baseUrl');
/** This run's own names, so nothing another file or run made can pass for this one's. */
const RUN = Date.now().toString(36);
const PARENT = { email: `sa-parent-${RUN}@e2e.test`, username: `sa_parent_${RUN}` };
const SUB = { email: `sa-cashier-${RUN}@e2e.test`, username: `sa_cashier_${RUN}` };
const TEMP = 'Temporary#Pass1';
const PARENT_PASSWORD = 'Parent-own#Pass2026';
const SUB_PASSWORD = 'Cashier-own#Pass2026';

let browser: Browser;
let admin: ApiSession;

/** Signs in through the API, setting `own` at the first-time step when one is asked for. */
async function apiSignIn(email: string, password: string, own?: string): Promise<ApiSession> {
  const login = await callApi(baseUrl, 'login', { email, password });
  const data = login.data as { token?: string; username: string; challenge_token?: string };
  if (data.token) return { token: data.token, username: data.username };
  const done = await callApi(baseUrl, 'updateNewPassword', {
    challengeToken: data.challenge_token ?? '',
    newPassword: own ?? '',
  });
  const session = done.data as { token: string; username: string };
  return { token: session.token, username: session.username };
}

/** Answers the SweetAlert2 popup on top with its confirm button; returns its text. */
async function confirmPopup(page: Page): Promise<string> {
  const popup = page.locator('.swal2-popup.swal2-show');
  await popup.waitFor();
  const text = (await popup.innerText()).trim();
  const message = (await popup.locator('.swal2-html-container').innerText()).trim();
  await popup.locator('.swal2-confirm').click();
  await page.waitForFunction((shown) => {
    const open = document.querySelector<HTMLElement>('.swal2-popup.swal2-show');
    return !open || open.innerText.trim() !== shown;
  }, text);
  return message;
}

/** Confirms a change, then closes the note that it was saved; returns both texts. */
async function confirmAndAcknowledge(page: Page) {
  const question = await confirmPopup(page);
  const done = await takeSuccessNote(page);
  return { question, done };
}

const subRow = (page: Page) => byTestId(page, 'list-row').filter({ hasText: SUB.username });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiSignIn('admin@demo.test', 'DemoPass#2026');
  // A merchant of this file's own (default modules, sub_accounts among them): the changes
  // made here touch no demo account another file relies on.
  const created = await callApi(baseUrl, 'createAccount', {
    accessToken: admin.token,
    accessUsername: admin.username,
    accountType: 'merchant',
    email: PARENT.email,
    username: PARENT.username,
    name: 'Sub-account Parent Shop',
    temporaryPassword: TEMP,
  });
  expect(created.status).toBe(200);
  await apiSignIn(PARENT.email, TEMP, PARENT_PASSWORD);
});
afterAll(async () => browser?.close());

/** Signs in through the form with `password` and opens /sub-accounts. */
async function openSubAccounts(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('[data-testid="login-form"] button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await settle(page);
  await closeTwoFactorReminder(page);
  await page.goto('/sub-accounts');
  await settle(page);
  await closeTwoFactorReminder(page);
  await listSettled(page);
  await preloaderGone(page);
}

describe('a merchant manages a sub-account', () => {
  let parent: { context: BrowserContext; page: Page };
  let sub: { context: BrowserContext; page: Page };
  let subSession: ApiSession;

  beforeAll(async () => {
    parent = await openPage(browser, baseUrl);
    sub = await openPage(browser, baseUrl);
  });
  afterAll(async () => {
    await parent?.context.close();
    await sub?.context.close();
  });

  it('creates one with two modules, after field messages and a confirmation', async () => {
    const { page } = parent;
    await openSubAccounts(page, PARENT.email, PARENT_PASSWORD);
    expect(await byTestId(page, 'page-title').textContent()).toBe('Sub Accounts');
    expect(await byTestId(page, 'list-empty').count()).toBe(1);
    await byTestId(page, 'create-sub-account-open').click();
    const dialog = byTestId(page, 'create-sub-account');
    await dialog.waitFor();
    // The parent's own modules, never sub_accounts.
    expect(await dialog.locator('input[data-testid^="module-"]').count()).toBe(6);
    expect(await byTestId(dialog, 'module-sub_accounts').count()).toBe(0);
    await byTestId(dialog, 'form-continue').click();
    await byTestId(dialog, 'modules-error').waitFor();
    expect(await dialog.locator('.invalid-feedback').allInnerTexts()).toEqual([
      'This field is required.',
      'This field is required.',
      'This field is required.',
      'Choose at least one module.',
      'This field is required.',
    ]);
    await screenshot(page, 'sub-accounts-create-validation');
    await byTestId(dialog, 'field-name').fill('Front Desk Cashier');
    await byTestId(dialog, 'field-email').fill(SUB.email);
    await byTestId(dialog, 'field-username').fill(SUB.username);
    await byTestId(dialog, 'module-payin').check();
    await byTestId(dialog, 'module-reports').check();
    await byTestId(dialog, 'field-temporaryPassword').fill('weak');
    await byTestId(dialog, 'form-continue').click();
    await dialog.getByText('The password does not meet the policy below.').waitFor();
    await byTestId(dialog, 'field-temporaryPassword').fill(TEMP);
    await byTestId(dialog, 'form-continue').click();
    const { question, done } = await confirmAndAcknowledge(page);
    expect(question).toBe(
      `Create the sub-account ${SUB.username} with these modules: Pay-in, Reports?`,
    );
    expect(done).toBe(`The sub-account ${SUB.username} was created.`);
    await dialog.waitFor({ state: 'detached' });
    await subRow(page).waitFor();
    expect(await byTestId(subRow(page), 'cell-modules').innerText()).toMatch(/Pay-in\s*Reports/);
    expect(await byTestId(subRow(page), 'cell-status').innerText()).toBe('Active');
    await screenshot(page, 'sub-accounts-merchant-created');
  });

  it('the sub-account sets its own password first, then sees only its modules', async () => {
    const { page } = sub;
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(SUB.email);
    await page.locator('input[name="password"]').fill(TEMP);
    await page.locator('[data-testid="login-form"] button[type="submit"]').click();
    await page.waitForURL(
      (url) => url.pathname === '/account/merchant/security/update-new-password',
    );
    await page.locator('input[name="newPassword"]').fill(SUB_PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(SUB_PASSWORD);
    const answered = page.waitForResponse((r) => r.url().endsWith('/updateNewPassword'));
    await page.locator('button[type="submit"]').click();
    const body = (await (await answered).json()) as { data: { token: string; username: string } };
    subSession = { token: body.data.token, username: body.data.username };
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page);
    await closeTwoFactorReminder(page);
    const menu = await readMenu(page);
    expect(menu).toContain('payins -> /transactions');
    // Its own modules only: no pay-out, settlement or withdrawal group.
    expect(
      menu.filter((line) =>
        / -> \/(payouts|settlement|settlement-wallet|withdrawals)\//.test(line),
      ),
    ).toEqual([]);
    expect(menu).not.toContain('subAccounts -> /sub-accounts');
    expect(menu.some((line) => /report|ledger|balance-settlement/i.test(line))).toBe(true);
    await preloaderGone(page);
    await screenshot(page, 'sub-accounts-sub-account-menu');
  });

  it('the parent changes its modules; its next call reads them', async () => {
    const { page } = parent;
    await expect(callAs(sub.page, subSession, 'getPayoutList')).rejects.toThrow(/403/);
    await page.reload();
    await settle(page);
    await closeTwoFactorReminder(page);
    await subRow(page).waitFor();
    expect(await byTestId(subRow(page), 'cell-modules').innerText()).not.toContain('Pay-out');
    await byTestId(subRow(page), 'edit-modules').click();
    const dialog = byTestId(page, 'sub-account-modules');
    await dialog.waitFor();
    await byTestId(dialog, 'module-payin').uncheck();
    await byTestId(dialog, 'module-reports').uncheck();
    await byTestId(dialog, 'form-continue').click();
    expect(await byTestId(dialog, 'modules-error').innerText()).toBe('Choose at least one module.');
    await byTestId(dialog, 'module-payin').check();
    await byTestId(dialog, 'module-payout').check();
    await byTestId(dialog, 'form-continue').click();
    const { question } = await confirmAndAcknowledge(page);
    expect(question).toContain('Pay-in, Pay-out');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (name) =>
        Array.from(document.querySelectorAll('[data-testid="list-row"]')).some(
          (row) =>
            row.textContent?.includes(name) &&
            row.querySelector('[data-testid="cell-modules"]')?.textContent?.includes('Pay-out'),
        ),
      SUB.username,
    );
    await callAs(sub.page, subSession, 'getPayoutList');
  });

  it('the parent disables it: signed out at once, sign-in refused', async () => {
    const { page } = parent;
    await byTestId(subRow(page), 'toggle-status').click();
    const { question, done } = await confirmAndAcknowledge(page);
    expect(question).toContain(`Disable ${SUB.username}?`);
    expect(done).toBe(`${SUB.username} was disabled and signed out.`);
    await page.waitForFunction(
      (name) =>
        Array.from(document.querySelectorAll('[data-testid="list-row"]')).some(
          (row) =>
            row.textContent?.includes(name) &&
            row.querySelector('[data-testid="cell-status"]')?.textContent === 'Disabled',
        ),
      SUB.username,
    );
    // The sub-account's open page: its next call answers 440 and the app goes to sign-in.
    await sub.page.goto('/transactions');
    await sub.page.waitForURL((url) => url.pathname === '/login');
    const login = await callApi(baseUrl, 'login', { email: SUB.email, password: SUB_PASSWORD });
    expect(login.status).toBe(403);
    await screenshot(page, 'sub-accounts-merchant-disabled');
  });
});

describe('screenshots of the screen per role', () => {
  it('a demo merchant sees its demo sub-account', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await openSubAccounts(page, 'merchant@demo.test', 'DemoPass#2026');
    await byTestId(page, 'list-row').filter({ hasText: 'sub' }).first().waitFor();
    await screenshot(page, 'sub-accounts-merchant');
    await context.close();
  });

  it('a demo reseller sees its own sub-account and nobody else’s', async () => {
    const reseller = await apiSignIn('reseller@demo.test', 'DemoPass#2026');
    const username = `sa_res_${RUN}`;
    const created = await callApi(baseUrl, 'createSubAccount', {
      accessToken: reseller.token,
      accessUsername: reseller.username,
      email: `sa-res-${RUN}@e2e.test`,
      username,
      name: 'Partner Desk',
      modules: 'account_management,reports',
      temporaryPassword: TEMP,
    });
    expect(created.status).toBe(200);
    const { context, page } = await openPage(browser, baseUrl);
    await openSubAccounts(page, 'reseller@demo.test', 'DemoPass#2026');
    await byTestId(page, 'list-row').filter({ hasText: username }).waitFor();
    expect(await byTestId(page, 'list-row').filter({ hasText: SUB.username }).count()).toBe(0);
    await screenshot(page, 'sub-accounts-reseller');
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const parentApi = await apiSignIn(PARENT.email, PARENT_PASSWORD);
    const { context, page } = await openPage(browser, baseUrl);
    await callAs(page, parentApi, 'updateProfile', {
      name: 'Sub-account Parent Shop',
      phone: '',
      telegram_id: '',
      timezone: 'Default',
      lang: 'ar',
    });
    await openSubAccounts(page, PARENT.email, PARENT_PASSWORD);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await byTestId(page, 'page-title').textContent()).not.toBe('Sub Accounts');
    await subRow(page).waitFor();
    expect(await byTestId(subRow(page), 'cell-status').innerText()).toBe('معطّل');
    await screenshot(page, 'sub-accounts-merchant-arabic');
    await byTestId(subRow(page), 'reset-password').click();
    await byTestId(page, 'sub-account-reset').waitFor();
    await screenshot(page, 'sub-accounts-reset-arabic');
    await context.close();
  });
});
