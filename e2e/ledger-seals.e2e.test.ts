import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { formatMoney, type LedgerSealRow } from '@bo/contract';
import { newAccountWithPassword } from './support/accounts';
import { auditScreen, openAuditedPage, PHONE, phoneProblems } from './support/audited-page';
import {
  closeTwoFactorReminder,
  downloadExport,
  launchBrowser,
  screenshot,
  signIn,
} from './support/browser';
import { callAs, formFieldOf, type ApiSession } from './support/dashboard';
import { byTestId as $, listAnswerAfter, listSettled } from './support/lists';
import { signedAs } from './support/money';

/**
 * Provable books in the browser (issue 44). /ledger-seals shows the demo history's seal of
 * yesterday (the seed seals it), the chain's state and the platform's public key, passes axe in
 * English and in Arabic, and fits a phone. A merchant asks for a verifiable statement from its
 * contract ledger: a period not sealed yet is refused with the server's words; a sealed one
 * downloads a JSON file and its readable copy, and the offline verifier (plain Node, run as a
 * merchant would) says "verified" with the admin's public key.
 */
const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const PASSWORD = 'Seals-run#Pass2026';
const VERIFIER = path.resolve(__dirname, '../tools/statement-verifier/verify-statement.mjs');
const DAY_MS = 86_400_000;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const YESTERDAY = dayText(Date.now() - DAY_MS);

let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: { page: Page; session: ApiSession };
let publicKey = '';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedAs(browser, baseUrl, 'admin@demo.test', contexts, { audited: true });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('the ledger seals (admin)', () => {
  it('lists the seal of yesterday with the chain’s state and the key to pin, and passes axe', async () => {
    const { page } = admin;
    const answer = await listAnswerAfter(page, 'getLedgerSeals', () => page.goto('/ledger-seals'));
    await closeTwoFactorReminder(page);
    await listSettled(page);
    const rows = (answer.data as { rows: LedgerSealRow[] }).rows;
    expect(rows[0]?.day).toBe(YESTERDAY);
    expect(Number(rows[0]!.chained)).toBeGreaterThan(0);
    const status = await callAs<{
      public_key: string;
      chained: string;
      admin_log_chained: string;
    }>(page, admin.session, 'getLedgerChainStatus', {});
    publicKey = status.public_key;
    expect(await page.locator('#seal-public-key').inputValue()).toBe(publicKey);
    expect(Number(status.chained)).toBeGreaterThan(0);
    // The demo's admin log is chained with its history, and shown beside the entries.
    expect(Number(status.admin_log_chained)).toBeGreaterThan(0);
    expect(await page.getByTestId('chain-admin-log-chained').innerText()).toBe(
      BigInt(status.admin_log_chained).toLocaleString(),
    );
    expect(await page.innerText('body')).toContain(YESTERDAY);
    expect(await auditScreen(page, 'ledger seals en', true)).toEqual([]);
    await screenshot(page, 'ledger-seals');
  });

  it('keeps its page size through a reload, and exports every seal it lists', async () => {
    const { page } = admin;
    const first = await listAnswerAfter<{ total: number }>(page, 'getLedgerSeals', () =>
      page.goto('/ledger-seals?pageSize=10'),
    );
    const reloaded = await listAnswerAfter<{ total: number }>(
      page,
      'getLedgerSeals',
      () => page.reload(),
      (request) => formFieldOf(request, 'pageSize') === '10',
    );
    await closeTwoFactorReminder(page);
    expect(reloaded.data.total).toBe(first.data.total);
    expect(new URL(page.url()).searchParams.get('pageSize')).toBe('10');
    const file = await downloadExport(page, 'csv');
    expect(file.fileName).toMatch(/^getLedgerSeals-.*\.csv$/);
    const records = file.bytes
      .toString('utf8')
      .split('\r\n')
      .slice(1)
      .filter((line) => line !== '');
    expect(records).toHaveLength(first.data.total);
    expect(records.join('\n')).toContain(YESTERDAY);
  });

  it('reads right to left and fits a phone, as an administrator in Arabic', async () => {
    const who = {
      email: `seals-ar-${RUN}@e2e.test`,
      username: `seals_ar_${RUN}`,
      name: 'مدير الأختام',
    };
    await newAccountWithPassword(
      baseUrl,
      admin.session,
      'createSubAccount',
      { ...who, modules: 'administrator' },
      PASSWORD,
      'ar',
    );
    for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
      const { context, page } = await openAuditedPage(browser, baseUrl, viewport);
      contexts.push(context);
      await page.goto('/login');
      await signIn(page, who.email, PASSWORD);
      await closeTwoFactorReminder(page);
      await listAnswerAfter(page, 'getLedgerSeals', () => page.goto('/ledger-seals'));
      await closeTwoFactorReminder(page);
      await listSettled(page);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await $(page, 'page-title').textContent()).toBe('أختام دفتر الأستاذ');
      const where = `ledger seals ar ${viewport.width}`;
      expect(await auditScreen(page, where, true)).toEqual([]);
      if (viewport === PHONE)
        expect(await phoneProblems(page, where, [$(page, 'ledger-chain-status')])).toEqual([]);
      await screenshot(page, `ledger-seals-ar-${viewport.width}`);
    }
  });
});

