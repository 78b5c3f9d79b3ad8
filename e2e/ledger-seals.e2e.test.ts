import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import type { LedgerSealRow } from '@bo/contract';
import { newAccountWithPassword } from './support/accounts';
import { auditScreen, openAuditedPage, PHONE, phoneProblems } from './support/audited-page';
import { closeTwoFactorReminder, launchBrowser, screenshot, signIn } from './support/browser';
import { callAs, type ApiSession } from './support/dashboard';
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
    const status = await callAs<{ public_key: string; chained: string }>(
      page,
      admin.session,
      'getLedgerChainStatus',
      {},
    );
    publicKey = status.public_key;
    expect(await page.locator('#seal-public-key').inputValue()).toBe(publicKey);
    expect(Number(status.chained)).toBeGreaterThan(0);
    expect(await page.innerText('body')).toContain(YESTERDAY);
    expect(await auditScreen(page, 'ledger seals en', true)).toEqual([]);
    await screenshot(page, 'ledger-seals');
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
