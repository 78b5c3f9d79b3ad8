import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  MERCHANT4,
  REJECTION,
  RESELLER,
  RESELLER2,
  SUB,
  startMoneyApp,
  type MoneyApp,
  saveTestWallet,
  BANK_TRANSFER,
} from './support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await saveTestWallet(t, MERCHANT);
  // Amounts ending in .03 succeed at the sandbox gateway: 10000.03 THB, fee 250.00, net 9750.03;
  // the reseller's 1.5% leaves it a commission of 1% = 100.00.
  const r = await t.api<{ id: string }>('POST', '/api/v1/payins', {
    amount: '10000.03',
    currency: 'THB',
    order_id: 'seed-1',
  });
  expect(r.status).toBe(201);
  await t.sandbox.idle();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Settlement {
  id: string;
  status: string;
  fee: string;
  usdt_amount: string | null;
  usdt_rate: string | null;
}

const balanceOf = async (email: string) =>
  (
    await t.as<{ balance: string; currency: string }>(
      email,
      'getReportBalanceForResellerMerchant',
      { currency: 'THB' },
    )
  ).data;

describe('balances', () => {
  it('answers the caller’s balance: a merchant’s available, a reseller’s commission', async () => {
    expect(await balanceOf(MERCHANT)).toMatchObject({ balance: '9750.03', currency: 'THB' });
    expect(await balanceOf(RESELLER)).toMatchObject({ balance: '100.00' });
    expect(await balanceOf(SUB)).toMatchObject({ balance: '9750.03' });
    expect((await balanceOf(MERCHANT2)).balance).toBe('0.00');
    expect(
      (
        await t.as<{ balance: string }>(MERCHANT, 'getUsdtWalletBalance', {
          accountDbCode: 'MER00001',
        })
      ).data.balance,
    ).toBe('0.000000');
  });
});

describe('settlements to bank', () => {
  it('reserves on request, changes nothing on approval, posts on completion', async () => {
    const r = await t.as<Settlement>(MERCHANT, 'requestSettlement', {
      currency: 'THB',
      amount: '1000.00',
      bankName: 'KBank',
      accountNumber: '1',
      accountHolder: 'Siam',
    });
    // 0.5% settlement fee = 5.00, reserved with the amount.
    expect(r.data).toMatchObject({ status: 'pending', fee: '5.00' });
    expect((await balanceOf(MERCHANT)).balance).toBe('8745.03');
    const pending = await t.as<{ rows: { id: string }[] }>(ADMIN, 'getSettlementList', {
      pendingOnly: '1',
    });
    expect(pending.data.rows.map((x) => x.id)).toContain(r.data.id);
    expect((await t.as(MERCHANT, 'approveSettlement', { id: r.data.id })).status).toBe(403);
    expect(
      (await t.as(ADMIN, 'completeSettlement', { id: r.data.id, ...BANK_TRANSFER })).status,
    ).toBe(409);
    expect((await t.approveByTwo('approveSettlement', r.data.id)).data).toMatchObject({
      status: 'approved',
    });
    expect(
      (await t.as(ADMIN, 'completeSettlement', { id: r.data.id, ...BANK_TRANSFER })).data,
    ).toMatchObject({
      status: 'completed',
    });
    expect((await balanceOf(MERCHANT)).balance).toBe('8745.03');
    // The reseller earns the difference of settlement rates: 0.3% of 1000.00.
    expect((await balanceOf(RESELLER)).balance).toBe('103.00');
    expect((await t.as(ADMIN, 'rejectSettlement', { id: r.data.id, ...REJECTION })).status).toBe(
      409,
    );
  });

  it('voids a rejected settlement back to the available balance', async () => {
    const r = await t.as<Settlement>(MERCHANT, 'requestSettlement', {
      currency: 'THB',
      amount: '500.00',
    });
    expect((await balanceOf(MERCHANT)).balance).toBe('8242.53');
    await t.as(ADMIN, 'rejectSettlement', {
      id: r.data.id,
      reasonCode: 'insufficient_documents',
      note: 'bank details missing',
    });
    expect((await balanceOf(MERCHANT)).balance).toBe('8745.03');
  });

  it('refuses more than the available balance and other people’s settlements', async () => {
    const before = await t.count('settlements');
    expect(
      (await t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: '9000.00' })).status,
    ).toBe(409);
    expect(
      (await t.as(MERCHANT, 'requestSettlement', { currency: 'THB', amount: '0' })).status,
    ).toBe(400);
    expect(
      (await t.as(RESELLER, 'requestSettlement', { currency: 'THB', amount: '1.00' })).status,
    ).toBe(403);
    expect(await t.count('settlements')).toBe(before);
    expect((await t.as<{ total: number }>(MERCHANT2, 'getSettlementList')).data.total).toBe(0);
    expect((await t.as<{ total: number }>(RESELLER2, 'getSettlementList')).data.total).toBe(0);
    expect((await t.as<{ total: number }>(RESELLER, 'getSettlementList')).data.total).toBe(2);
  });
});

