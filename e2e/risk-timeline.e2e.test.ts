import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { PayoutRow, RejectReasonRow } from '@bo/contract';
import { findingLines, runAxe } from './support/accessibility';
import { launchBrowser, screenshot } from './support/browser';
import { callAs, whileInArabic } from './support/dashboard';
import { byTestId, rowOf } from './support/lists';
import { openList, signedAs, type Signed } from './support/money';

/**
 * The risk step on a pay-out's timeline (issue 42; docs/risk.md, Timeline). The demo world's
 * held pay-out DEMO-HELD-1 was held by a platform rule (server/src/seed/demo-held-items.ts): an
 * admin sees the rule by name with what it saw; its merchant only "Held by the platform". A
 * pay-out the merchant's own rule holds shows the merchant that rule with its values (the rule
 * is switched off at once and the pay-out declined at the end, so the shared world keeps no
 * trace in any queue). Each passes axe left to right and in Arabic.
 */
const baseUrl = inject('baseUrl');
const DEMO_RULE = 'Demo: large pay-outs held for review';
const OWN_RULE = 'E2E: own pay-outs of exactly 12.34 THB';

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

/** A pay-out's id by its order id, as `who` lists it. */
async function payoutId({ page, session }: Signed, orderId: string): Promise<string> {
  const list = await callAs<{ rows: PayoutRow[] }>(page, session, 'getPayoutList', {
    search: orderId,
  });
  const row = list.rows.find((r) => r.order_id === orderId);
  if (!row) throw new Error(`No pay-out ${orderId}`);
  return row.id;
}

/** Opens the pay-out's detail drawer from the pay-outs list and its timeline: the risk step. */
async function riskStepOf(page: Page, id: string): Promise<Locator> {
  await openList(page, `/payouts/list?search=${id}`);
  await byTestId(rowOf(page, id), 'open-detail').click();
  const detail = byTestId(page, 'money-detail');
  await detail.waitFor();
  await byTestId(detail, 'detail-tab-timeline').click();
  const step = byTestId(detail, 'risk-step');
  await step.waitFor();
  return step;
}

/** Axe left to right and in Arabic on the step, with a screenshot of each. */
async function auditBothWays(who: Signed, email: string, id: string, name: string) {
  expect(findingLines(name, await runAxe(who.page))).toEqual([]);
  await screenshot(who.page, name);
  await whileInArabic(who.page, email, who.session, async () => {
    const step = await riskStepOf(who.page, id);
    await who.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await step.innerText()).toContain('المنصة');
    expect(findingLines(`${name} ar`, await runAxe(who.page))).toEqual([]);
    await screenshot(who.page, `${name}-ar`);
  });
}

describe('the risk step on a pay-out’s timeline', () => {
  let admin: Signed;
  let merchant: Signed;
  let demoId: string;
  let ownId: string;

  it('shows an admin the platform rule that held the pay-out, with what it saw', async () => {
    admin = await signed('admin@demo.test');
    demoId = await payoutId(admin, 'DEMO-HELD-1');
    const step = await riskStepOf(admin.page, demoId);
    expect(await byTestId(step, 'risk-rule-name').innerText()).toBe(DEMO_RULE);
    expect(await step.innerText()).toContain('Held for review');
    expect(await byTestId(step, 'risk-seen').innerText()).toContain('saw');
    await auditBothWays(admin, 'admin@demo.test', demoId, 'risk-timeline-admin');
  });

  it('shows its merchant only that the platform held it', async () => {
    merchant = await signed('merchant@demo.test');
    const step = await riskStepOf(merchant.page, demoId);
    expect(await byTestId(step, 'risk-owner-only').innerText()).toBe('Held by the platform');
    expect(await step.innerText()).not.toContain(DEMO_RULE);
    expect(await byTestId(step, 'risk-seen').count()).toBe(0);
    await auditBothWays(merchant, 'merchant@demo.test', demoId, 'risk-timeline-merchant-platform');
  });

  it('shows the merchant its own rule with the values its conditions saw', async () => {
    const { page, session } = merchant;
    const rule = await callAs<{ id: string }>(page, session, 'createRiskRule', {
      name: OWN_RULE,
      definition: JSON.stringify({
        kinds: ['payout'],
        action: { type: 'review', approvers: 1 },
        when: {
          all: [
            { amount: { currency: 'THB', op: 'between', value: '12.34', to: '12.34' } },
            { firstSeen: { key: 'bank_account', since: 'today' } },
          ],
        },
      }),
    });
    await callAs(page, session, 'setRiskRuleMode', { id: rule.id, mode: 'active', reason: 'e2e' });
    try {
      const held = await callAs<{ id: string; status: string }>(page, session, 'createPayout', {
        currency: 'THB',
        amount: '12.34',
        orderId: `E2E-RISK-${Date.now()}`,
        bankName: 'E2E Bank',
        accountNumber: `9${Date.now()}`.slice(0, 12),
        accountHolder: 'E2E Beneficiary',
      });
      expect(held.status).toBe('held_for_review');
      ownId = held.id;
    } finally {
      await callAs(page, session, 'setRiskRuleMode', {
        id: rule.id,
        mode: 'disabled',
        reason: 'e2e done',
      });
    }
    const step = await riskStepOf(page, ownId);
    expect(await byTestId(step, 'risk-rule-name').innerText()).toBe(OWN_RULE);
    const seen = await byTestId(step, 'risk-seen').innerText();
    expect(seen).toContain('saw 12.34 THB');
    expect(seen).toContain('not seen before');
    expect(findingLines('own rule', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-timeline-merchant-own');
  });

  it('declines the e2e pay-out, so no queue keeps it', async () => {
    const { page, session } = admin;
    const reasons = await callAs<{ rows: RejectReasonRow[] }>(page, session, 'getRejectReasons');
    const declined = await callAs<{ status: string }>(page, session, 'declineHeldItem', {
      id: ownId,
      reasonCode: reasons.rows.find((r) => !r.is_system)!.code,
      note: 'Risk timeline e2e: done.',
    });
    expect(declined.status).toBe('rejected');
  });
});
