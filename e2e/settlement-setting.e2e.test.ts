import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { AdminLogRow, CallResponse, getSettlementSettings } from '@bo/contract';
import {
  launchBrowser,
  openPage,
  pathOf,
  readMenu,
  screenshot,
  settle,
  SUITE_CONTEXT,
} from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  isCall,
  signInKeepingSession,
  whileInArabic,
  type ApiSession,
} from './support/dashboard';
import { dialogRefusal, takeSuccessNote } from './support/success';
import { findingLines, runAxe } from './support/accessibility';

type Settings = CallResponse<typeof getSettlementSettings>;

const baseUrl = inject('baseUrl');
const MERCHANT = 'merchant@demo.test';
const ADMIN = 'admin@demo.test';
/** USDT's own contract address on TRON: a real TRC-20 address with a good checksum. */
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The same with its last character changed: the right shape, a wrong checksum. */
const TRON_BAD_CHECKSUM = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u';

/** This run's own names, so nothing left by another run can pass for this one's accounts. */
const RUN = Date.now().toString(36).toUpperCase();
const FIRST = {
  bankName: `Kasikorn ${RUN}`,
  accountHolder: 'Siam Digital Store',
  accountNumber: `111-${RUN}`,
};
const SECOND = {
  bankName: `Bangkok Bank ${RUN}`,
  accountHolder: 'Siam Digital Co.',
  accountNumber: `222-${RUN}`,
};
const SECOND_EDITED = { ...SECOND, accountHolder: 'Siam Digital Co., Ltd.' };
type Details = typeof FIRST;
/** The second account's id, once saved: the admin log is read for it. */
let secondAccountId = '';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);
const rowOf = (page: Page, bankName: string) =>
  page.locator('[data-testid="bank-account-row"]', { hasText: bankName });

/** The accounts as listed: bank, holder, number, currency and whether the Default badge shows. */
function readRows(page: Page) {
  return $(page, 'bank-account-row').evaluateAll((rows) =>
    rows.map((row) => {
      const read = (id: string) =>
        (row.querySelector(`[data-testid="${id}"]`) as HTMLElement | null)?.innerText.trim();
      return {
        bank: read('bank-name'),
        holder: read('account-holder'),
        number: read('account-number'),
        currency: read('account-currency'),
        isDefault: row.querySelector('[data-testid="default-badge"]') !== null,
      };
    }),
  );
}
const listed = (d: Details, isDefault: boolean) => ({
  bank: d.bankName,
  holder: d.accountHolder,
  number: d.accountNumber,
  currency: 'Any currency',
  isDefault,
});

/**
 * Waits for the SweetAlert2 popup, answers it with its confirm (or cancel) button and returns its
 * text once it has gone: closed, or replaced by the next popup (a confirmation by its outcome).
 */
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

/** Counts the calls of `name` the page sends from now on. */
function countCalls(page: Page, name: string) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (isCall(request, name)) counter.count += 1;
  });
  return counter;
}

async function fillBankForm(dialog: Locator, details: Details) {
  for (const [name, value] of Object.entries(details))
    await dialog.locator(`input[name="${name}"]`).fill(value);
}

/** The review step's values, in order. */
const reviewValues = (dialog: Locator) => $(dialog, 'review-value').allInnerTexts();

