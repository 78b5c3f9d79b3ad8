import type { SearchGroup } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayin } from '../../src/modules/payins/payin-flow';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  MERCHANT4,
  RESELLER,
  RESELLER2,
  SUB,
  startMoneyApp,
  saveTestWallet,
  type MoneyApp,
} from './support/money-app';
import { foundBySearch } from './support/search';

/**
 * The top bar's global search: every money kind by id, order id and gateway reference, and
 * accounts by code, name or email, each strictly within the caller's scope and the kind's
 * list rule; bad input is refused with a clear message.
 */
let t: MoneyApp;
const ids = {
  payin: '',
  payinReference: '',
  foreignPayin: '',
  payout: '',
  settlement: '',
  settlementWallet: '',
  withdrawal: '',
  topUp: '',
};

const search = (email: string, text: string) =>
  t.as<{ groups: SearchGroup[] }>(email, 'globalSearch', { text });

/** The ids found per kind. */
const found = (email: string, text: string) => foundBySearch(t, email, text);

beforeAll(async () => {
  t = await startMoneyApp();
  await saveTestWallet(t, MERCHANT);
  const payin = await t.api<{ id: string }>('POST', '/api/v1/payins', {
    // The sandbox pays amounts ending in .03: money to settle, commission to withdraw.
    amount: '10000.03',
    currency: 'THB',
    order_id: 'search-order-1',
  });
  expect(payin.status).toBe(201);
  ids.payin = payin.body.id;
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ gateway_reference: string }>(
    'SELECT gateway_reference FROM payins WHERE id = $1',
    [ids.payin],
  );
  ids.payinReference = rows[0]!.gateway_reference;
  ids.foreignPayin = (
    await openPayin(t.db, {
      merchantId: await t.accountId('MER00004'),
      orderId: 'search-foreign-1',
      currency: 'MYR',
      amount: 10_000n,
      createdAt: new Date(),
    })
  ).id;
  const topUp = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
    merchantDbCode: 'MER00001',
    currency: 'THB',
    amount: '5000.00',
  });
  expect(topUp.status, topUp.message).toBe(200);
  ids.topUp = topUp.data.id;
  expect((await t.as(ADMIN2, 'approveTopUp', { id: ids.topUp })).status).toBe(200);
  const payout = await t.as<{ id: string }>(MERCHANT, 'createPayout', {
    currency: 'THB',
    amount: '1000.00',
    orderId: 'search-po-1',
    bankName: 'Kasikorn',
    accountNumber: '123-4-56789-0',
    accountHolder: 'Somchai P.',
  });
  expect(payout.status, payout.message).toBe(200);
  ids.payout = payout.data.id;
  const settlement = await t.as<{ id: string }>(MERCHANT, 'requestSettlement', {
    currency: 'THB',
    amount: '100.00',
    bankName: 'Kasikorn',
    accountNumber: '123-4-56789-0',
    accountHolder: 'Somchai P.',
  });
  expect(settlement.status, settlement.message).toBe(200);
  ids.settlement = settlement.data.id;
  const wallet = await t.as<{ id: string }>(MERCHANT, 'requestSettlementWallet', {
    currency: 'THB',
    amount: '34.50',
  });
  expect(wallet.status, wallet.message).toBe(200);
  ids.settlementWallet = wallet.data.id;
  const withdrawal = await t.as<{ id: string }>(RESELLER, 'requestWithdrawal', {
    currency: 'THB',
    amount: '1.00',
    bankName: 'Kasikorn',
    accountNumber: '987-6-54321-0',
    accountHolder: 'Andaman Partners',
  });
  expect(withdrawal.status, withdrawal.message).toBe(200);
  ids.withdrawal = withdrawal.data.id;
  for (const id of Object.values(ids)) expect(id).toBeTruthy();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

