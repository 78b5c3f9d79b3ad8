import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Locator } from 'playwright-core';
import { findingLines, runAxe } from './support/accessibility';
import { auditScreen, PHONE, phoneProblems } from './support/audited-page';
import { launchBrowser, screenshot } from './support/browser';
import { callAs, isCall, whileInArabic } from './support/dashboard';
import { byTestId, listSettled } from './support/lists';
import { availableOf, openList, signedAs } from './support/money';
import { takeSuccessNote } from './support/success';
import { preloaderGone } from './support/wait-for-css';

/**
 * Balance adjustments on the shared demo server (issue 41): an admin asks for a credit to a
 * merchant's available balance, seeing its effect and the approvals it needs first; two other
 * admins approve it from the pending queue; the merchant's balance moves by exactly its amount;
 * its detail shows its journal and timeline, the global search finds it, and the list reads
 * right to left in Arabic. The screens' axe audits run in the menu walks (both directions); on a
 * 390 px phone in Arabic the list and the dialog's review step fit the screen and pass axe.
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

/** Signed in on an audited page: axe-core may be injected. */
const signed = (email: string) => signedAs(browser, baseUrl, email, contexts, { audited: true });
const NOTE = 'E2E goodwill for a delayed settlement';

describe('balance adjustments', () => {
  it('an admin asks for a credit; two others approve it; the merchant’s balance moves', async () => {
    const merchant = await signed('merchant@demo.test');
    const before = await availableOf(merchant, 'THB');

    const maker = await signed('admin3@demo.test');
    await openList(maker.page, '/balance-adjustments/list');
    await byTestId(maker.page, 'adjustment-new').click();
    const dialog = byTestId(maker.page, 'adjustment-dialog');
    // Nothing filled: every required field says so at once, and nothing is sent.
    await byTestId(dialog, 'adjustment-review').click();
    await byTestId(dialog, 'field-error-ownerDbCode').waitFor();
    await byTestId(dialog, 'field-error-note').waitFor();
    await fillAdjustment(dialog, ['credit', 'available', '12.34', 'goodwill', NOTE]);
    await byTestId(dialog, 'adjustment-review').click();
    const effect = await byTestId(dialog, 'adjustment-effect').innerText();
    expect(effect).toContain('12.34');
    expect(effect).toContain('MER00001');
    expect(await byTestId(dialog, 'adjustment-approvals-needed').innerText()).toContain('2');
    expect(findingLines('adjustment review', await runAxe(maker.page))).toEqual([]);
    await screenshot(maker.page, 'adjustment-review-admin');
    const created = maker.page.waitForResponse((r) => isCall(r.request(), 'createAdjustment'));
    await byTestId(dialog, 'adjustment-confirm').click();
    const answer = (await (await created).json()) as {
      status: number;
      message: string;
      data: { id: string; status: string; approvals_required: number };
    };
    expect(answer.status, answer.message).toBe(200);
    expect(answer.data).toMatchObject({ status: 'pending_approval', approvals_required: 2 });
    await takeSuccessNote(maker.page);
    const id = answer.data.id;
    // Nothing moved yet.
    expect(await availableOf(merchant, 'THB')).toBe(before);

    for (const [email, approvals] of [
      ['admin@demo.test', 1],
      ['admin2@demo.test', 2],
    ] as const) {
      const admin = await signed(email);
      await openList(admin.page, `/balance-adjustments/pending-list?search=${id}`);
      const row = admin.page.locator('[data-testid="list-row"]').first();
      expect(await row.innerText()).toContain('12.34');
      await byTestId(row, 'decide-approve').click();
      const approved = admin.page.waitForResponse((r) => isCall(r.request(), 'approveAdjustment'));
      await byTestId(admin.page, 'decision-confirm').click();
      const body = (await (await approved).json()) as {
        status: number;
        message: string;
        data: { status: string; approvals: number };
      };
      expect(body.status, body.message).toBe(200);
      expect(body.data.approvals).toBe(approvals);
      await screenshot(admin.page, `adjustment-approved-${email.split('@')[0]}`);
    }
    expect((await availableOf(merchant, 'THB')) - before).toBe(1_234n);

    // Its detail: the journal it posted and its steps.
    const admin = await signed('admin@demo.test');
    await openList(admin.page, `/balance-adjustments/list?search=${id}`);
    const row = admin.page.locator('[data-testid="list-row"]').first();
    expect(await row.innerText()).toContain('Approved');
    await byTestId(row, 'open-detail').click();
    await byTestId(admin.page, 'money-detail').waitFor();
    await byTestId(admin.page, 'detail-tab-timeline').click();
    await byTestId(admin.page, 'detail-timeline').waitFor();
    await screenshot(admin.page, 'adjustment-detail-admin');

    // The top bar's search finds it by its id.
    await admin.page.keyboard.press('Escape');
    await admin.page.keyboard.press('/');
    await admin.page.keyboard.type(id);
    const option = admin.page.locator('[data-testid="global-search-option"]').first();
    await option.waitFor();
    expect(await option.innerText()).toContain('12.34');
    await admin.page.keyboard.press('Escape');

    // The merchant's statement counts it in its adjustments column.
    const merchantId = (
      await callAs<{ rows: { id: string; account_db_code: string }[] }>(
        admin.page,
        admin.session,
        'getMerchantList',
        { search: 'MER00001' },
      )
    ).rows.find((m) => m.account_db_code === 'MER00001')!.id;
    const statement = await callAs<{ rows: { adjustments: string }[] }>(
      admin.page,
      admin.session,
      'getMerchantStatement',
      { merchantId, currency: 'THB' },
    );
    expect(statement.rows.some((r) => r.adjustments !== '0.00')).toBe(true);

    await whileInArabic(admin.page, 'admin@demo.test', admin.session, async () => {
      await openList(admin.page, `/balance-adjustments/list?search=${id}`);
      await admin.page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await admin.page.locator('[data-testid="list-row"]').first().waitFor();
      await listSettled(admin.page);
      expect(findingLines('adjustments ar', await runAxe(admin.page))).toEqual([]);
      await screenshot(admin.page, 'adjustment-list-admin-ar');
    });
  });

  it('refuses a debit the balance does not cover, in the dialog, and asks for nothing', async () => {
    const admin = await signed('admin3@demo.test');
    await openList(admin.page, '/balance-adjustments/list');
    await byTestId(admin.page, 'adjustment-new').click();
    const dialog = byTestId(admin.page, 'adjustment-dialog');
    await fillAdjustment(dialog, [
      'debit',
      'payout_available',
      '99999999.00',
      'fee_correction',
      'E2E too large a debit',
    ]);
    await byTestId(dialog, 'adjustment-review').click();
    await byTestId(dialog, 'adjustment-confirm').click();
    const refusal = byTestId(dialog, 'adjustment-error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('below zero');
    await screenshot(admin.page, 'adjustment-refused-admin');
  });

  it('fits a 390 px phone in Arabic: the list, and the dialog’s review step, pass axe', async () => {
    const admin = await signed('admin3@demo.test');
    await admin.page.setViewportSize(PHONE);
    await whileInArabic(admin.page, 'admin3@demo.test', admin.session, async () => {
      const { page } = admin;
      await openList(page, '/balance-adjustments/list');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.locator('[data-testid="list-row"]').first().waitFor();
      expect(await auditScreen(page, 'adjustments 390 ar', true)).toEqual([]);
      await listSettled(page);
      await preloaderGone(page);
      await screenshot(page, 'adjustment-list-390-ar');
      expect(
        await phoneProblems(page, 'list', [
          byTestId(page, 'profile-menu'),
          page.locator('[data-testid="list-row"]').first(),
          byTestId(page, 'adjustment-new'),
        ]),
      ).toEqual([]);

      await byTestId(page, 'adjustment-new').click();
      const dialog = byTestId(page, 'adjustment-dialog');
      // A long note without spaces: the review must wrap it, not widen the dialog.
      const note = `E2E-phone-${'x'.repeat(120)}`;
      await fillAdjustment(dialog, [
        'debit',
        'payout_available',
        '1234567.89',
        'chargeback_fee',
        note,
      ]);
      await byTestId(dialog, 'adjustment-review').click();
      await byTestId(dialog, 'adjustment-effect').waitFor();
      await screenshot(page, 'adjustment-review-390-ar');
      expect(findingLines('adjustment review 390 ar', await runAxe(page))).toEqual([]);
      expect(
        await phoneProblems(page, 'review', [
          dialog,
          byTestId(dialog, 'adjustment-effect'),
          byTestId(dialog, 'adjustment-summary'),
          byTestId(dialog, 'adjustment-confirm'),
        ]),
      ).toEqual([]);
      // Nothing is asked for: the dialog closes without sending.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });
});

/** Fills the New adjustment dialog for MER00001 in THB: direction, balance, amount, reason, note. */
async function fillAdjustment(
  dialog: Locator,
  [direction, balance, amount, reason, note]: readonly [string, string, string, string, string],
): Promise<void> {
  await byTestId(dialog, 'adjustment-owner').fill('MER00001');
  await byTestId(dialog, `adjustment-direction-${direction}`).check();
  await byTestId(dialog, 'adjustment-balance').selectOption(balance);
  await byTestId(dialog, 'adjustment-currency').selectOption('THB');
  await byTestId(dialog, 'adjustment-amount').fill(amount);
  await byTestId(dialog, 'adjustment-reason').selectOption(reason);
  await byTestId(dialog, 'adjustment-note').fill(note);
}