describe('a verifiable statement (merchant)', () => {
  it('is refused for a day not sealed yet, then downloads and verifies offline', async () => {
    const merchant = await signedAs(browser, baseUrl, 'merchant@demo.test', contexts, {
      audited: true,
    });
    const { page } = merchant;
    await page.goto('/contract-acc-ledger');
    await closeTwoFactorReminder(page);
    await listSettled(page);
    await $(page, 'verifiable-statement-open').click();
    const dialog = $(page, 'verifiable-statement');
    await dialog.waitFor();
    expect(await auditScreen(page, 'verifiable statement dialog', true)).toEqual([]);
    await screenshot(page, 'verifiable-statement-dialog');

    await $(dialog, 'verifiable-statement-to').fill(dayText(Date.now()));
    await $(dialog, 'verifiable-statement-download').click();
    await $(page, 'verifiable-statement-error').waitFor();
    expect(await $(page, 'verifiable-statement-error').innerText()).toContain('not sealed yet');

    await $(dialog, 'verifiable-statement-from').fill(dayText(Date.now() - 20 * DAY_MS));
    await $(dialog, 'verifiable-statement-to').fill(YESTERDAY);
    const downloads: Promise<Download>[] = [
      page.waitForEvent('download', (d) => d.suggestedFilename().endsWith('.json')),
      page.waitForEvent('download', (d) => d.suggestedFilename().endsWith('.html')),
    ];
    await $(dialog, 'verifiable-statement-download').click();
    const [json, html] = await Promise.all(downloads);
    expect(json!.suggestedFilename()).toMatch(
      /^statement-MER00001-[A-Z]{3}-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.json$/,
    );
    // The browser runs apart from the test: each file is saved to a place of the test's own.
    const file = path.join(tmpdir(), `${RUN}-${json!.suggestedFilename()}`);
    await json!.saveAs(file);
    const page2 = path.join(tmpdir(), `${RUN}-${html!.suggestedFilename()}`);
    await html!.saveAs(page2);
    const statement = JSON.parse(await readFile(file, 'utf8')) as { accounts: unknown[] };
    expect(statement.accounts.length).toBeGreaterThan(0);
    expect(await readFile(page2, 'utf8')).toContain('MER00001');
    expect(await $(dialog, 'verifiable-statement-key').innerText()).toContain(publicKey);
    const { stdout } = await promisify(execFile)(process.execPath, [
      VERIFIER,
      file,
      '--public-key',
      publicKey,
    ]);
    expect(stdout).toMatch(/^verified: /);
    await screenshot(page, 'verifiable-statement-downloaded');
  });
});

/** The local `datetime-local` text of an instant, on the browser's own clock. */
const localInput = (page: Page, iso: string) =>
  page.evaluate((at) => {
    const d = new Date(at);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }, iso);

