import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, type MoneyRequestQuote } from '@bo/contract';
import { changeTopUps, createTopUps } from '../../src/modules/top-ups/top-ups.service';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  RESELLER2,
  SUB,
  startMoneyApp,
  type MoneyApp,
  saveTestWallet,
} from './support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await saveTestWallet(t, MERCHANT);
  // 10000.03 THB paid in (the sandbox pays amounts ending in .03): the merchant keeps 9750.03
  // to settle and its reseller earns 100.00 of commission.
  const r = await t.api('POST', '/api/v1/payins', {
    amount: '10000.03',
    currency: 'THB',
    order_id: 'quote-seed-1',
  });
  expect(r.status).toBe(201);
  await t.sandbox.idle();
  // 5000.00 THB of pay-out balance, recorded and approved through the top-up service.
  const merchantId = await t.accountId('MER00001');
  await t.db.transaction(async (tx) => {
    const [topUp] = await createTopUps(tx, [
      {
        merchantId,
        resellerId: null,
        currency: 'THB',
        amount: 500_000n,
        note: 'quote test',
        createdBy: null,
        createdAt: new Date(),
      },
    ]);
    await changeTopUps(tx, [{ id: topUp!.id, status: 'approved', at: new Date() }]);
  });
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const quote = (email: string, fields: Record<string, string>) =>
  t.as<MoneyRequestQuote>(email, 'getMoneyRequestQuote', { currency: 'THB', ...fields });

/** The quote's own arithmetic: remaining = available − (amount + fee), or + for a top-up. */
function expectConsistent(q: MoneyRequestQuote) {
  const minor = (text: string) => parseAmount(text, q.currency)!;
  expect(minor(q.total)).toBe(minor(q.amount) + minor(q.fee));
  const sign = q.direction === 'credit' ? 1n : -1n;
  expect(minor(q.remaining)).toBe(minor(q.available) + sign * minor(q.total));
  expect(q.enough).toBe(minor(q.remaining) >= 0n);
}

interface Balances {
  balance: string;
  balances: { currency: string; payout_available: string }[];
}
const balances = async (email: string) =>
  (await t.as<Balances>(email, 'getReportBalanceForResellerMerchant', { currency: 'THB' })).data;

describe('quotes equal the requests then made', () => {
  it('settlement to bank: fee, total and remaining balance', async () => {
    const q = await quote(MERCHANT, { kind: 'settlement', amount: '1234.57' });
    // 0.5% of 1234.57 = 6.17285, rounded down.
    expect(q).toMatchObject({
      status: 200,
      data: {
        kind: 'settlement',
        balance_purpose: 'available',
        direction: 'debit',
        available: '9750.03',
        fee: '6.17',
        total: '1240.74',
        remaining: '8509.29',
        enough: true,
        usdt_rate: null,
      },
    });
    expectConsistent(q.data);
    const r = await t.as<{ fee: string }>(MERCHANT, 'requestSettlement', {
      currency: 'THB',
      amount: '1234.57',
    });
    expect(r.data.fee).toBe(q.data.fee);
    expect((await balances(MERCHANT)).balance).toBe(q.data.remaining);
  });

  it('settlement to the USDT wallet: the current rate and the USDT it buys', async () => {
    const q = await quote(MERCHANT, { kind: 'settlement_wallet', amount: '3450.01' });
    expect(q.data).toMatchObject({
      available: '8509.29',
      fee: '17.25',
      usdt_rate: '34.50000000',
      // 3450.01 / 34.5 = 100.000289…, rounded down to the USDT scale.
      usdt_amount: '100.000289',
    });
    expectConsistent(q.data);
    const r = await t.as<{ fee: string; usdt_rate: string; usdt_amount: string }>(
      MERCHANT,
      'requestSettlementWallet',
      { currency: 'THB', amount: '3450.01' },
    );
    expect(r.data).toMatchObject({
      fee: q.data.fee,
      usdt_rate: q.data.usdt_rate,
      usdt_amount: q.data.usdt_amount,
    });
    expect((await balances(MERCHANT)).balance).toBe(q.data.remaining);
  });

  it('pay-out, through a gateway and in-house, from the pay-out balance', async () => {
    let available = '5000.00';
    for (const [orderId, inHouse] of [
      ['quote-po-1', '0'],
      ['quote-po-2', '1'],
    ] as const) {
      const q = await quote(MERCHANT, { kind: 'payout', amount: '1000.03', inHouse });
      // 1% of 1000.03 rounded down, plus 2.00.
      expect(q.data).toMatchObject({
        balance_purpose: 'payout_available',
        available,
        fee: '12.00',
      });
      expectConsistent(q.data);
      const r = await t.as<{ fee: string }>(MERCHANT, 'createPayout', {
        currency: 'THB',
        amount: '1000.03',
        orderId,
        bankName: 'KBank',
        accountNumber: '1',
        accountHolder: 'Somchai',
        inHouse,
      });
      expect(r.data.fee).toBe(q.data.fee);
      const after = (await balances(MERCHANT)).balances.find((b) => b.currency === 'THB')!;
      expect(after.payout_available).toBe(q.data.remaining);
      available = q.data.remaining;
    }
  });

  it('reseller withdrawal: no fee, from the commission', async () => {
    const q = await quote(RESELLER, { kind: 'withdrawal', amount: '40.00' });
    expect(q.data).toMatchObject({
      balance_purpose: 'commission',
      available: '100.00',
      fee: '0.00',
      total: '40.00',
      remaining: '60.00',
    });
    expectConsistent(q.data);
    const r = await t.as(RESELLER, 'requestWithdrawal', {
      currency: 'THB',
      amount: '40.00',
      bankName: 'BBL',
      accountNumber: '9',
      accountHolder: 'Andaman',
    });
    expect(r.status).toBe(200);
    expect((await balances(RESELLER)).balance).toBe(q.data.remaining);
  });

  it('top-up (admin): the merchant’s pay-out balance now and what it becomes', async () => {
    const now = (await balances(MERCHANT)).balances.find((b) => b.currency === 'THB')!;
    const q = await quote(ADMIN, { kind: 'top_up', amount: '100.00', merchantDbCode: 'MER00001' });
    const expected = (parseAmount(now.payout_available, 'THB')! + 10_000n).toString();
    expect(q.data).toMatchObject({
      balance_purpose: 'payout_available',
      direction: 'credit',
      available: now.payout_available,
      fee: '0.00',
      total: '100.00',
      remaining: `${expected.slice(0, -2)}.${expected.slice(-2)}`,
      enough: true,
    });
    expectConsistent(q.data);
  });
});

