import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findingLines, runAxe } from './support/accessibility';
import { auditScreen, PHONE } from './support/audited-page';
import { closeTwoFactorReminder, launchBrowser, screenshot } from './support/browser';
import { callAs, whileInArabic, type ApiSession } from './support/dashboard';
import { byTestId } from './support/lists';
import { answerOf, signedAs } from './support/money';

/**
 * Backtests (issue 42, "Test before going live"): an admin opens a rule, is told to save an
 * unsaved edit first, runs the saved version over the last 90 days, watches the bar until the
 * result shows, and reads what it would have done per action and currency with a sample by
 * merchant. The card passes axe left to right and in Arabic: an admin's on a desktop, a merchant's
 * (its own rule, over its own traffic) on a 390 px phone.
 */
const baseUrl = inject('baseUrl');

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

const signed = (email: string) => signedAs(browser, baseUrl, email, contexts, { audited: true });
const NAME = 'E2E backtest: review THB pay-ins over 100';

/** A platform rule over the demo's pay-ins (it matches some of the seeded traffic). */
const DEFINITION = {
  kinds: ['payin'],
  action: { type: 'review', approvers: 1 },
  onError: 'review',
  when: { all: [{ amount: { currency: 'THB', op: 'gt', value: '100' } }] },
};

async function createRule(page: Page, session: ApiSession, name: string): Promise<string> {
  const rule = await callAs<{ id: string }>(page, session, 'createRiskRule', {
    name,
    ownerDbCode: '',
    definition: JSON.stringify(DEFINITION),
    note: '',
  });
  return rule.id;
}

/** Opens the rule's page and waits for its backtest card to have read the newest run. */
async function openRule(page: Page, id: string, settled: string) {
  await page.goto(`/risk/rules/${id}`);
  await closeTwoFactorReminder(page);
  await byTestId(page, settled).waitFor();
}

/** Runs the backtest from the card and waits, by its events, for its bar and then its result. */
async function runBacktest(page: Page) {
  const started = await answerOf<{ status: string; version: number }>(
    page,
    'startRiskBacktest',
    () => byTestId(page, 'risk-backtest-run').click(),
  );
  expect(started.status).toBe('running');
  expect(await byTestId(page, 'risk-backtest-run').isDisabled()).toBe(true);
  await byTestId(page, 'risk-backtest-result').waitFor({ timeout: 120_000 });
  await page.locator('[data-testid="risk-backtest-progress"]').waitFor({ state: 'detached' });
}

describe('risk backtest', () => {
  it('an admin runs a rule over past traffic, watches the bar and reads the summary', async () => {
    const { page, session } = await signed('admin@demo.test');
    const id = await createRule(page, session, NAME);
    await openRule(page, id, 'risk-backtest-none');

    // An unsaved edit: the backtest runs the saved version, so it asks to save first.
    await byTestId(page, 'risk-rule-name').fill(`${NAME} (edited)`);
    await byTestId(page, 'risk-backtest-save-first').waitFor();
    expect(await byTestId(page, 'risk-backtest-run').isDisabled()).toBe(true);
    await byTestId(page, 'risk-rule-name').fill(NAME);
    await byTestId(page, 'risk-backtest-save-first').waitFor({ state: 'detached' });

    // The bar shows at once (the start answers the running row), then the result replaces it.
    const bar = page.locator('[data-testid="risk-backtest-progress"][role="progressbar"]');
    const shown = bar.waitFor();
    await runBacktest(page);
    await shown;
    const head = await byTestId(page, 'risk-backtest-head').innerText();
    expect(head).toContain('Ran version 1');
    const row = byTestId(page, 'risk-backtest-summary-row').first();
    expect(await row.innerText()).toMatch(/Review\s+THB\s+[\d,]+\s+[\d,]+\.\d\d/);
    expect(
      Number((await byTestId(page, 'risk-backtest-matched').innerText()).replace(/,/g, '')),
    ).toBeGreaterThan(0);
    const link = byTestId(page, 'risk-backtest-sample-row').first().locator('a');
    expect(await link.getAttribute('href')).toMatch(/^\/transactions\?search=/);
    expect(findingLines('risk backtest', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-backtest-admin', true);

    // Opened again, the page shows the newest backtest; in Arabic it passes axe right to left.
    await whileInArabic(page, 'admin@demo.test', session, async () => {
      await openRule(page, id, 'risk-backtest-result');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(findingLines('risk backtest ar', await runAxe(page))).toEqual([]);
      await screenshot(page, 'risk-backtest-admin-ar', true);
    });
  });

  it('a merchant backtests its own rule on a 390 px phone; it passes axe in both directions', async () => {
    const merchant = await signed('merchant@demo.test');
    const { page, session } = merchant;
    await page.setViewportSize(PHONE);
    const id = await createRule(page, session, `${NAME} (merchant)`);
    await openRule(page, id, 'risk-backtest-none');
    await runBacktest(page);
    expect(await auditScreen(page, 'risk backtest merchant 390', true)).toEqual([]);
    await screenshot(page, 'risk-backtest-merchant-390', true);
    await byTestId(page, 'risk-backtest-sample').scrollIntoViewIfNeeded();
    await screenshot(page, 'risk-backtest-merchant-390-sample');
    await whileInArabic(page, 'merchant@demo.test', session, async () => {
      await openRule(page, id, 'risk-backtest-result');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await auditScreen(page, 'risk backtest merchant 390 ar', true)).toEqual([]);
      await screenshot(page, 'risk-backtest-merchant-390-ar', true);
    });
  });
});
