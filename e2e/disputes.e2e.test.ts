import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseAmount, type CallResponse, type getPayinList } from '@bo/contract';
import { findingLines, runAxe } from './support/accessibility';
import { launchBrowser, screenshot } from './support/browser';
import { callAs, whileInArabic } from './support/dashboard';
import { byTestId, rowOf } from './support/lists';
import { availableOf, openList, signedAs, type Signed } from './support/money';
import { takeSuccessNote } from './support/success';
import { disputes as arWords } from '../web/src/i18n/locales/ar/disputes';
import { disputes as enWords } from '../web/src/i18n/locales/en/disputes';

/**
 * Disputes on the shared demo server (issue 27): an admin has the sandbox open a chargeback on
 * a merchant's pay-in; the merchant sees it in its queue with the deadline's countdown and the
 * hold taken from its balance, uploads two files, writes its answer and submits it; the sandbox
 * rules (service proof given: won, fee returned); the merchant sees the outcome and its balance
 * whole again. The merchant's part runs in English and in Arabic (right to left). Its reseller
 * reads the dispute without an answer button.
 */
const baseUrl = inject('baseUrl');
type PayinPage = CallResponse<typeof getPayinList>;

/** The smallest well-formed PDF and PNG: their bytes start as the server checks. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

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

async function openDetail(page: Page, path: string, id: string) {
  await openList(page, path);
  await byTestId(rowOf(page, id), 'open-detail').click();
  await byTestId(page, 'money-detail-view').waitFor();
}

const disputesOf = async ({ page, session }: Signed, payinId: string) =>
  (
    await callAs<{ rows: { id: string; status: string; amount: string; fee: string }[] }>(
      page,
      session,
      'getDisputeList',
      { payinId },
    )
  ).rows;

/** The merchant's words in each language the flow runs in (web/src/i18n/locales). */
const IN = {
  en: { words: enWords, won: 'Won', left: /left/ },
  ar: { words: arWords, won: 'ربح', left: /متبقٍ/ },
} as const;

/**
 * Runs the merchant's part in English, or in Arabic (saved, signed in again, English after),
 * with the merchant as signed in for it.
 */
const inLanguage = (lang: keyof typeof IN, merchant: Signed, run: (m: Signed) => Promise<void>) =>
  lang === 'en'
    ? run(merchant)
    : whileInArabic(merchant.page, 'merchant@demo.test', merchant.session, (session) =>
        run({ ...merchant, session }),
      );