describe('amounts and balances', () => {
  it('refuses more decimals than the currency has, zero and non-numbers, naming amount', async () => {
    const notDecimal =
      'amount must be a decimal number such as 100.50, without sign, spaces or exponent';
    for (const [currency, amount, message] of [
      ['THB', '1.001', 'amount must have at most 2 decimals in THB'],
      // Zeros too: the one amount rule of both APIs never rounds nor trims.
      ['THB', '10.000', 'amount must have at most 2 decimals in THB'],
      ['VND', '10.5', 'amount must have no decimals in VND'],
      ['VND', '10.0', 'amount must have no decimals in VND'],
      ['THB', '0', 'amount must be more than zero'],
      ['THB', '1,000', notDecimal],
      ['THB', ' 10', notDecimal],
      ['THB', '10 ', notDecimal],
      ['THB', '+10', notDecimal],
    ]) {
      const r = await quote(MERCHANT, { kind: 'settlement', currency: currency!, amount: amount! });
      expect(r, amount).toMatchObject({ status: 400, message });
    }
  });

  it('a request reads its amount by the same rule as its quote, creating nothing', async () => {
    const before = await t.count('settlements');
    for (const [amount, message] of [
      ['10.000', 'amount must have at most 2 decimals in THB'],
      [' 10', 'amount must be a decimal number such as 100.50, without sign, spaces or exponent'],
    ]) {
      const r = await t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: amount! });
      expect(r, amount).toMatchObject({ status: 400, message });
    }
    expect(await t.count('settlements')).toBe(before);
  });

  it('over the balance answers enough: false with what is missing, not an error', async () => {
    const q = await quote(MERCHANT, { kind: 'settlement', amount: '99999.00' });
    expect(q.status).toBe(200);
    expect(q.data.enough).toBe(false);
    expect(q.data.remaining.startsWith('-')).toBe(true);
    expectConsistent(q.data);
    const r = await t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: '99999.00' });
    expect(r.status).toBe(409);
  });

  it('prices like the request: no contract in the currency is the request’s own 400', async () => {
    const q = await quote(MERCHANT, { kind: 'settlement', currency: 'IDR', amount: '1000' });
    const r = await t.as(MERCHANT, 'requestSettlement', { currency: 'IDR', amount: '1000' });
    expect(q).toMatchObject({ status: 400, message: r.message });
  });
});

describe('access and scope', () => {
  it('answers each caller its own balance only', async () => {
    const q = await quote(MERCHANT2, { kind: 'settlement', amount: '10.00' });
    expect(q.data).toMatchObject({ available: '0.00', enough: false });
    const w = await quote(RESELLER2, { kind: 'withdrawal', amount: '10.00' });
    expect(w.data).toMatchObject({ available: '0.00', enough: false });
    const other = await quote(MERCHANT, {
      kind: 'payout',
      amount: '10.00',
      merchantDbCode: 'MER00002',
    });
    expect(other).toMatchObject({ status: 400, message: 'merchantDbCode is only for a top-up' });
  });

  it('applies the rule and requester of each kind’s request call', async () => {
    const refused: [string, Record<string, string>][] = [
      [MERCHANT, { kind: 'top_up', merchantDbCode: 'MER00002' }],
      [MERCHANT, { kind: 'withdrawal' }],
      [RESELLER, { kind: 'settlement' }],
      [RESELLER, { kind: 'payout' }],
      [ADMIN, { kind: 'payout' }],
      [ADMIN, { kind: 'settlement_wallet' }],
      [ADMIN, { kind: 'withdrawal' }],
      // The sub-account has pay-in and reports only.
      [SUB, { kind: 'settlement' }],
      [SUB, { kind: 'payout' }],
    ];
    for (const [email, fields] of refused) {
      const r = await quote(email, { amount: '10.00', ...fields });
      expect(r.status, `${email} ${fields.kind}`).toBe(403);
    }
  });

  it('checks the fields of each kind', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ kind: 'top_up' }, 400, 'merchantDbCode is required for a top-up'],
      [{ kind: 'top_up', merchantDbCode: 'NOPE' }, 404, 'No account has the code NOPE'],
      [{ kind: 'top_up', merchantDbCode: 'RES00001' }, 400, 'merchantDbCode must name a merchant'],
      [{ kind: 'refund' }, 400, 'kind must be one of payout, settlement'],
    ];
    for (const [fields, status, message] of cases) {
      const r = await quote(ADMIN, { amount: '10.00', ...fields });
      expect(r.status, message).toBe(status);
      expect(r.message).toContain(message);
    }
    const inHouse = await quote(MERCHANT, { kind: 'settlement', amount: '1.00', inHouse: '1' });
    expect(inHouse).toMatchObject({ status: 400, message: 'inHouse is only for a pay-out' });
  });
});
