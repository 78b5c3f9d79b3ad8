import { CURRENCIES } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  MERCHANT,
  MERCHANT4,
  RESELLER,
  RESELLER2,
  SUB,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

type Gateway = {
  id: string;
  payment_gateway_code: string;
  status: string;
  success_rate: string;
  wallet_info: { pg_deposit_balance: string };
};

describe('getSupportedCurrency', () => {
  it('gives an admin every currency and the others their contracted ones', async () => {
    const admin = await t.as<{ value: string; name: string }[]>(ADMIN, 'getSupportedCurrency');
    expect(admin.data.map((c) => c.value)).toEqual(CURRENCIES.map((c) => c.code));
    const values = async (email: string) =>
      (await t.as<{ value: string }[]>(email, 'getSupportedCurrency')).data.map((c) => c.value);
    expect(await values(MERCHANT)).toEqual(['MYR', 'VND', 'THB']);
    expect(await values(SUB)).toEqual(['MYR', 'VND', 'THB']);
    expect(await values(MERCHANT4)).toEqual(['MYR', 'BRL', 'AUD']);
    expect(await values(RESELLER)).toEqual(['MYR', 'INR', 'IDR', 'VND', 'THB']);
    expect(await values(RESELLER2)).toEqual(['MYR', 'INR', 'IDR', 'BRL', 'THB', 'AUD']);
  });
});

describe('payment gateways', () => {
  it('lists the gateways of a currency with measured success rates', async () => {
    await t.api('POST', '/api/v1/payins', { amount: '10.03', currency: 'THB', order_id: 'g-1' });
    await t.api('POST', '/api/v1/payins', { amount: '10.01', currency: 'THB', order_id: 'g-2' });
    await t.sandbox.idle();
    const r = await t.as<{ pg_list: Gateway[] }>(ADMIN, 'getPgListByCurrency', { currency: 'THB' });
    expect(r.data.pg_list.map((g) => g.payment_gateway_code)).toEqual(['SBX-THB-1', 'SBX-THB-2']);
    const finished = r.data.pg_list.filter((g) => g.success_rate !== '0.00');
    expect(finished.length).toBeGreaterThan(0);
    const deposit = r.data.pg_list.map((g) => g.wallet_info.pg_deposit_balance);
    expect(deposit.some((d) => d !== '0.00')).toBe(true);
    expect((await t.as(ADMIN, 'getPgListByCurrency', { currency: 'XXX' })).status).toBe(400);
    expect((await t.as(MERCHANT, 'getPgListByCurrency', { currency: 'THB' })).status).toBe(403);
  });

  it('pages the gateway list and lets an admin deactivate a gateway, logged', async () => {
    const all = await t.as<{ rows: Gateway[]; total: number }>(ADMIN, 'getPaymentGatewayList', {
      pageSize: '3',
    });
    expect(all.data.total).toBe(10);
    expect(all.data.rows).toHaveLength(3);
    const inactive = await t.as<{ total: number }>(ADMIN, 'getPaymentGatewayList', {
      status: 'inactive',
    });
    expect(inactive.data.total).toBe(2);
    const vnd = (
      await t.as<{ pg_list: Gateway[] }>(ADMIN, 'getPgListByCurrency', { currency: 'VND' })
    ).data.pg_list[0]!;
    // A pay-in first, so the merchant's pricing (with this gateway) is cached: switching the
    // gateway off must drop that cache at once (gateways announce it, contract pricing listens).
    const warm = await t.api('POST', '/api/v1/payins', {
      amount: '10000',
      currency: 'VND',
      order_id: 'g-warm',
    });
    expect(warm.status).toBe(201);
    const off = await t.as<Gateway>(ADMIN, 'updatePaymentGatewayStatus', {
      id: vnd.id,
      status: 'inactive',
    });
    expect(off.data.status).toBe('inactive');
    const refused = await t.api('POST', '/api/v1/payins', {
      amount: '10000',
      currency: 'VND',
      order_id: 'g-3',
    });
    expect(refused.status).toBe(409);
    await t.as(ADMIN, 'updatePaymentGatewayStatus', { id: vnd.id, status: 'activated' });
    const logs = await t.as<{ rows: { action: string }[] }>(ADMIN, 'getAdminLogs', {
      action: 'payment_gateway.update_status',
    });
    expect(logs.data.rows).toHaveLength(2);
  });
});

describe('contracts', () => {
  it('shows each caller the contracts in its scope', async () => {
    const total = async (email: string) =>
      (await t.as<{ total: number }>(email, 'getContractList', { pageSize: '200' })).data.total;
    expect(await total(ADMIN)).toBe(13);
    expect(await total(MERCHANT)).toBe(3);
    expect(await total(RESELLER)).toBe(7);
    expect(await total(RESELLER2)).toBe(6);
  });

  it('lets an admin add a version that prices new pay-ins from its effective date', async () => {
    const r = await t.as<{ version: number; payin: { percent: string } }>(ADMIN, 'createContract', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      payinPercent: '3',
      resellerPayinPercent: '2',
      payoutPercent: '1',
      settlementPercent: '0.5',
    });
    expect(r.data).toMatchObject({ version: 2, payin: { percent: '3.0000' } });
    const p = await t.api<{ fee: string }>('POST', '/api/v1/payins', {
      amount: '100.00',
      currency: 'THB',
      order_id: 'c-1',
    });
    expect(p.body.fee).toBe('3.00');
    const future = await t.as(ADMIN, 'createContract', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      payinPercent: '9',
      effectiveFrom: new Date(Date.now() + 365 * 24 * 3600_000).toISOString(),
    });
    expect(future.status).toBe(200);
    const still = await t.api<{ fee: string }>('POST', '/api/v1/payins', {
      amount: '100.00',
      currency: 'THB',
      order_id: 'c-2',
    });
    expect(still.body.fee).toBe('3.00');
  });

  it('refuses bad rates and non-admins, changing nothing', async () => {
    const before = await t.count('contracts');
    expect(
      (
        await t.as(ADMIN, 'createContract', {
          merchantDbCode: 'MER00001',
          currency: 'THB',
          payinPercent: '101',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.as(ADMIN, 'createContract', {
          merchantDbCode: 'MER00001',
          currency: 'THB',
          payinFixed: '1.001',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.as(ADMIN, 'createContract', {
          merchantDbCode: 'MER00001',
          currency: 'THB',
          payinMin: '5',
          payinMax: '1',
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.as(ADMIN, 'createContract', { merchantDbCode: 'RES00001', currency: 'THB' })).status,
    ).toBe(400);
    expect(
      (await t.as(RESELLER, 'createContract', { merchantDbCode: 'MER00001', currency: 'THB' }))
        .status,
    ).toBe(403);
    expect(
      (await t.as(MERCHANT, 'createContract', { merchantDbCode: 'MER00001', currency: 'THB' }))
        .status,
    ).toBe(403);
    expect(await t.count('contracts')).toBe(before);
  });
});
