import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { depositPercentOfLimit, formatAmount, formatMoney, parseAmount } from '@bo/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, settle } from './support/browser';
import { closeTwoFactorReminder, isCall, signInKeepingSession } from './support/dashboard';
import { listSettled } from './support/lists';
import { preloaderGone } from './support/wait-for-css';

const baseUrl = inject('baseUrl');
/** This run's own gateway: created, edited, adjusted and switched off here, nobody else's. */
const RUN = Date.now().toString(36).toUpperCase();
const CODE = `ZE2E-${RUN}`;
const NAME = `E2E Gateway ${RUN}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

const $ = (scope: Page | Locator, testId: string) => scope.locator(`[data-testid="${testId}"]`);
const myRow = () =>
  page.locator('[data-testid="list-row"]', {
    has: $(page, 'gateway-code').getByText(CODE, { exact: true }),
  });

/** Runs `act` and waits for the answer of the call it caused; fails on an error answer. */
async function answerOf<T>(call: string, act: () => Promise<unknown>): Promise<T> {
  const answered = page.waitForResponse((r) => isCall(r.request(), call));
  await act();
  const body = (await (await answered).json()) as { status: number; message: string; data: T };
  if (body.status !== 200) throw new Error(`${call}: ${body.status} ${body.message}`);
  return body.data;
}

async function visit(path: string) {
  await page.goto(path);
  await settle(page);
  await closeTwoFactorReminder(page);
}

async function shot(name: string) {
  await preloaderGone(page);
  await screenshot(page, name);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  // The first visit loads the whole app; a machine shared with other runs can be slow.
  page.setDefaultNavigationTimeout(90_000);
  await signInKeepingSession(page, 'admin@demo.test');
  await closeTwoFactorReminder(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('/payment-gateway', () => {
  it('lists the demo gateways with their figures', async () => {
    const answer = answerOf<{ total: number }>('getGatewayAdminList', () =>
      visit('/payment-gateway'),
    );
    expect((await answer).total).toBeGreaterThanOrEqual(10);
    await listSettled(page);
    expect(await $(page, 'gateway-code').allInnerTexts()).toContain('SBX-MYR-1');
    await shot('gateways-list-admin');
  });

  it('creates a gateway, then edits it', async () => {
    await $(page, 'gateway-new').click();
    const form = $(page, 'gateway-form');
    await $(form, 'gateway-form-name').fill(NAME);
    await $(form, 'gateway-form-country').fill('Thailand');
    await $(form, 'gateway-form-code').fill(CODE);
    await $(form, 'gateway-form-db-code').fill(`PG${RUN}`);
    await $(form, 'gateway-form-currency').selectOption('THB');
    await $(form, 'gateway-form-balance-limit').fill('100000');
    await $(form, 'gateway-form-payin-percent').fill('1.5');
    await $(form, 'gateway-form-payin-fixed').fill('2.50');
    await $(form, 'gateway-form-credentials').fill('{"merchantKey":"e2e-secret"}');
    await shot('gateways-create-form');
    const created = await answerOf<{ has_credentials: boolean; status: string }>(
      'createPaymentGateway',
      () => $(form, 'gateway-form-save').click(),
    );
    expect(created).toMatchObject({ has_credentials: true, status: 'activated' });
    await form.waitFor({ state: 'detached' });

    await visit(`/payment-gateway?search=${CODE}`);
    await listSettled(page);
    await expect.poll(() => myRow().count()).toBe(1);
    await $(myRow(), 'gateway-action-edit').click();
    await $(form, 'gateway-form-balance-limit').fill('200000');
    expect(await $(form, 'gateway-form-credentials').inputValue()).toBe('');
    const edited = await answerOf<{ balance_limit: string; has_credentials: boolean }>(
      'updatePaymentGateway',
      () => $(form, 'gateway-form-save').click(),
    );
    expect(edited).toMatchObject({ balance_limit: '200000.00', has_credentials: true });
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => myRow().innerText(), { timeout: 30_000 }).toContain('200,000.00');
  });

  it('deactivates the gateway with a reason; the dashboard then warns about it', async () => {
    await $(myRow(), 'gateway-action-status').click();
    const dialog = $(page, 'gateway-status-dialog');
    await $(dialog, 'gateway-status-confirm').click();
    await dialog.locator('.invalid-feedback').waitFor();
    await $(dialog, 'gateway-status-reason-input').fill('Bank maintenance window');
    await shot('gateways-deactivate-confirm');
    const off = await answerOf<{ status: string; status_reason: string }>(
      'setPaymentGatewayStatus',
      () => $(dialog, 'gateway-status-confirm').click(),
    );
    expect(off).toMatchObject({ status: 'inactive', status_reason: 'Bank maintenance window' });
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => $(myRow(), 'gateway-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('inactive');

    await visit('/');
    const alert = $(page, 'inactive-gateways-alert');
    await alert.waitFor();
    await expect.poll(() => alert.innerText(), { timeout: 30_000 }).toContain(`${NAME} (THB)`);
    await shot('gateways-dashboard-inactive-warning');
    await visit(`/payment-gateway?search=${CODE}`);
    await listSettled(page);
  });

  it('adjusts the deposit balance after a confirmation showing before → after', async () => {
    // New gateways join the pay-in rotation at once (the demo's traffic moved this one's
    // balance until it was switched off), so the figures are read, not assumed.
    await $(myRow(), 'gateway-action-adjust').click();
    const dialog = $(page, 'deposit-dialog');
    await $(dialog, 'deposit-amount').fill('1500.50');
    await $(dialog, 'deposit-reason').fill('Funds wired to the gateway');
    await $(dialog, 'deposit-review').click();
    await $(dialog, 'deposit-effect').waitFor();
    const minor = (text: string) => parseAmount(text.replace(/,/g, '').replace(' THB', ''), 'THB')!;
    const before = minor(await $(dialog, 'deposit-before').innerText());
    const after = before + 150_050n;
    expect(await $(dialog, 'deposit-after').innerText()).toBe(
      `${formatMoney(formatAmount(after, 'THB'))} THB`,
    );
    await shot('gateways-deposit-confirm');
    const adjusted = await answerOf<{ balance_before: string; balance_after: string }>(
      'adjustGatewayDeposit',
      () => $(dialog, 'deposit-confirm').click(),
    );
    expect(minor(adjusted.balance_after) - minor(adjusted.balance_before)).toBe(150_050n);
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => myRow().innerText(), { timeout: 30_000 })
      .toContain(formatMoney(adjusted.balance_after));
  });
});

describe('/pg-currency-balance', () => {
  it('shows each gateway’s deposit, limit and percent used (the dashboard’s rule)', async () => {
    type Balance = {
      payment_gateway_code: string;
      pg_deposit_balance: string;
      balance_limit: string;
      percent: string;
    };
    const answer = answerOf<{ rows: Balance[] }>('getPgCurrencyBalanceList', () =>
      visit('/pg-currency-balance?currency=THB'),
    );
    const rows = (await answer).rows;
    expect(rows.map((r) => r.payment_gateway_code)).toContain(CODE);
    for (const r of rows) {
      const [balance, limit] = [r.pg_deposit_balance, r.balance_limit].map((v) =>
        parseAmount(v, 'THB')!,
      );
      expect(r.percent).toBe(depositPercentOfLimit(balance!, limit!));
    }
    await listSettled(page);
    expect(await $(page, 'balance-code').allInnerTexts()).toContain('SBX-THB-1');
    await shot('gateways-pg-currency-balance-admin');
  });
});
