import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { closeTwoFactorReminder, launchBrowser, screenshot } from './support/browser';
import { callAs, isCall } from './support/dashboard';
import { byTestId, rowOf } from './support/lists';
import { answerOf, openList, signedAs, type Signed } from './support/money';
import { approveHeldAs, setRuleField } from './support/risk';

/**
 * Issue 42's "done when", as one journey on the shared demo server: an admin writes "hold
 * pay-outs over 50,000 THB to a bank account first seen today" for two approvers in the form,
 * sees what it would have done over the last 90 days, switches it on, and finds a merchant's
 * large pay-out to a new account waiting in the review queue for two people; a smaller one goes
 * on as usual. Two admins approve it and it goes to its gateway. The rule is switched off at the
 * end, so no other test meets it (files run one after another).
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

const signed = (email: string) => signedAs(browser, baseUrl, email, contexts);
const NAME = 'E2E journey: large pay-outs to new accounts';

describe('the risk controls journey', () => {
  let admin: Signed;
  let ruleId = '';

  it('an admin writes the rule in the form and backtests it over the last 90 days', async () => {
    admin = await signed('admin@demo.test');
    const { page } = admin;
    await openList(page, '/risk/rules');
    await byTestId(page, 'risk-rule-new').click();
    await closeTwoFactorReminder(page);
    await byTestId(page, 'risk-rule-form').waitFor();
    await byTestId(page, 'risk-rule-name').fill(NAME);
    await byTestId(page, 'risk-rule-approvers').selectOption('2');
    await setRuleField(page, 0, 'currency', 'THB');
    await setRuleField(page, 0, 'op', 'gt');
    await setRuleField(page, 0, 'value', '50000');
    await byTestId(page, 'risk-condition-add').click();
    await byTestId(byTestId(page, 'risk-condition-1'), 'risk-condition-type').selectOption(
      'firstSeen',
    );
    await setRuleField(page, 1, 'key', 'bank_account');
    await setRuleField(page, 1, 'since', 'today');
    const created = page.waitForResponse((r) => isCall(r.request(), 'createRiskRule'));
    await byTestId(page, 'risk-rule-save').click();
    const answer = (await (await created).json()) as { status: number; data: { id: string } };
    expect(answer.status).toBe(200);
    ruleId = answer.data.id;
    await page.waitForURL(`**/risk/rules/${ruleId}`);
    await closeTwoFactorReminder(page);

    await byTestId(page, 'risk-backtest-none').waitFor();
    const started = await answerOf<{ status: string }>(page, 'startRiskBacktest', () =>
      byTestId(page, 'risk-backtest-run').click(),
    );
    expect(started.status).toBe('running');
    await byTestId(page, 'risk-backtest-result').waitFor({ timeout: 120_000 });
    expect(await byTestId(page, 'risk-backtest-head').innerText()).toContain('Ran version 1');
    await screenshot(page, 'risk-journey-backtest');
  });

  it('switched on, it holds a large pay-out to a new account for two approvers', async () => {
    const { page } = admin;
    await byTestId(page, 'risk-mode-select').selectOption('active');
    await byTestId(page, 'risk-mode-switch').click();
    const confirm = byTestId(page, 'risk-mode-confirm');
    await confirm.waitFor();
    await byTestId(confirm, 'risk-mode-reason').fill('Backtested: switch on');
    const moded = page.waitForResponse((r) => isCall(r.request(), 'setRiskRuleMode'));
    await byTestId(confirm, 'risk-mode-confirm-button').click();
    expect(((await (await moded).json()) as { status: number }).status).toBe(200);
    await page.locator('[data-testid="risk-rule-mode"][data-mode="active"]').first().waitFor();

    const merchant = await signed('merchant@demo.test');
    const stamp = Date.now();
    const payout = (orderId: string, amount: string, accountNumber: string) =>
      callAs<{ id: string; status: string }>(merchant.page, merchant.session, 'createPayout', {
        currency: 'THB',
        amount,
        orderId,
        bankName: 'E2E Bank',
        accountNumber,
        accountHolder: 'E2E Beneficiary',
      });
    try {
      const large = await payout(`E2E-JOURNEY-${stamp}`, '50000.03', `7${stamp}`.slice(0, 12));
      expect(large.status).toBe('held_for_review');
      const small = await payout(`E2E-JOURNEY-S-${stamp}`, '12.00', `8${stamp}`.slice(0, 12));
      expect(small.status).toBe('pending_approval');

      await openList(page, `/risk/review?search=E2E-JOURNEY-${stamp}`);
      const row = rowOf(page, large.id);
      expect((await byTestId(row, 'held-by').innerText()).trim()).toContain(NAME);
      expect((await byTestId(row, 'approvals').innerText()).trim()).toBe('0 of 2');
      await screenshot(page, 'risk-journey-queue');

      const held = { id: large.id, order_id: `E2E-JOURNEY-${stamp}` };
      expect(await approveHeldAs(admin, held)).toBe('held_for_review');
      const second = await signed('admin2@demo.test');
      expect(await approveHeldAs(second, held)).toBe('processing');
    } finally {
      await callAs(page, admin.session, 'setRiskRuleMode', {
        id: ruleId,
        mode: 'disabled',
        reason: 'e2e journey done',
      });
    }
  });
});
