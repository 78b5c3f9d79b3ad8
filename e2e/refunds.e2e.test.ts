import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { formatAmount, parseAmount, type CallResponse, type getPayinList } from '@bo/contract';
import { launchBrowser, screenshot } from './support/browser';
import { callAs, isCall, whileInArabic } from './support/dashboard';
import { byTestId, rowOf } from './support/lists';
import { availableOf, openList, signedAs } from './support/money';
import { takeSuccessNote } from './support/success';

/**
 * Refunds on the shared demo server (issue 26): a merchant refunds part of a successful pay-in
 * from its detail drawer, seeing what is left and the effect first; two admins approve it from
 * the pending queue (with no threshold saved, every refund waits for two); the merchant sees it
 * succeed, its pay-in's refunded amount and its balance change, then the same list in Arabic.
 */
const baseUrl = inject('baseUrl');
type PayinPage = CallResponse<typeof getPayinList>;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

/** The pay-in the first test refunds in part, the second in full. */
let refundedPayin: PayinPage['rows'][number] | undefined;

const signed = (email: string) => signedAs(browser, baseUrl, email, contexts);

describe('refunds', () => {
  it('a merchant refunds part of a pay-in; two admins approve it; the merchant sees it succeed', async () => {
    const merchant = await signed('merchant@demo.test');
    const { rows } = await callAs<PayinPage>(merchant.page, merchant.session, 'getPayinList', {
      status: 'success',
      currency: 'THB',
      pageSize: '1',
    });
    const payin = rows[0]!;
    refundedPayin = payin;
    const before = await availableOf(merchant, 'THB');

    await openList(merchant.page, `/transactions?status=success&search=${payin.order_id}`);
    await byTestId(rowOf(merchant.page, payin.id), 'open-detail').click();
    await byTestId(merchant.page, 'refund-open').click();
    const dialog = byTestId(merchant.page, 'refund-dialog');
    const amountField = byTestId(dialog, 'refund-amount');
    // It starts at what is refundable (all of it here) and refuses more before any review.
    await expect.poll(() => amountField.inputValue()).toBe(payin.amount);
    await amountField.fill('99999999.00');
    await byTestId(dialog, 'refund-review').click();
    await dialog.getByText('of this pay-in can still be refunded').waitFor();
    expect(await byTestId(dialog, 'refund-quote').count()).toBe(0);
    await amountField.fill('1.03');
    await byTestId(dialog, 'refund-reason').fill('E2E partial refund');
    await byTestId(dialog, 'refund-review').click();
    const quote = byTestId(dialog, 'refund-quote');
    await quote.waitFor();
    expect(await quote.locator('[data-quote="amount"]').innerText()).toContain('1.03');
    await byTestId(dialog, 'refund-needs-approval').waitFor();
    await screenshot(merchant.page, 'refund-quote-merchant');
    await byTestId(dialog, 'refund-confirm').click();
    expect(await takeSuccessNote(merchant.page)).toBe('The refund was requested.');
    // Reserved at once: amount plus fee (0 in the demo contracts) left the available balance.
    expect(before - (await availableOf(merchant, 'THB'))).toBe(103n);

    for (const email of ['admin@demo.test', 'admin2@demo.test']) {
      const admin = await signed(email);
      await openList(admin.page, `/refunds/pending-list?search=${payin.order_id}`);
      const row = admin.page.locator('[data-testid="list-row"]').first();
      await byTestId(row, 'decide-approve').click();
      const answered = admin.page.waitForResponse((r) => isCall(r.request(), 'approveRefund'));
      await byTestId(admin.page, 'decision-confirm').click();
      const body = (await (await answered).json()) as {
        status: number;
        message: string;
        data: { status: string; approvals: number };
      };
      expect(body.status, body.message).toBe(200);
      // The first admin's approval is one of two; the second sends it to the gateway.
      expect(body.data.approvals).toBe(email === 'admin@demo.test' ? 1 : 2);
      await screenshot(admin.page, `refund-approved-${email.split('@')[0]}`);
    }

    const refunded = async () => {
      const list = await callAs<{ rows: { status: string }[] }>(
        merchant.page,
        merchant.session,
        'getRefundList',
        { payinId: payin.id },
      );
      return list.rows.map((r) => r.status);
    };
    await expect.poll(refunded, { timeout: 20_000 }).toContain('succeeded');
    await openList(merchant.page, `/refunds/list?search=${payin.order_id}`);
    expect(await merchant.page.locator('[data-testid="list-row"]').first().innerText()).toContain(
      'Succeeded',
    );
    await screenshot(merchant.page, 'refund-list-merchant');
    expect(before - (await availableOf(merchant, 'THB'))).toBe(103n);

    // The pay-in's timeline shows the refund's steps, linked to the refund.
    await openList(merchant.page, `/transactions?status=success&search=${payin.order_id}`);
    await byTestId(rowOf(merchant.page, payin.id), 'open-detail').click();
    await byTestId(merchant.page, 'detail-tab-timeline').click();
    const subjects = byTestId(byTestId(merchant.page, 'detail-timeline'), 'timeline-subject');
    await subjects.first().waitFor();
    expect(await subjects.first().innerText()).toContain('1.03');
    await screenshot(merchant.page, 'refund-on-payin-timeline');
    // Beside "Success": partly refunded, by how much; no gateway callbacks tab for a merchant;
    // the refund form now starts at what is left.
    expect(
      await byTestId(byTestId(merchant.page, 'payin-after-care'), 'payin-refund-state').innerText(),
    ).toBe('Partially refunded');
    expect(await byTestId(merchant.page, 'payin-after-care').innerText()).toContain('1.03');
    expect(await byTestId(merchant.page, 'detail-tab-callbacks').count()).toBe(0);
    await screenshot(merchant.page, 'payin-detail-merchant');
    const left = (
      await callAs<PayinPage>(merchant.page, merchant.session, 'getPayinList', {
        search: payin.order_id,
      })
    ).rows[0]!;
    const rest = parseAmount(left.amount, 'THB')! - parseAmount(left.refunded_amount, 'THB')!;
    await byTestId(merchant.page, 'refund-open').click();
    await expect
      .poll(() => byTestId(dialog, 'refund-amount').inputValue())
      .toBe(formatAmount(rest, 'THB'));

    // The same list in Arabic, right to left, with the status in Arabic.
    await whileInArabic(merchant.page, 'merchant@demo.test', merchant.session, async () => {
      await openList(merchant.page, `/refunds/list?search=${payin.order_id}`);
      await merchant.page.waitForFunction(() => document.documentElement.dir === 'rtl');
      expect(await merchant.page.locator('[data-testid="list-row"]').first().innerText()).toContain(
        'تم بنجاح',
      );
      await screenshot(merchant.page, 'refund-list-merchant-ar');
      await openList(merchant.page, `/transactions?status=success&search=${payin.order_id}`);
      await byTestId(rowOf(merchant.page, payin.id), 'open-detail').click();
      expect(
        await byTestId(
          byTestId(merchant.page, 'payin-after-care'),
          'payin-refund-state',
        ).innerText(),
      ).toBe('مسترد جزئيًا');
      await screenshot(merchant.page, 'payin-detail-merchant-ar');
    });
  });

  it('a pay-in refunded in full says so and offers no Refund, for the admin too, in Arabic', async () => {
    const merchant = await signed('merchant@demo.test');
    const payin = refundedPayin!;
    const refunded = async () =>
      (
        await callAs<{ rows: { status: string }[] }>(
          merchant.page,
          merchant.session,
          'getRefundList',
          {
            payinId: payin.id,
          },
        )
      ).rows.map((r) => r.status);
    // Refunded in full (through the calls: two admins approve), it offers no Refund any more.
    // The sandbox refunds by its gateway's success rate (90 % by default): a failed refund gives
    // its amount back to refund, so the full refund is asked again until one succeeds.
    const FINAL = ['succeeded', 'failed', 'rejected'];
    for (let attempt = 1; ; attempt++) {
      const left = (
        await callAs<PayinPage>(merchant.page, merchant.session, 'getPayinList', {
          search: payin.order_id,
        })
      ).rows[0]!;
      const rest = parseAmount(left.amount, 'THB')! - parseAmount(left.refunded_amount, 'THB')!;
      const full = await callAs<{ id: string }>(merchant.page, merchant.session, 'requestRefund', {
        payinId: payin.id,
        amount: formatAmount(rest, 'THB'),
        requestKey: `e2e-full-${payin.id}-${attempt}`,
      });
      for (const email of ['admin@demo.test', 'admin2@demo.test']) {
        const admin = await signed(email);
        await callAs(admin.page, admin.session, 'approveRefund', { id: full.id });
      }
      const ended = async () => (await refunded()).filter((s) => FINAL.includes(s)).length;
      await expect.poll(ended, { timeout: 20_000 }).toBe(attempt + 1);
      const statuses = await refunded();
      if (statuses.filter((s) => s === 'succeeded').length === 2) break;
      expect(attempt, `full refunds failed: ${statuses.join(', ')}`).toBeLessThan(5);
    }
    const admin = await signed('admin@demo.test');
    await openList(admin.page, `/transactions?status=success&search=${payin.order_id}`);
    expect(await byTestId(rowOf(admin.page, payin.id), 'payin-refund-state').innerText()).toBe(
      'Refunded',
    );
    await byTestId(rowOf(admin.page, payin.id), 'open-detail').click();
    await byTestId(admin.page, 'payin-after-care').waitFor();
    expect(await byTestId(admin.page, 'refund-open').count()).toBe(0);
    await byTestId(admin.page, 'detail-tab-callbacks').waitFor();
    await screenshot(admin.page, 'payin-detail-admin');
    await whileInArabic(admin.page, 'admin@demo.test', admin.session, async () => {
      await openList(admin.page, `/transactions?status=success&search=${payin.order_id}`);
      await byTestId(rowOf(admin.page, payin.id), 'open-detail').click();
      expect(
        await byTestId(byTestId(admin.page, 'payin-after-care'), 'payin-refund-state').innerText(),
      ).toBe('مسترد');
      await screenshot(admin.page, 'payin-detail-admin-ar');
    });
  });
});
