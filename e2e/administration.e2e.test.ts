import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, settle } from './support/browser';
import {
  callAs,
  closeTwoFactorReminder,
  signInKeepingSession,
  type ApiSession,
} from './support/dashboard';
import { byTestId as $, listAnswerAfter, listSettled } from './support/lists';

const baseUrl = inject('baseUrl');
const SHOTS = '/tmp/shots-administration';
/**
 * The rate this run sets: BDT has no demo contracts, so no other test's settlement depends on
 * it. The run first gives it a rate through the API, then changes it on the screen.
 */
const RUN = Date.now() % 1000;
const FIRST_RATE = `${110 + (RUN % 5)}.5`;
const NEW_RATE = `${120 + (RUN % 7)}.12345678`;
const REASON = `Bank quote of run ${RUN}`;

let browser: Browser;
let admin: { context: BrowserContext; page: Page; session: ApiSession };

async function shot(page: Page, name: string) {
  await $(page, 'preloader').waitFor({ state: 'detached' });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function visit(page: Page, pathname: string) {
  await page.goto(pathname);
  await settle(page);
  await closeTwoFactorReminder(page);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await openPage(browser, baseUrl);
  admin = { ...opened, session: await signInKeepingSession(opened.page, 'admin@demo.test') };
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

describe('administrator tools (admin)', () => {
  it('lists decided withdrawals of the demo world, filtered in the URL', async () => {
    const { page } = admin;
    const { data } = await listAnswerAfter<{ rows: { status: string }[]; total: number }>(
      page,
      'getWithdrawalHistory',
      () => visit(page, '/withdrawal-history/list'),
    );
    expect(await $(page, 'page-title').textContent()).toBe('Withdrawal History');
    expect(data.total).toBeGreaterThan(0);
    expect(data.rows.every((r) => ['approved', 'completed', 'rejected'].includes(r.status))).toBe(
      true,
    );
    await shot(page, 'withdrawal-history-admin');
    const completed = await listAnswerAfter<{ rows: { status: string }[] }>(
      page,
      'getWithdrawalHistory',
      () => visit(page, '/withdrawal-history/list?status=completed'),
    );
    expect(completed.data.rows.every((r) => r.status === 'completed')).toBe(true);
  });

  it('changes a USDT rate after confirming and shows it in the history', async () => {
    const { page, session } = admin;
    await callAs(page, session, 'changeUsdtRate', {
      currency: 'BDT',
      rate: FIRST_RATE,
      reason: 'First rate of the run',
    });
    await listAnswerAfter(page, 'getUsdtRateHistory', () => visit(page, '/force-change-usdt'));
    expect(await $(page, 'page-title').textContent()).toBe('Force Change USDT');
    const bdt = $(page, 'usdt-rate-BDT');
    await bdt.waitFor();
    await shot(page, 'force-change-usdt-admin');

    // A reason is required: the form says so in place and sends nothing.
    await $(bdt, 'usdt-rate-change').click();
    expect(await $(page, 'usdt-rate-currency').inputValue()).toBe('BDT');
    await $(page, 'usdt-rate-value').fill('1.123456789');
    await $(page, 'usdt-rate-review').click();
    await page.locator('[data-testid="usdt-rate-form"] .invalid-feedback').first().waitFor();
    expect(await page.locator('[data-testid="usdt-rate-form"] .is-invalid').count()).toBe(2);
    expect(await $(page, 'usdt-rate-confirm').count()).toBe(0);

    await $(page, 'usdt-rate-value').fill(NEW_RATE);
    await $(page, 'usdt-rate-reason').fill(REASON);
    await $(page, 'usdt-rate-review').click();
    const dialog = $(page, 'usdt-rate-confirm');
    await dialog.waitFor();
    expect(await $(dialog, 'usdt-rate-confirm-new').innerText()).toBe(NEW_RATE);
    await shot(page, 'force-change-usdt-confirm');
    const changed = page.waitForResponse((r) => r.url().endsWith('/changeUsdtRate'));
    const history = page.waitForResponse((r) => r.url().endsWith('/getUsdtRateHistory'));
    await $(dialog, 'usdt-rate-confirm-yes').click();
    expect((await (await changed).json()).status).toBe(200);
    await history;
    await listSettled(page);
    await $(page, 'usdt-rate-changed').waitFor();
    const expected = NEW_RATE.padEnd(NEW_RATE.indexOf('.') + 9, '0');
    await page.waitForFunction(
      (rate) =>
        document
          .querySelector('[data-testid="usdt-rate-BDT"] [data-testid="usdt-rate-current"]')
          ?.textContent?.includes(rate),
      expected,
    );
    const firstRow = page.locator('[data-testid="list-row"]').first();
    const text = await firstRow.innerText();
    expect(text).toContain('BDT');
    expect(text).toContain(expected);
    expect(text).toContain(REASON);
    expect(text).toContain('admin');
    await shot(page, 'force-change-usdt-changed');
  });

  it('filters the admin log and opens an entry’s before/after', async () => {
    const { page } = admin;
    await listAnswerAfter(page, 'getAdminLogs', () => visit(page, '/admin-logs'));
    expect(await $(page, 'page-title').textContent()).toBe('Admin Logs');
    await shot(page, 'admin-logs-admin');
    const { data } = await listAnswerAfter<{ rows: { action: string; target_id: string }[] }>(
      page,
      'getAdminLogs',
      async () => {
        await $(page, 'admin-log-filter-action').fill('usdt_rate');
        await $(page, 'admin-log-filter-targetId').fill('BDT');
        await $(page, 'admin-log-apply').click();
      },
    );
    expect(new URL(page.url()).searchParams.get('action')).toBe('usdt_rate');
    expect(data.rows.length).toBe(2);
    expect(data.rows.every((r) => r.action === 'usdt_rate.change' && r.target_id === 'BDT')).toBe(
      true,
    );
    await $(page, 'admin-log-open').first().click();
    const diff = $(page, 'admin-log-diff');
    await diff.waitFor();
    const changedLine = $(diff, 'diff-changed').first();
    expect(await changedLine.innerText()).toContain(NEW_RATE.slice(0, 6));
    await shot(page, 'admin-logs-diff');
  });
});
