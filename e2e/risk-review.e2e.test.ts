import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  formatAmount,
  formatMoney,
  parseAmount,
  type HeldItemRow,
  type RejectReasonRow,
} from '@bo/contract';
import { findingLines, runAxe } from './support/accessibility';
import { auditScreen, PHONE } from './support/audited-page';
import { closeTwoFactorReminder, launchBrowser, screenshot } from './support/browser';
import { callAs, whileInArabic } from './support/dashboard';
import { byTestId, listAnswerAfter, listSettled, rowOf } from './support/lists';
import { answerOf, openList, signedAs, type Signed } from './support/money';
import { approveHeldAs } from './support/risk';

/**
 * The risk review queue on the shared demo server (issue 42; docs/risk.md, Review queue). The
 * demo world holds two THB pay-outs of MER00001 for review (server/src/seed/demo-held-items.ts,
 * made as intake makes them). An admin sees the queue's card on the dashboard, opens
 * /risk/review, sees both with the rule that held them, approves one (the confirmation says it
 * goes to its gateway) and declines the other with a reason (the confirmation says how much
 * goes back to the merchant's pay-out balance); both leave the queue and the card counts two
 * fewer. The screen passes axe left to right and in Arabic, on a desktop and on a 390 px phone.
 */
const baseUrl = inject('baseUrl');
const QUEUE = '/risk/review';
/** The queue showing one held item, by its order id (the search is exact). */
const queueOf = (orderId: string) => `${QUEUE}?search=${orderId}`;

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

/** The dashboard's review card: how many wait. */
async function cardCount(page: Page): Promise<number> {
  await page.goto('/');
  await closeTwoFactorReminder(page);
  const card = byTestId(page, 'risk-review-card');
  await card.waitFor();
  return Number((await byTestId(card, 'risk-review-count').innerText()).replace(/\D/g, ''));
}

/** The held demo pay-outs on /risk/review, by order id. */
async function heldRows(page: Page): Promise<Record<string, HeldItemRow>> {
  const { data } = await listAnswerAfter<{ rows: HeldItemRow[] }>(page, 'getRiskReviewList', () =>
    openList(page, QUEUE),
  );
  const demo = data.rows.filter((r) => r.order_id.startsWith('DEMO-HELD-'));
  return Object.fromEntries(demo.map((r) => [r.order_id, r]));
}

describe('the risk review queue', () => {
  let admin: Signed;
  let held: Record<string, HeldItemRow>;
  let countBefore: number;

  it('the dashboard card counts the held items and opens the queue', async () => {
    admin = await signed('admin@demo.test');
    const { page } = admin;
    countBefore = await cardCount(page);
    expect(countBefore).toBeGreaterThanOrEqual(2);
    expect(await byTestId(page, 'risk-review-oldest').innerText()).toMatch(/^oldest \d+ hours?$/);
    await byTestId(page, 'risk-review-card').screenshot({
      path: 'e2e/screenshots/risk-review-dashboard-card.png',
    });
    await byTestId(page, 'risk-review-link').click();
    await page.waitForURL(/\/risk\/review$/);
    await listSettled(page);
  });

  it('lists them with the rule that held them and the approvals they need', async () => {
    const { page } = admin;
    held = await heldRows(page);
    expect(Object.keys(held).sort()).toEqual(['DEMO-HELD-1', 'DEMO-HELD-2']);
    const row = rowOf(page, held['DEMO-HELD-2']!.id);
    expect(await byTestId(row, 'held-by').innerText()).toContain(
      'Demo: large pay-outs held for review',
    );
    expect((await byTestId(row, 'approvals').innerText()).trim()).toMatch(/^0 of [12]$/);
    expect(findingLines('risk review', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-review-admin');

    // The id opens the pay-out's own detail.
    await byTestId(row, 'open-detail').click();
    const detail = byTestId(page, 'money-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain('Pay-out');
    expect(findingLines('held item detail', await runAxe(page))).toEqual([]);
    await detail.locator('.btn-close').first().click();
    await detail.waitFor({ state: 'detached' });
  });

  it('passes axe in Arabic and on a phone', async () => {
    const { page, session } = admin;
    await whileInArabic(page, 'admin@demo.test', session, async () => {
      await openList(page, QUEUE);
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.locator('[data-testid="list-row"]').first().waitFor();
      expect(findingLines('risk review ar', await runAxe(page))).toEqual([]);
      await screenshot(page, 'risk-review-admin-ar');
      await page.setViewportSize(PHONE);
      await openList(page, QUEUE);
      expect(await auditScreen(page, 'risk review 390 ar', true)).toEqual([]);
      await screenshot(page, 'risk-review-390-ar');
    });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('an approval lets the pay-out go to its gateway', async () => {
    const item = held['DEMO-HELD-2']!;
    const effect = 'Let pay-out MER00001 · 1,000.00 THB go to its gateway.';
    let status = await approveHeldAs(admin, item, effect);
    if (status === 'held_for_review')
      status = await approveHeldAs(await signed('admin2@demo.test'), item, effect);
    expect(status).toBe('processing');
    await rowOf(admin.page, item.id).waitFor({ state: 'detached' });
  });

  it('a decline asks for a reason and gives the money back to the pay-out balance', async () => {
    const { page, session } = admin;
    const item = held['DEMO-HELD-1']!;
    const reasons = await callAs<{ rows: RejectReasonRow[] }>(page, session, 'getRejectReasons');
    const reason = reasons.rows.find((r) => !r.is_system)!;
    await openList(page, queueOf(item.order_id));
    const row = rowOf(page, item.id);
    await byTestId(row, 'decide-reject').click();
    const dialog = byTestId(page, 'decision-dialog');
    await dialog.waitFor();
    const minor = (text: string) => parseAmount(text, 'THB')!;
    const total = formatMoney(formatAmount(minor(item.amount) + minor(item.fee), 'THB'), 'THB');
    expect(await byTestId(dialog, 'decision-effect').innerText()).toBe(
      `Decline pay-out MER00001 · 1,500.00 THB and give ${total} THB back to the merchant’s pay-out balance.`,
    );
    expect(await byTestId(dialog, 'decision-confirm').innerText()).toBe('Decline');
    await byTestId(dialog, 'decision-reason-code').selectOption(reason.code);
    await byTestId(dialog, 'decision-reason').fill('The beneficiary is on a mule list (e2e).');
    expect(findingLines('decline dialog', await runAxe(page))).toEqual([]);
    await screenshot(page, 'risk-review-decline');
    const answer = await answerOf<{ status: string }>(page, 'declineHeldItem', () =>
      byTestId(dialog, 'decision-confirm').click(),
    );
    expect(answer.status).toBe('rejected');
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(Object.keys(await heldRows(page))).toEqual([]);
    expect(await cardCount(page)).toBe(countBefore - 2);
  });
});