describe('disputes', () => {
  // A successful pay-in per language no other browser test touches (refunds take the newest).
  it.each([
    ['en', 3],
    ['ar', 4],
  ] as const)(
    'the sandbox opens a dispute; the merchant answers with two files (%s); it is won and the balance is whole',
    async (lang, nth) => {
      const { words, won, left } = IN[lang];
      const merchant = await signed('merchant@demo.test');
      const { rows } = await callAs<PayinPage>(merchant.page, merchant.session, 'getPayinList', {
        status: 'success',
        currency: 'THB',
        pageSize: '5',
      });
      const payin = rows[nth]!;
      const before = await availableOf(merchant, 'THB');

      // The admin simulates the chargeback from the pay-in's detail.
      const admin = await signed('admin@demo.test');
      await openDetail(
        admin.page,
        `/transactions?status=success&search=${payin.order_id}`,
        payin.id,
      );
      await byTestId(admin.page, 'dispute-simulate-open').click();
      const simulate = byTestId(admin.page, 'dispute-simulate-dialog');
      await byTestId(simulate, 'dispute-simulate-reason').selectOption('product_not_received');
      await screenshot(admin.page, `dispute-simulate-admin-${lang}`);
      expect(findingLines('simulate dialog', await runAxe(admin.page))).toEqual([]);
      await byTestId(simulate, 'dispute-simulate-confirm').click();
      expect(await takeSuccessNote(admin.page)).toBe(enWords.simulated);
      const [dispute] = await disputesOf(merchant, payin.id);
      expect(dispute?.status).toBe('opened');
      // While it is open, the pay-in says so beside its "Success".
      await openDetail(
        admin.page,
        `/transactions?status=success&search=${payin.order_id}`,
        payin.id,
      );
      await byTestId(byTestId(admin.page, 'payin-after-care'), 'payin-disputed').waitFor();
      const held = parseAmount(dispute!.amount, 'THB')! + parseAmount(dispute!.fee, 'THB')!;
      expect(before - (await availableOf(merchant, 'THB'))).toBe(held);

      // Inside, `merchant` is the same page signed in for the language.
      await inLanguage(lang, merchant, async (merchant) => {
        // The merchant finds it in the queue, with the deadline's countdown.
        await openList(merchant.page, `/disputes/pending-list?search=${payin.order_id}`);
        const row = rowOf(merchant.page, dispute!.id);
        expect(await byTestId(row, 'deadline-left').innerText()).toMatch(left);
        await screenshot(merchant.page, `dispute-queue-merchant-${lang}`);
        await byTestId(row, 'open-detail').click();
        await byTestId(merchant.page, 'dispute-outcome').waitFor();

        // The answer: written evidence, two files uploaded with progress, a review, a submit.
        await byTestId(merchant.page, 'dispute-answer-open').click();
        const dialog = byTestId(merchant.page, 'dispute-answer-dialog');
        await byTestId(dialog, 'dispute-evidence-productDescription').fill('A 12-month plan');
        await byTestId(dialog, 'dispute-evidence-serviceProof').fill('Delivered on 2026-11-02');
        await byTestId(dialog, 'dispute-file-input').setInputFiles([
          { name: 'delivery-proof.pdf', mimeType: 'application/pdf', buffer: PDF },
          { name: 'receipt.png', mimeType: 'image/png', buffer: PNG },
        ]);
        await expect
          .poll(() => byTestId(dialog, 'dispute-file').count(), { timeout: 15_000 })
          .toBe(2);
        await screenshot(merchant.page, `dispute-answer-merchant-${lang}`);
        expect(findingLines(`answer dialog, ${lang}`, await runAxe(merchant.page))).toEqual([]);
        await byTestId(dialog, 'dispute-submit-review').click();
        // The final review reads back what is sent: each field's words, the files by name.
        const review = byTestId(dialog, 'dispute-review');
        await review.waitFor();
        const reviewed = await review.innerText();
        for (const said of ['A 12-month plan', 'Delivered on 2026-11-02', 'receipt.png'])
          expect(reviewed).toContain(said);
        await byTestId(dialog, 'dispute-submit-confirm').click();
        expect(await takeSuccessNote(merchant.page)).toBe(words.submitted);

        // The sandbox rules by callback: service proof given, so won, the fee returned.
        const status = async () => (await disputesOf(merchant, payin.id))[0]?.status;
        await expect.poll(status, { timeout: 20_000 }).toBe('won');
        expect(await availableOf(merchant, 'THB')).toBe(before);
        await openList(merchant.page, `/disputes/list?search=${payin.order_id}`);
        expect(await rowOf(merchant.page, dispute!.id).innerText()).toContain(won);
        await byTestId(rowOf(merchant.page, dispute!.id), 'open-detail').click();
        await expect
          .poll(() => byTestId(merchant.page, 'dispute-outcome').innerText())
          .toContain(won);
        // The files load beside the detail: wait for them.
        await expect.poll(() => byTestId(merchant.page, 'dispute-file').count()).toBe(2);
        const download = merchant.page.waitForEvent('download');
        await byTestId(merchant.page, 'dispute-file-download').first().click();
        expect((await download).suggestedFilename()).toBe('delivery-proof.pdf');
        await screenshot(merchant.page, `dispute-won-merchant-${lang}`);
        expect(findingLines(`won dispute, ${lang}`, await runAxe(merchant.page))).toEqual([]);
      });

      // Its reseller reads it all and answers nothing.
      const reseller = await signed('reseller@demo.test');
      await openDetail(reseller.page, `/disputes/list?search=${payin.order_id}`, dispute!.id);
      await byTestId(reseller.page, 'dispute-files').waitFor();
      expect(await byTestId(reseller.page, 'dispute-answer-open').count()).toBe(0);
    },
  );
});