describe('merchant', () => {
  let context: BrowserContext;
  let page: Page;
  let session: ApiSession;
  const serverSettings = () => callAs<Settings>(page, session, 'getSettlementSettings');

  beforeAll(async () => {
    ({ context, page } = await openPage(browser, baseUrl));
    session = await signInKeepingSession(page, MERCHANT);
    await closeTwoFactorReminder(page);
    // Start from no settings at all, whatever an earlier file or run left.
    const before = await serverSettings();
    for (const account of before.bank_accounts)
      await callAs(page, session, 'removeSettlementBankAccount', { id: account.id });
    if (before.wallet) await callAs(page, session, 'removeSettlementWallet');
    await page.goto('/settlement-setting');
    await settle(page);
    await closeTwoFactorReminder(page);
  });
  afterAll(async () => context?.close());

  it('shows both cards empty, each with its way to start', async () => {
    expect(await $(page, 'page-title').textContent()).toBe('Settlement Setting');
    const empty = $(page, 'bank-accounts-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toContain('No bank account yet');
    await expect($(empty, 'add-bank-account').isVisible()).resolves.toBe(true);
    expect(await $(page, 'wallet-empty').innerText()).toContain('No USDT wallet address yet');
  });

  it('refuses an empty form field by field, then saves the first account as the default after a review', async () => {
    const adds = countCalls(page, 'addSettlementBankAccount');
    await $($(page, 'bank-accounts-empty'), 'add-bank-account').click();
    const dialog = $(page, 'bank-account-dialog');
    await $(dialog, 'review-open').click();
    expect(await dialog.locator('.invalid-feedback').allInnerTexts()).toEqual([
      'Enter the name of the bank.',
      'Enter the name the account is held in.',
      'Enter the account number.',
    ]);
    expect(await dialog.locator('input.is-invalid').count()).toBe(3);

    await fillBankForm(dialog, FIRST);
    expect(await dialog.locator('.invalid-feedback').count()).toBe(0);
    await $(dialog, 'review-open').click();
    expect(await reviewValues(dialog)).toEqual([
      FIRST.bankName,
      FIRST.accountHolder,
      FIRST.accountNumber,
      'Any currency',
      'Yes',
    ]);
    expect(adds.count).toBe(0); // nothing is sent before the review is confirmed
    await $(dialog, 'review-confirm').click();
    expect(await takeSuccessNote(page)).toContain('The bank account was saved.');
    await dialog.waitFor({ state: 'detached' });
    expect(adds.count).toBe(1);
    await $(page, 'bank-accounts-table').waitFor();
    expect(await readRows(page)).toEqual([listed(FIRST, true)]);
  });

  it('adds a second account and makes it the default only once that is confirmed', async () => {
    await $(page, 'add-bank-account').click();
    const dialog = $(page, 'bank-account-dialog');
    await fillBankForm(dialog, SECOND);
    await $(dialog, 'review-open').click();
    expect((await reviewValues(dialog)).at(-1)).toBe('No');
    await $(dialog, 'review-confirm').click();
    await takeSuccessNote(page);
    await rowOf(page, SECOND.bankName).waitFor();
    expect(await readRows(page)).toEqual([listed(FIRST, true), listed(SECOND, false)]);
    secondAccountId = (await serverSettings()).bank_accounts.find(
      (b) => b.bank_name === SECOND.bankName,
    )!.id;

    const defaults = countCalls(page, 'setDefaultSettlementBankAccount');
    await $(rowOf(page, SECOND.bankName), 'make-default').click();
    expect(await answerPopup(page, 'cancel')).toContain(
      `Make ${SECOND.bankName} ${SECOND.accountNumber} the default account`,
    );
    expect(defaults.count).toBe(0);

    await $(rowOf(page, SECOND.bankName), 'make-default').click();
    await answerPopup(page);
    expect(await takeSuccessNote(page)).toContain(
      `${SECOND.bankName} ${SECOND.accountNumber} is now your default account.`,
    );
    expect(defaults.count).toBe(1);
    await $(rowOf(page, SECOND.bankName), 'default-badge').waitFor();
    expect(await readRows(page)).toEqual([listed(SECOND, true), listed(FIRST, false)]);
  });

  it('edits an account, the review showing what a field was', async () => {
    await $(rowOf(page, SECOND.bankName), 'edit-bank-account').click();
    const dialog = $(page, 'bank-account-dialog');
    expect(await dialog.locator('input[name="accountHolder"]').inputValue()).toBe(
      SECOND.accountHolder,
    );
    await dialog.locator('input[name="accountHolder"]').fill(SECOND_EDITED.accountHolder);
    await $(dialog, 'review-open').click();
    const holderLine = $(dialog, 'review-value').nth(1);
    expect(await holderLine.innerText()).toBe(
      `${SECOND_EDITED.accountHolder}\nwas ${SECOND.accountHolder}`,
    );
    await $(dialog, 'review-confirm').click();
    expect(await takeSuccessNote(page)).toContain('The bank account was updated.');
    await rowOf(page, SECOND_EDITED.accountHolder).waitFor();
    expect(await readRows(page)).toEqual([listed(SECOND_EDITED, true), listed(FIRST, false)]);
  });

  it('refuses a wallet address of the wrong shape in place and one the server finds wrong, then saves a TRC-20 address', async () => {
    const sets = countCalls(page, 'setSettlementWallet');
    await $($(page, 'wallet-empty'), 'set-wallet').click();
    const dialog = $(page, 'wallet-dialog');
    expect(await dialog.locator('select[name="network"]').inputValue()).toBe('TRC-20');
    const address = dialog.locator('input[name="address"]');
    await address.fill('T123');
    await $(dialog, 'review-open').click();
    expect(await dialog.locator('.invalid-feedback').innerText()).toBe(
      'This is not a TRC-20 address: it starts with T and has 34 letters and digits.',
    );
    expect(sets.count).toBe(0);

    // The right shape with a wrong checksum: only the server can tell; the dialog says why.
    await address.fill(TRON_BAD_CHECKSUM);
    await $(dialog, 'review-open').click();
    await $(dialog, 'review-confirm').click();
    await dialogRefusal(page).waitFor();
    expect(await dialogRefusal(page).innerText()).toContain('checksum is wrong');
    expect(await page.locator('.swal2-container').count()).toBe(0);
    expect(await address.inputValue()).toBe(TRON_BAD_CHECKSUM); // back on the form, kept
    expect(sets.count).toBe(1);

    await address.fill(TRON);
    await $(dialog, 'review-open').click();
    expect(await reviewValues(dialog)).toEqual(['TRC-20', TRON]);
    await $(dialog, 'review-confirm').click();
    expect(await takeSuccessNote(page)).toContain('The USDT wallet address was saved.');
    await $(page, 'wallet-details').waitFor();
    expect(await $(page, 'wallet-network').innerText()).toBe('TRC-20');
    expect(await $(page, 'wallet-address').innerText()).toBe(TRON);
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    await screenshot(page, 'settlement-setting-merchant', true);
  });

  it('removes the default account after a confirmation; the one left becomes the default', async () => {
    await $(rowOf(page, SECOND.bankName), 'remove-bank-account').click();
    const question = await answerPopup(page);
    expect(question).toContain(`Remove ${SECOND.bankName} ${SECOND.accountNumber}?`);
    expect(question).toContain('Your oldest remaining account becomes the default.');
    expect(await takeSuccessNote(page)).toContain('The bank account was removed.');
    await rowOf(page, SECOND.bankName).waitFor({ state: 'detached' });
    expect(await readRows(page)).toEqual([listed(FIRST, true)]);
  });

  it('shows the same after a reload, as the server has it', async () => {
    await page.reload();
    await settle(page);
    await closeTwoFactorReminder(page);
    await $(page, 'bank-accounts-table').waitFor();
    expect(await readRows(page)).toEqual([listed(FIRST, true)]);
    expect(await $(page, 'wallet-address').innerText()).toBe(TRON);
    const saved = await serverSettings();
    expect(saved.bank_accounts.map((b) => [b.bank_name, b.is_default])).toEqual([
      [FIRST.bankName, true],
    ]);
    expect(saved.wallet).toMatchObject({ network: 'TRC-20', address: TRON });
  });
});

describe('a settlement request', () => {
  let context: BrowserContext;
  let page: Page;
  let session: ApiSession;
  const TYPED = {
    bankName: `Krungsri ${RUN}`,
    accountNumber: `333-${RUN}`,
    accountHolder: 'Siam Digital Store',
  };

  beforeAll(async () => {
    // axe is injected as a script of its own: this context bypasses the page's CSP.
    context = await browser.newContext({
      ...SUITE_CONTEXT,
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      bypassCSP: true,
    });
    page = await context.newPage();
    session = await signInKeepingSession(page, MERCHANT);
    await closeTwoFactorReminder(page);
  });
  /** The requests this file made, rejected at the end (the merchant's balance is shared). */
  const made: string[] = [];
  afterAll(async () => {
    const admin = await openPage(browser, baseUrl);
    const adminSession = await signInKeepingSession(admin.page, ADMIN);
    for (const id of made)
      await callAs(admin.page, adminSession, 'rejectSettlement', {
        id,
        reasonCode: 'other',
        note: 'e2e over',
      });
    await admin.context.close();
    await context?.close();
  });

  /** Opens the request form on /settlement/list with the saved accounts read. */
  async function openRequest() {
    await page.goto('/settlement/list');
    await settle(page);
    await closeTwoFactorReminder(page);
    await $(page, 'request-settlement').click();
    const dialog = $(page, 'request-dialog');
    await $(dialog, 'request-bankAccountId').waitFor();
    await $(dialog, 'request-amount').fill('1.00');
    return dialog;
  }

  /** Confirms the request and answers what the server recorded. */
  async function confirm(dialog: Locator) {
    await $(page, 'request-review').click();
    await $(dialog, 'quote').waitFor();
    const answered = page.waitForResponse((r) => isCall(r.request(), 'requestSettlement'));
    await $(page, 'request-confirm').click();
    const body = (await (await answered).json()) as {
      data: { id: string; bank_name: string; account_number: string; account_holder: string };
    };
    await dialog.waitFor({ state: 'detached' });
    const { id, ...recorded } = body.data;
    made.push(id);
    return recorded;
  }

  it('offers the saved accounts, the default chosen, and records the one picked', async () => {
    const dialog = await openRequest();
    const select = $(dialog, 'request-bankAccountId');
    const options = await select.locator('option').allInnerTexts();
    expect(options[0]).toContain(
      `${FIRST.bankName} · ${FIRST.accountHolder} · ${FIRST.accountNumber}`,
    );
    expect(options[0]).toContain('(default)');
    expect(options.at(-1)).toBe('Another account…');
    // A saved account chosen: nothing to type, nothing to save.
    expect(await $(dialog, 'request-bankName').count()).toBe(0);
    expect(await $(dialog, 'request-saveAccount').count()).toBe(0);
    expect(await confirm(dialog)).toMatchObject({
      bank_name: FIRST.bankName,
      account_number: FIRST.accountNumber,
      account_holder: FIRST.accountHolder,
    });
  });

  it('types another account and saves it for the next request', async () => {
    const dialog = await openRequest();
    await $(dialog, 'request-bankAccountId').selectOption('');
    for (const [name, value] of Object.entries(TYPED))
      await $(dialog, `request-${name}`).fill(value);
    await $(dialog, 'request-saveAccount').check();
    expect(await confirm(dialog)).toMatchObject({
      bank_name: TYPED.bankName,
      account_number: TYPED.accountNumber,
      account_holder: TYPED.accountHolder,
    });
    const saved = await callAs<Settings>(page, session, 'getSettlementSettings');
    expect(saved.bank_accounts.map((b) => [b.bank_name, b.account_number, b.is_default])).toEqual([
      [FIRST.bankName, FIRST.accountNumber, true],
      [TYPED.bankName, TYPED.accountNumber, false],
    ]);
    // The next request offers it.
    const next = await openRequest();
    expect(await $(next, 'request-bankAccountId').locator('option').allInnerTexts()).toContain(
      `${TYPED.bankName} · ${TYPED.accountHolder} · ${TYPED.accountNumber}`,
    );
    await next.locator('.modal-footer .btn-light').click();
  });

  it('passes axe with an account to type, left to right and in Arabic', async () => {
    const check = async (where: string) => {
      const dialog = await openRequest();
      await $(dialog, 'request-bankAccountId').selectOption('');
      await $(dialog, 'request-saveAccount').check();
      expect(findingLines(where, await runAxe(page))).toEqual([]);
      await dialog.locator('.modal-footer .btn-light').click();
      await dialog.waitFor({ state: 'detached' });
    };
    await check('request form');
    await whileInArabic(page, MERCHANT, session, async () => {
      await check('request form in Arabic');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    });
  });
});

describe('admin', () => {
  let context: BrowserContext;
  let page: Page;
  let session: ApiSession;

  beforeAll(async () => {
    ({ context, page } = await openPage(browser, baseUrl));
    session = await signInKeepingSession(page, ADMIN);
    await closeTwoFactorReminder(page);
  });
  afterAll(async () => context?.close());

  it('is refused /settlement-setting: sent to the dashboard, no menu link, calls refused', async () => {
    expect(await readMenu(page)).not.toContain('settlementSetting -> /settlement-setting');
    const reads = countCalls(page, 'getSettlementSettings');
    await page.goto('/settlement-setting');
    await settle(page);
    expect(pathOf(page)).toBe('/');
    expect(await $(page, 'page-title').textContent()).toBe('Dashboard');
    expect(await $(page, 'settlement-setting').count()).toBe(0);
    expect(reads.count).toBe(0);
    await expect(callAs(page, session, 'getSettlementSettings')).rejects.toThrow(
      /^getSettlementSettings: 403 /,
    );
  });

  it("finds each of the merchant's changes in the admin log", async () => {
    const logOf = (fields: Record<string, string>) =>
      callAs<{ rows: AdminLogRow[] }>(page, session, 'getAdminLogs', {
        action: 'settlement_setting',
        pageSize: '200',
        ...fields,
      }).then((answer) => answer.rows);
    const account = await logOf({ targetId: secondAccountId });
    expect(account.map((row) => row.action).reverse()).toEqual([
      'settlement_setting.bank_account.add',
      'settlement_setting.bank_account.set_default',
      'settlement_setting.bank_account.update',
      'settlement_setting.bank_account.remove',
    ]);
    expect(account.every((row) => row.actor_username === 'merchant')).toBe(true);
    const update = account.find((row) => row.action.endsWith('.update'))!;
    expect(update.before).toMatchObject({ account_holder: SECOND.accountHolder });
    expect(update.after).toMatchObject({ account_holder: SECOND_EDITED.accountHolder });
    const [wallet] = await logOf({ action: 'settlement_setting.wallet.set', actor: 'merchant' });
    expect(wallet?.after).toEqual({ network: 'TRC-20', address: TRON });
  });
});
