import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  SETTLEMENT_LIFECYCLE,
  TOP_UP_LIFECYCLE,
  WITHDRAWAL_LIFECYCLE,
} from '@bo/contract';
import {
  callApi,
  DEMO_PASSWORD,
  launchBrowser,
  openPage,
  screenshot,
  settle,
} from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

const baseUrl = inject('baseUrl');
/** This run's own names: the merchant made here is the only one whose requests it reads. */
const RUN = Date.now().toString(36).toLowerCase();
const MERCHANT_EMAIL = `support.${RUN}@e2e.test`;
const SUBJECT = `Callback missing ${RUN}`;
const ANSWER = 'We re-sent the callback, please check your endpoint.';
const CLOSING = 'Confirmed by the merchant, closing.';

let browser: Browser;
let merchantCode = '';

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);

/** Answers the SweetAlert2 popup on top with confirm (or cancel) and returns its text. */
async function answerPopup(page: Page, answer: 'confirm' | 'cancel' = 'confirm') {
  const popup = page.locator('.swal2-popup.swal2-show');
  await popup.waitFor();
  const text = (await popup.innerText()).trim();
  await popup.locator(`.swal2-${answer}`).click();
  await page.waitForFunction((shown) => {
    const open = document.querySelector<HTMLElement>('.swal2-popup.swal2-show');
    return !open || open.innerText.trim() !== shown;
  }, text);
  return text;
}

/** A screenshot once the layout's 1.5 s loader has gone. */
async function shot(page: Page, name: string, fullPage = false) {
  await preloaderGone(page);
  await screenshot(page, name, fullPage);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  await closeTwoFactorReminder(page);
}

/** The support list's rows as subject and status, once the list has answered. */
async function listedRequests(page: Page) {
  await $(page, 'list-table').waitFor();
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="list-table"] .spinner-border'),
  );
  return $(page, 'list-row').evaluateAll((rows) =>
    rows.map((row) => ({
      subject: (row.querySelector('[data-testid="support-open"]') as HTMLElement | null)?.innerText,
      status: row.querySelector('[data-testid="support-status"]')?.getAttribute('data-status'),
    })),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A merchant of this run's own, so filing, answering and Arabic change nobody else's data.
  const { context, page } = await openPage(browser, baseUrl);
  const admin = await signInKeepingSession(page, 'admin@demo.test');
  const created = await callAs<{ account_db_code: string }>(page, admin, 'createAccount', {
    accountType: 'merchant',
    email: MERCHANT_EMAIL,
    username: `support${RUN}`,
    name: `Support Shop ${RUN}`,
    telegram: '@support_shop',
    resellerDbCode: 'RES00001',
    temporaryPassword: 'Temporary#Pass1',
  });
  merchantCode = created.account_db_code;
  const step = await callApi(baseUrl, 'login', {
    email: MERCHANT_EMAIL,
    password: 'Temporary#Pass1',
  });
  const challenge = (step.data as { challenge_token: string }).challenge_token;
  const done = await callApi(baseUrl, 'updateNewPassword', {
    challengeToken: challenge,
    newPassword: DEMO_PASSWORD,
  });
  expect(done.status).toBe(200);
  await context.close();
});
afterAll(async () => browser?.close());

