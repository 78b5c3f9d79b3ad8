import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, MERCHANT, startMoneyApp, type MoneyApp } from './support/money-app';

const ADMIN3 = 'admin3@demo.test';

type Report = { rows: Record<string, string>[]; totals: Record<string, string> };

/**
 * Where an approved balance adjustment reaches besides its own screens (issue 41): the owner's
 * mail in the owner's language, the admin balance report (the owner's balance against the
 * platform's fees, still summing to zero) and the merchant balance settlement (its own column,
 * no difference).
 */
describe('an approved balance adjustment', () => {
  let t: MoneyApp;
  let merchantId: string;
  const balanceReport = async () => {
    const answer = await t.as<Report>(ADMIN, 'getBalanceReport', { currency: 'THB' });
    expect(answer.status, answer.message).toBe(200);
    const of = (type: string) =>
      answer.data.rows.find((r) => r.account_type === type)?.balance ?? '0.00';
    return {
      merchant: of('merchant_available'),
      platform: of('platform_profit'),
      total: answer.data.totals.balance,
    };
  };
  const cents = (text: string) => BigInt(text.replace(/[.,]/g, ''));

  beforeAll(async () => {
    t = await startMoneyApp();
    merchantId = await t.accountId('MER00001');
    // The merchant reads its mail in French.
    await t.db.query(`UPDATE accounts SET lang = 'fr' WHERE id = $1`, [merchantId]);
  });
  afterAll(() => t.close());

  it('reaches the mail, the balance report and the balance settlement, to the cent', async () => {
    const before = await balanceReport();
    const asked = await t.as<{ id: string }>(ADMIN3, 'createAdjustment', {
      ownerDbCode: 'MER00001',
      balance: 'available',
      currency: 'THB',
      direction: 'credit',
      amount: '12.34',
      reasonCode: 'goodwill',
      note: 'Geste commercial',
    });
    expect(asked.status, asked.message).toBe(200);
    const approved = await t.approveByTwo<{ status: string }>('approveAdjustment', asked.data.id);
    expect(approved.data.status).toBe('approved');

    const { rows: mails } = await t.db.query<{ subject: string; text_body: string; lang: string }>(
      `SELECT subject, text_body, lang FROM mail_outbox WHERE kind = 'adjustment.approved'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Votre solde a été ajusté', lang: 'fr' });
    expect(mails[0]!.text_body).toContain('+12.34 THB');
    expect(mails[0]!.text_body).toContain('Geste commercial');

    const after = await balanceReport();
    expect(cents(after.merchant) - cents(before.merchant)).toBe(1234n);
    expect(cents(after.platform) - cents(before.platform)).toBe(-1234n);
    expect(after.total).toBe(before.total);

    const today = new Date().toISOString().slice(0, 10);
    const settlement = await t.as<Report>(MERCHANT, 'getMerchantBalanceSettlement', {
      currency: 'THB',
      from: today,
      to: today,
    });
    expect(settlement.status, settlement.message).toBe(200);
    const row = settlement.data.rows.find((r) => r.merchant_id === merchantId)!;
    expect(cents(row.adjustments!)).toBe(1234n);
    expect(cents(row.difference!)).toBe(0n);
    await t.expectCleanLedger();
  });
});