/** Opens the balances-at dialog, asks for `at` and answers the shown rows (purpose → text). */
async function balancesShown(page: Page, at: string, where: string) {
  await $(page, 'balance-at-open').click();
  const dialog = $(page, 'balance-at');
  await dialog.waitFor();
  await $(dialog, 'balance-at-instant').fill(await localInput(page, at));
  await $(dialog, 'balance-at-show').click();
  await $(dialog, 'balance-at-result').waitFor();
  expect(await auditScreen(page, where, true)).toEqual([]);
  const rows = await dialog.locator('tr[data-testid^="balance-at-"]').all();
  const shown = new Map<string, string>();
  for (const row of rows) {
    const id = (await row.getAttribute('data-testid')) ?? '';
    shown.set(
      id.replace('balance-at-', ''),
      (await $(row, 'balance-at-amount').innerText()).trim(),
    );
  }
  return { dialog, shown, currency: await $(dialog, 'balance-at-currency').inputValue() };
}

describe('balances at a past instant', () => {
  // A UTC midnight two days back: the end of a ledger report's period in the default zone.
  const at = `${dayText(Date.now() - 2 * DAY_MS)}T00:00:00.000Z`;

  it('shows a merchant the closing of the ledger report that ends at that instant', async () => {
    const merchant = await signedAs(browser, baseUrl, 'merchant@demo.test', contexts, {
      audited: true,
    });
    const { page, session } = merchant;
    await page.goto('/contract-acc-ledger');
    await closeTwoFactorReminder(page);
    await listSettled(page);
    const { shown, currency } = await balancesShown(page, at, 'balance at dialog merchant');
    const contracts = await callAs<{ rows: { contract_id: string; currency: string }[] }>(
      page,
      session,
      'getLedgerContracts',
    );
    const contract = contracts.rows.find((c) => c.currency === currency)!;
    const ledger = await callAs<{ totals: { closing: string }[] }>(
      page,
      session,
      'getContractLedger',
      {
        contractId: contract.contract_id,
        from: `${dayText(Date.parse(at) - 3 * DAY_MS)}T00:00:00Z`,
        to: new Date(Date.parse(at) - 1000).toISOString(),
        timeZone: 'Default',
      },
    );
    const closing = ledger.totals[0]!.closing;
    expect(shown.get('available')).toBe(`${formatMoney(closing, currency)} ${currency}`);
    expect(Number(closing)).not.toBe(0);
    await screenshot(page, 'balance-at-merchant');
  });

  it('shows an admin a chosen merchant’s balances from its statement', async () => {
    const { page, session } = admin;
    const merchantId = (
      await callAs<{ rows: { merchant_id: string; merchant_db_code: string }[] }>(
        page,
        session,
        'getLedgerContracts',
      )
    ).rows.find((c) => c.merchant_db_code === 'MER00001')!.merchant_id;
    await page.goto(`/merchant/${merchantId}/merchant-statement`);
    await closeTwoFactorReminder(page);
    await listSettled(page);
    const { shown } = await balancesShown(page, at, 'balance at dialog admin');
    expect([...shown.keys()]).toContain('available');
  });

  it('reads right to left and fits a phone, as a reseller in Arabic', async () => {
    const reseller = await signedAs(browser, baseUrl, 'reseller@demo.test', contexts);
    const who = { email: `balance-ar-${RUN}@e2e.test`, username: `bal_ar_${RUN}`, name: 'محاسب' };
    await newAccountWithPassword(
      baseUrl,
      reseller.session,
      'createSubAccount',
      { ...who, modules: 'reports' },
      PASSWORD,
      'ar',
    );
    const { context, page } = await openAuditedPage(browser, baseUrl, PHONE);
    contexts.push(context);
    await page.goto('/login');
    await signIn(page, who.email, PASSWORD);
    await closeTwoFactorReminder(page);
    await page.goto('/reseller-balance-settlement');
    await closeTwoFactorReminder(page);
    await listSettled(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const { dialog, shown } = await balancesShown(page, at, 'balance at dialog ar 390');
    expect([...shown.keys()]).toContain('commission');
    expect(await phoneProblems(page, 'balance at dialog ar 390', [dialog])).toEqual([]);
    await screenshot(page, 'balance-at-reseller-ar-390');
  });
});