describe('technical support', () => {
  let merchant: { context: BrowserContext; page: Page; session: ApiSession };
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    const m = await openPage(browser, baseUrl);
    merchant = { ...m, session: await signInKeepingSession(m.page, MERCHANT_EMAIL) };
    admin = await openPage(browser, baseUrl);
    await signInKeepingSession(admin.page, 'admin@demo.test');
  });
  afterAll(async () => {
    await merchant?.context.close();
    await admin?.context.close();
  });

  it('shows the merchant how to reach support and an empty list', async () => {
    const { page } = merchant;
    await visit(page, '/technical-support');
    expect(await $(page, 'page-title').textContent()).toBe('Technical Support');
    expect(await $(page, 'support-channel-telegram').innerText()).toContain('@support_shop');
    await $(page, 'support-channel-announcements').locator('a[href^="http"]').waitFor();
    expect(await listedRequests(page)).toEqual([]);
    await shot(page, 'technical-support-merchant-empty', true);
  });

  it('refuses an incomplete form in place, then files the request', async () => {
    const { page } = merchant;
    const form = $(page, 'support-request-form');
    await $(form, 'support-submit').click();
    expect(await form.locator('.invalid-feedback').allInnerTexts()).toEqual([
      'Enter a subject.',
      'Choose a category.',
      'Write at least 10 characters.',
    ]);
    await $(form, 'support-subject').fill(SUBJECT);
    await $(form, 'support-category').selectOption('payin');
    await $(form, 'support-message').fill(
      'The pay-in succeeded but our server never got a callback.',
    );
    await $(form, 'support-transaction-reference').fill(`ORDER-${RUN}`);
    const sent = page.waitForResponse((r) => r.url().endsWith('/createSupportRequest'));
    await $(form, 'support-submit').click();
    expect((await sent).status()).toBe(200);
    expect(await takeSuccessNote(page)).toContain('Your request was sent.');
    await page.waitForFunction((subject) => document.body.innerText.includes(subject), SUBJECT);
    expect(await listedRequests(page)).toEqual([{ subject: SUBJECT, status: 'open' }]);
    expect(await $(form, 'support-subject').inputValue()).toBe('');
    await shot(page, 'technical-support-merchant-filed', true);
  });

  it('lets the admin find it, answer it and close it after confirming', async () => {
    const { page } = admin;
    await visit(page, `/technical-support?search=${merchantCode}`);
    expect(await listedRequests(page)).toEqual([{ subject: SUBJECT, status: 'open' }]);
    expect(await $(page, 'support-request-form').count()).toBe(0);
    await shot(page, 'technical-support-admin-list', true);

    await $(page, 'support-open').first().click();
    const dialog = $(page, 'support-request-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(`ORDER-${RUN}`);
    await $(dialog, 'support-decide-answered').click();
    await $(dialog, 'support-decision-send').click();
    expect(await dialog.locator('.invalid-feedback').innerText()).toBe(
      'Write a note for the requester.',
    );
    await $(dialog, 'support-note').fill(ANSWER);
    await shot(page, 'technical-support-admin-answer');
    await $(dialog, 'support-decision-send').click();
    expect(await takeSuccessNote(page)).toContain('The answer was saved.');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="support-status"][data-status="answered"]'),
    );

    await $(page, 'support-open').first().click();
    await $(dialog, 'support-admin-note').getByText(ANSWER).waitFor();
    await $(dialog, 'support-decide-closed').click();
    await $(dialog, 'support-note').fill(CLOSING);
    await $(dialog, 'support-decision-send').click();
    // Closing is final: cancelling the confirmation sends nothing.
    expect(await answerPopup(page, 'cancel')).toContain('A closed request cannot be reopened.');
    expect(await listedRequests(page)).toEqual([{ subject: SUBJECT, status: 'answered' }]);
    await $(dialog, 'support-decision-send').click();
    await answerPopup(page);
    expect(await takeSuccessNote(page)).toContain('The request was closed.');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="support-status"][data-status="closed"]'),
    );
    // The status filter keeps its choice in the URL.
    await $(page, 'support-status-filter').selectOption('closed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'closed');
    expect(await listedRequests(page)).toEqual([{ subject: SUBJECT, status: 'closed' }]);
  });

  it('shows the merchant its request closed with the admin’s note', async () => {
    const { page } = merchant;
    await visit(page, '/technical-support');
    expect(await listedRequests(page)).toEqual([{ subject: SUBJECT, status: 'closed' }]);
    await $(page, 'support-open').first().click();
    const dialog = $(page, 'support-request-dialog');
    expect(await $(dialog, 'support-admin-note').innerText()).toContain(CLOSING);
    expect(await $(dialog, 'support-decide-closed').count()).toBe(0);
    await shot(page, 'technical-support-merchant-closed');
    await page.keyboard.press('Escape');
  });

  it('shows a reseller its own (empty) support list', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, 'reseller2@demo.test');
    await visit(page, '/technical-support');
    await $(page, 'support-request-form').waitFor();
    await listedRequests(page);
    await shot(page, 'technical-support-reseller', true);
    await context.close();
  });
});

describe('technical information', () => {
  it('lists every lifecycle’s statuses from the contract, and the sandbox rules', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, MERCHANT_EMAIL);
    await visit(page, '/technical-information');
    await $(page, 'tech-info-sandbox').waitFor();
    const lifecycles = {
      payin: PAYIN_LIFECYCLE,
      payout: PAYOUT_LIFECYCLE,
      settlement: SETTLEMENT_LIFECYCLE,
      withdrawal: WITHDRAWAL_LIFECYCLE,
      top_up: TOP_UP_LIFECYCLE,
    };
    for (const [name, machine] of Object.entries(lifecycles)) {
      const states = await $(page, `tech-info-lifecycle-${name}`)
        .locator('[data-testid="tech-info-state"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
      expect(states).toEqual([...machine.states]);
    }
    expect(await $(page, 'tech-info-base-url').innerText()).toBe(`${baseUrl}/api/v1`);
    expect(await $(page, 'tech-info-sandbox-rule').count()).toBe(3);
    expect(await $(page, 'tech-info-error').count()).toBeGreaterThan(5);
    await shot(page, 'technical-information-merchant', true);
    await context.close();
  });

  it('shows the same page to an admin', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, 'admin@demo.test');
    await visit(page, '/technical-information');
    await $(page, 'tech-info-sandbox').waitFor();
    await shot(page, 'technical-information-admin');
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    // This run's merchant reads Arabic from now on: its next sign-in uses it.
    const login = await callApi(baseUrl, 'login', {
      email: MERCHANT_EMAIL,
      password: DEMO_PASSWORD,
    });
    await callAs(page, login.data as ApiSession, 'updateProfile', {
      name: `Support Shop ${RUN}`,
      phone: '',
      telegram_id: '@support_shop',
      timezone: 'Default',
      lang: 'ar',
    });
    await signInKeepingSession(page, MERCHANT_EMAIL);
    await visit(page, '/technical-support');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await $(page, 'support-contacts').getByText('التواصل مع الدعم').waitFor();
    await listedRequests(page);
    await shot(page, 'technical-support-merchant-arabic', true);
    await visit(page, '/technical-information');
    await $(page, 'tech-info-sandbox').waitFor();
    await shot(page, 'technical-information-merchant-arabic');
    await context.close();
  });

  it('is refused to an account without the technical module', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    await signInKeepingSession(page, 'sub@demo.test');
    await page.goto('/technical-information');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