describe('settlements to the USDT wallet', () => {
  it('converts at the recorded rate and credits the wallet on completion', async () => {
    const r = await t.as<Settlement>(MERCHANT, 'requestSettlementWallet', {
      currency: 'THB',
      amount: '3450.00',
    });
    // 34.50 THB per USDT: 100 USDT.
    expect(r.data).toMatchObject({
      status: 'pending',
      usdt_rate: '34.50000000',
      usdt_amount: '100.000000',
    });
    expect((await t.as<{ total: number }>(MERCHANT, 'getSettlementList')).data.total).toBe(2);
    expect((await t.as(ADMIN, 'approveSettlement', { id: r.data.id })).status).toBe(400);
    await t.approveByTwo('approveSettlementWallet', r.data.id);
    await t.as(ADMIN, 'completeSettlementWallet', { id: r.data.id });
    expect(
      (await t.as<{ balance: string }>(MERCHANT, 'getUsdtWalletBalance', {})).data.balance,
    ).toBe('100.000000');
    expect(
      (
        await t.as<{ balance: string }>(ADMIN, 'getUsdtWalletBalance', {
          accountDbCode: 'MER00001',
        })
      ).data.balance,
    ).toBe('100.000000');
    expect(
      (
        await t.as<{ balance: string }>(RESELLER, 'getUsdtWalletBalance', {
          accountDbCode: 'MER00001',
        })
      ).data.balance,
    ).toBe('100.000000');
    expect(
      (await t.as(RESELLER2, 'getUsdtWalletBalance', { accountDbCode: 'MER00001' })).status,
    ).toBe(404);
    expect(
      (await t.as(MERCHANT4, 'getUsdtWalletBalance', { accountDbCode: 'MER00001' })).status,
    ).toBe(404);
    const list = await t.as<{ rows: Settlement[] }>(MERCHANT, 'getSettlementWalletList');
    expect(list.data.rows[0]).toMatchObject({ status: 'completed' });
  });
});

describe('withdrawals', () => {
  it('lets a reseller withdraw commission: reserve, approve, complete', async () => {
    const r = await t.as<{ id: string; status: string }>(RESELLER, 'requestWithdrawal', {
      currency: 'THB',
      amount: '50.00',
      bankName: 'BBL',
      accountNumber: '9',
      accountHolder: 'Andaman',
    });
    expect(r.data.status).toBe('pending');
    // 103.00 + 0.3% of the 3450.00 wallet settlement (10.35) − 50.00.
    expect((await balanceOf(RESELLER)).balance).toBe('63.35');
    expect((await t.as(RESELLER, 'approveWithdrawal', { id: r.data.id })).status).toBe(403);
    await t.approveByTwo('approveWithdrawal', r.data.id);
    await t.as(ADMIN, 'completeWithdrawal', { id: r.data.id });
    expect((await balanceOf(RESELLER)).balance).toBe('63.35');
    const list = await t.as<{ rows: { status: string }[] }>(RESELLER, 'getWithdrawalList');
    expect(list.data.rows[0]?.status).toBe('completed');
    expect((await t.as<{ total: number }>(RESELLER2, 'getWithdrawalList')).data.total).toBe(0);
    expect((await t.as(MERCHANT, 'getWithdrawalList')).status).toBe(403);
  });

  it('voids a rejected withdrawal and refuses more than the commission', async () => {
    const r = await t.as<{ id: string }>(RESELLER, 'requestWithdrawal', {
      currency: 'THB',
      amount: '63.35',
      bankName: 'B',
      accountNumber: '9',
      accountHolder: 'A',
    });
    expect(
      (
        await t.as(RESELLER, 'requestWithdrawal', {
          currency: 'THB',
          amount: '0.01',
          bankName: 'B',
          accountNumber: '9',
          accountHolder: 'A',
        })
      ).status,
    ).toBe(409);
    await t.as(ADMIN, 'rejectWithdrawal', { id: r.data.id, ...REJECTION });
    expect((await balanceOf(RESELLER)).balance).toBe('63.35');
  });
});