describe('globalSearch: money items', () => {
  const KINDS = [
    ['payin', () => ids.payin],
    ['payout', () => ids.payout],
    ['settlement', () => ids.settlement],
    ['settlement_wallet', () => ids.settlementWallet],
    ['withdrawal', () => ids.withdrawal],
    ['top_up', () => ids.topUp],
  ] as const;

  it.each(KINDS)('finds an admin a %s by its id, in its own group only', async (kind, id) => {
    const r = await search(ADMIN, id().toUpperCase());
    expect(r.status).toBe(200);
    expect(r.data.groups).toHaveLength(1);
    expect(r.data.groups[0]).toMatchObject({
      type: 'money',
      kind,
      hits: [{ id: id(), matched: 'id' }],
    });
  });

  it('finds a pay-in by its order id and by its gateway reference, a pay-out by its order id', async () => {
    const byOrder = await search(MERCHANT, 'search-order-1');
    expect(byOrder.data.groups).toEqual([
      expect.objectContaining({
        kind: 'payin',
        hits: [
          expect.objectContaining({
            id: ids.payin,
            matched: 'order_id',
            order_id: 'search-order-1',
            amount: '10000.03',
            currency: 'THB',
            owner_db_code: 'MER00001',
          }),
        ],
      }),
    ]);
    expect(ids.payinReference).not.toBe('');
    expect(await found(ADMIN, ids.payinReference)).toEqual({ payin: [ids.payin] });
    const byReference = await search(ADMIN, ids.payinReference);
    expect(byReference.data.groups[0]!.hits[0]).toMatchObject({ matched: 'gateway_reference' });
    expect(await found(MERCHANT, 'search-po-1')).toEqual({ payout: [ids.payout] });
  });

  it("never finds another merchant's item, by id or by order id", async () => {
    for (const text of [ids.foreignPayin, 'search-foreign-1']) {
      expect(await found(MERCHANT, text)).toEqual({});
      // MER00004 belongs to the second reseller, not the first.
      expect(await found(RESELLER, text)).toEqual({});
      expect(await found(RESELLER2, text)).toEqual({ payin: [ids.foreignPayin] });
      expect(await found(ADMIN, text)).toEqual({ payin: [ids.foreignPayin] });
      expect(await found(MERCHANT4, text)).toEqual({ payin: [ids.foreignPayin] });
    }
    // The first merchant's items are not the fourth's either.
    expect(await found(MERCHANT4, ids.payin)).toEqual({});
    expect(await found(MERCHANT4, ids.settlement)).toEqual({});
  });

  it("searches a reseller's merchants' items and its own withdrawals", async () => {
    expect(await found(RESELLER, ids.payin)).toEqual({ payin: [ids.payin] });
    expect(await found(RESELLER, ids.withdrawal)).toEqual({ withdrawal: [ids.withdrawal] });
    expect(await found(RESELLER2, ids.withdrawal)).toEqual({});
  });

  it('searches only the kinds whose list the caller may open (a sub-account per its modules)', async () => {
    // The demo sub-account holds payin and reports: its parent's pay-ins, nothing else.
    expect(await found(SUB, ids.payin)).toEqual({ payin: [ids.payin] });
    expect(await found(SUB, 'search-po-1')).toEqual({});
    expect(await found(SUB, ids.settlement)).toEqual({});
    // Top-ups are an admin's list.
    expect(await found(MERCHANT, ids.topUp)).toEqual({});
  });
});

describe('globalSearch: accounts', () => {
  it('finds an admin merchants and resellers by the start of their code, name or email, any case', async () => {
    const r = await search(ADMIN, 'siam digital');
    expect(r.data.groups).toEqual([
      expect.objectContaining({
        type: 'account',
        kind: 'merchant',
        hits: [expect.objectContaining({ account_db_code: 'MER00001', matched: 'name' })],
      }),
    ]);
    const resellers = await search(ADMIN, 'res0000');
    expect(
      resellers.data.groups.map((g) => [
        g.kind,
        g.hits.map((h) => 'account_db_code' in h && h.account_db_code),
      ]),
    ).toEqual([['reseller', ['RES00001', 'RES00002']]]);
    const byEmail = await search(ADMIN, 'MERCHANT4@');
    expect(byEmail.data.groups[0]).toMatchObject({
      kind: 'merchant',
      hits: [{ account_db_code: 'MER00004', matched: 'email' }],
    });
  });

  it('finds a reseller its own merchants only, and no resellers', async () => {
    const codes = (await search(RESELLER, 'MER0000')).data.groups.map((g) => [
      g.kind,
      g.hits.map((h) => ('account_db_code' in h ? h.account_db_code : '')),
    ]);
    expect(codes).toEqual([['merchant', ['MER00001', 'MER00002', 'MER00003']]]);
    expect(await found(RESELLER, 'RES0000')).toEqual({});
    expect(await found(RESELLER, 'kuala travel')).toEqual({});
  });

  it('finds a merchant its own sub-accounts, and no merchants', async () => {
    expect(await found(MERCHANT, 'MER0000')).toEqual({});
    const subs = await search(MERCHANT, 'sub0');
    expect(subs.data.groups).toEqual([
      expect.objectContaining({
        kind: 'sub_account',
        hits: [expect.objectContaining({ account_db_code: 'SUB00001', matched: 'code' })],
      }),
    ]);
    expect(await found(MERCHANT4, 'sub0')).toEqual({});
  });

  it("takes LIKE's wildcards literally", async () => {
    expect(await found(ADMIN, '%%%%')).toEqual({});
    expect(await found(ADMIN, '____')).toEqual({});
  });
});

describe('globalSearch: input', () => {
  it.each([
    [{}, 'text is required'],
    [{ text: '' }, 'text must be at least 4 characters'],
    [{ text: '  abc  ' }, 'text must be at least 4 characters'],
    [{ text: 'x'.repeat(101) }, 'text must be at most 100 characters'],
  ])('refuses %j: %s', async (fields, message) => {
    const r = await t.as(ADMIN, 'globalSearch', fields as Record<string, string>);
    expect(r).toMatchObject({ status: 400, message });
  });
});
