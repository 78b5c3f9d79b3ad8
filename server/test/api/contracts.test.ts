import { parseAmount, splitFee } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  type MoneyApp,
} from '../money/support/money-app';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

type Page<R> = { rows: R[]; total: number; status_counts?: Record<string, number> };
type VersionRow = { id: string; merchant_db_code: string; status: string; version: number };
type Preview = {
  amount: string;
  fee: string;
  merchant_net: string;
  reseller_commission: string | null;
  platform_profit: string | null;
  gateway_cost: string | null;
  contract_id: string | null;
  payment_gateway_code: string;
};

describe('contract scope', () => {
  it('shows a reseller only its merchants and refuses another reseller’s, as not found', async () => {
    const list = await t.as<Page<VersionRow>>(RESELLER, 'getMerchantContractList', {
      pageSize: '200',
    });
    expect(list.data.total).toBe(7);
    expect(new Set(list.data.rows.map((r) => r.merchant_db_code))).toEqual(
      new Set(['MER00001', 'MER00002', 'MER00003']),
    );
    const foreign = await t.as<Page<VersionRow>>(RESELLER, 'getResellerContractList', {
      merchantDbCode: 'MER00004',
    });
    expect(foreign.data.total).toBe(0);
    const own = await t.as<{ lines: unknown[] }>(RESELLER, 'getResellerContractRates', {
      resellerId: 'RES00001',
    });
    expect(own.status).toBe(200);
    expect(own.data.lines).toHaveLength(7);
    const other = await t.as(RESELLER, 'getResellerContractRates', { resellerId: 'RES00002' });
    expect(other.status).toBe(404);
    const byId = await t.as(RESELLER2, 'getResellerContractRates', {
      resellerId: await t.accountId('RES00001'),
    });
    expect(byId.status).toBe(404);
    const before = await t.count('contracts');
    // Setting prices is the admin's (the call's rule): refused before any merchant is looked up.
    const edit = await t.as(RESELLER, 'createContract', {
      merchantDbCode: 'MER00004',
      currency: 'MYR',
      payinPercent: '1',
    });
    expect(edit.status).toBe(403);
    const ownEdit = await t.as(RESELLER, 'createContract', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      payinPercent: '1',
    });
    expect(ownEdit.status).toBe(403);
    const preview = await t.as(RESELLER, 'getFeePreview', {
      merchantDbCode: 'MER00004',
      currency: 'MYR',
      movement: 'payin',
      amount: '100',
    });
    expect(preview.status).toBe(404);
    expect(await t.count('contracts')).toBe(before);
  });

  it('shows a merchant its own rates only, never the reseller’s or the gateway’s', async () => {
    const list = await t.as<Page<Record<string, unknown>>>(MERCHANT, 'getMerchantContractList', {
      pageSize: '200',
    });
    expect(list.data.total).toBe(3);
    for (const row of list.data.rows) {
      expect(row.merchant_db_code).toBe('MER00001');
      expect(
        Object.keys(row).some((k) => k.startsWith('reseller_') && k !== 'reseller_db_code'),
      ).toBe(false);
    }
    const old = await t.as<{ rows: { reseller_payin: unknown }[] }>(MERCHANT, 'getContractList');
    expect(old.data.rows.every((r) => r.reseller_payin === null)).toBe(true);
    expect((await t.as(MERCHANT, 'getResellerContractList')).status).toBe(403);
    const other = await t.as(MERCHANT, 'getMerchantContractList', { merchantDbCode: 'MER00002' });
    expect(other.data).toMatchObject({ total: 0 });
    // The demo merchant has no account-management module: the rule refuses it before scope.
    const rates = await t.as(MERCHANT, 'getResellerContractRates', { resellerId: 'RES00001' });
    expect(rates.status).toBe(403);
    const preview = await t.as<Preview>(MERCHANT, 'getFeePreview', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      movement: 'payin',
      amount: '100',
    });
    expect(preview.data).toMatchObject({
      fee: '2.50',
      merchant_net: '97.50',
      reseller_commission: null,
      platform_profit: null,
      gateway_cost: null,
    });
    const draft = await t.as(MERCHANT, 'getFeePreview', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      movement: 'payin',
      amount: '100',
      draft: '1',
      payinPercent: '0',
    });
    expect(draft.status).toBe(403);
    const foreign = await t.as(MERCHANT, 'getFeePreview', {
      merchantDbCode: 'MER00002',
      currency: 'THB',
      movement: 'payin',
      amount: '100',
    });
    expect(foreign.status).toBe(404);
  });
});

describe('contract validation', () => {
  const refusals: [string, Record<string, string>, RegExp][] = [
    ['percent above 100', { payinPercent: '100.5' }, /^payinPercent .*between 0 and 100/],
    ['percent with 5 decimals', { payoutPercent: '1.12345' }, /^payoutPercent .*4 decimals/],
    ['negative percent', { settlementPercent: '-1' }, /^settlementPercent /],
    ['fixed beyond the scale', { payinFixed: '1.001' }, /^payinFixed .*at most 2 decimals/],
    ['negative fixed', { payoutFixed: '-2' }, /^payoutFixed .*at least 0/],
    ['minimum above maximum', { payinMin: '5', payinMax: '1' }, /^payinMin \(5\.00\).*payinMax/],
    ['refund percent above 100', { refundPercent: '100.5' }, /^refundPercent .*between 0 and 100/],
    ['refund percent with 5 decimals', { refundPercent: '1.12345' }, /^refundPercent .*4 decimals/],
    ['refund fixed beyond the scale', { refundFixed: '1.001' }, /^refundFixed .*2 decimals/],
    ['negative refund fixed', { refundFixed: '-2' }, /^refundFixed .*at least 0/],
    ['refund fixed that is no number', { refundFixed: 'two' }, /^refundFixed .*amount/],
    [
      'reseller percent above the merchant’s',
      { payinPercent: '2', resellerPayinPercent: '2.5' },
      /^resellerPayinPercent \(2\.5000%\) must not be above payinPercent \(2\.0000%\)/,
    ],
    [
      'reseller fixed above the merchant’s',
      { payoutPercent: '1', payoutFixed: '1', resellerPayoutFixed: '1.50' },
      /^resellerPayoutFixed \(1\.50\) must not be above payoutFixed \(1\.00\)/,
    ],
    [
      'effective date with garbage',
      { effectiveFrom: '2026-11-23 garbage 99' },
      /^effectiveFrom .*ISO-8601/,
    ],
    ['effective date "0"', { effectiveFrom: '0' }, /^effectiveFrom .*ISO-8601/],
    [
      'effective date without zone',
      { effectiveFrom: '2030-01-01T10:00' },
      /^effectiveFrom .*ISO-8601/,
    ],
    ['impossible month', { effectiveFrom: '2030-13-01' }, /^effectiveFrom .*ISO-8601/],
    [
      'effective date in the past',
      { effectiveFrom: '2024-01-01T00:00:00Z' },
      /^effectiveFrom .*past/,
    ],
    ['effective date too far', { effectiveFrom: '2099-01-01' }, /^effectiveFrom .*five years/],
    [
      'an unknown gateway',
      { paymentGatewayCode: 'NO-SUCH-PG' },
      /^paymentGatewayCode \(NO-SUCH-PG\) names no THB payment gateway/,
    ],
    [
      'a gateway of another currency',
      { paymentGatewayCode: 'SBX-MYR-1' },
      /^paymentGatewayCode \(SBX-MYR-1\) names no THB payment gateway/,
    ],
    ['an account that is no merchant', { merchantDbCode: 'RES00001' }, /^merchantDbCode /],
    ['no merchant', { merchantDbCode: '' }, /^merchantDbCode /],
    ['an unknown currency', { currency: 'XXX' }, /^currency /],
  ];
  it.each(refusals)(
    'refuses %s with a message naming the field, changing nothing',
    async (_, fields, message) => {
      const before = await t.count('contracts');
      const r = await t.as(ADMIN, 'createContract', {
        merchantDbCode: 'MER00002',
        currency: 'THB',
        ...fields,
      });
      expect(r.status).toBe(400);
      expect(r.message).toMatch(message);
      expect(await t.count('contracts')).toBe(before);
    },
  );

  it('checks amounts in the currency’s own scale (VND has none)', async () => {
    const r = await t.as(ADMIN, 'createContract', {
      merchantDbCode: 'MER00003',
      currency: 'VND',
      payinFixed: '1.5',
    });
    expect(r.message).toMatch(/^payinFixed .*at most 0 decimals for VND/);
  });

  it('accepts a date-only or zoned ISO date and a plain version effective now', async () => {
    const dated = await t.as<{ effective_from: string }>(ADMIN, 'createContract', {
      merchantDbCode: 'MER00003',
      currency: 'IDR',
      effectiveFrom: '2027-06-01',
      payinPercent: '3',
      resellerPayinPercent: '2',
    });
    expect(dated.data.effective_from).toBe('2027-06-01T00:00:00.000Z');
    const zoned = await t.as<{ effective_from: string }>(ADMIN, 'createContract', {
      merchantDbCode: 'MER00003',
      currency: 'IDR',
      effectiveFrom: '2027-06-01T08:00:00+07:00',
    });
    expect(zoned.data.effective_from).toBe('2027-06-01T01:00:00.000Z');
  });
});

/** Waits until the clock has passed `instant` (a scheduled version's start). */
async function passInstant(instant: string) {
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(new Date(instant).getTime()), {
    timeout: 10_000,
    interval: 100,
  });
}

async function payinContract(id: string) {
  const { rows } = await t.db.query<{ contract_id: string; fee: bigint }>(
    'SELECT contract_id, fee FROM payins WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

describe('contract versions', () => {
  it('prices a pay-in made after a version’s start by it; one made before keeps the old', async () => {
    const effective = new Date(Date.now() + 2_500).toISOString();
    const created = await t.as<{ id: string; version: number }>(ADMIN, 'createContract', {
      merchantDbCode: 'MER00001',
      currency: 'MYR',
      effectiveFrom: effective,
      payinPercent: '4',
      resellerPayinPercent: '3',
      payoutPercent: '1',
      payoutFixed: '2',
      resellerPayoutPercent: '0.5',
      resellerPayoutFixed: '1',
    });
    expect(created.status).toBe(200);
    const scheduled = await t.as<Page<VersionRow>>(ADMIN, 'getMerchantContractList', {
      merchantDbCode: 'MER00001',
      currency: 'MYR',
    });
    expect(scheduled.data.rows.map((r) => [r.version, r.status])).toEqual([
      [2, 'scheduled'],
      [1, 'in_force'],
    ]);
    const early = await t.api<{ id: string; fee: string }>('POST', '/api/v1/payins', {
      amount: '100.00',
      currency: 'MYR',
      order_id: 'v-early',
    });
    expect(early.body.fee).toBe('2.50');
    await passInstant(effective);
    const late = await t.api<{ id: string; fee: string }>('POST', '/api/v1/payins', {
      amount: '100.00',
      currency: 'MYR',
      order_id: 'v-late',
    });
    expect(late.body.fee).toBe('4.00');
    expect((await payinContract(late.body.id)).contract_id).toBe(created.data.id);
    expect((await payinContract(early.body.id)).contract_id).not.toBe(created.data.id);
    expect((await payinContract(early.body.id)).fee).toBe(250n);
    const inForce = await t.as<Page<VersionRow>>(ADMIN, 'getMerchantContractList', {
      merchantDbCode: 'MER00001',
      currency: 'MYR',
      status: 'in_force',
    });
    expect(inForce.data.rows.map((r) => r.id)).toEqual([created.data.id]);
    expect(inForce.data.status_counts).toEqual({ in_force: 1, scheduled: 0, superseded: 1 });
    const logs = await t.as<{ rows: { action: string; target_id: string }[] }>(
      ADMIN,
      'getAdminLogs',
      { action: 'contract.create' },
    );
    expect(logs.data.rows.some((l) => l.target_id === created.data.id)).toBe(true);
  });
});

describe('fee preview', () => {
  it('equals splitFee and the journal’s split of a real pay-in', async () => {
    const p = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      amount: '1234.03',
      currency: 'THB',
      order_id: 'preview-1',
    });
    await t.sandbox.idle();
    const { rows } = await t.db.query<{ details: Record<string, string>; code: string }>(
      `SELECT j.details, g.payment_gateway_code AS code FROM journal j
         JOIN payins p ON p.id = j.ref_id JOIN payment_gateways g ON g.id = p.gateway_id
        WHERE j.ref_id = $1 AND j.kind = 'payin.success'`,
      [p.body.id],
    );
    const journal = rows[0]!;
    const preview = await t.as<Preview>(ADMIN, 'getFeePreview', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      movement: 'payin',
      amount: '1234.03',
      paymentGatewayCode: journal.code,
    });
    const minor = (s: string | null) => parseAmount(s!, 'THB')!.toString();
    expect({
      amount: minor(preview.data.amount),
      fee: minor(preview.data.fee),
      merchant_net: minor(preview.data.merchant_net),
      reseller_commission: minor(preview.data.reseller_commission),
      platform_profit: minor(preview.data.platform_profit),
      gateway_cost: minor(preview.data.gateway_cost),
    }).toEqual(journal.details);
    // The demo contract (2.5%, min 1.00; reseller 1.5%) and the gateway's 1.2% cost.
    const split = splitFee(123403n, {
      merchant: { percentPpm: 25_000, fixed: 0n, min: 100n },
      reseller: { percentPpm: 15_000, fixed: 0n },
      gateway: { percentPpm: 12_000, fixed: 0n },
    });
    expect(preview.data).toMatchObject({
      fee: '30.85',
      reseller_commission: '12.34',
      platform_profit: '3.71',
      gateway_cost: '14.80',
    });
    expect(minor(preview.data.fee)).toBe(split.fee.toString());
    expect(minor(preview.data.platform_profit)).toBe(split.platformProfit.toString());
  });

  it('previews draft rates for an admin and hides the platform’s figures from a reseller', async () => {
    const draft = await t.as<Preview>(ADMIN, 'getFeePreview', {
      merchantDbCode: 'MER00002',
      currency: 'THB',
      movement: 'payout',
      amount: '500',
      paymentGatewayCode: 'SBX-THB-1',
      draft: '1',
      payoutPercent: '2',
      payoutFixed: '3',
      resellerPayoutPercent: '1',
      resellerPayoutFixed: '1',
    });
    const split = splitFee(50000n, {
      merchant: { percentPpm: 20_000, fixed: 300n },
      reseller: { percentPpm: 10_000, fixed: 100n },
      gateway: { percentPpm: 5_000, fixed: 0n },
    });
    expect(draft.data).toMatchObject({ fee: '13.00', contract_id: null });
    expect(parseAmount(draft.data.reseller_commission!, 'THB')).toBe(split.resellerCommission);
    expect(parseAmount(draft.data.gateway_cost!, 'THB')).toBe(split.gatewayCost);
    const badDraft = await t.as(ADMIN, 'getFeePreview', {
      merchantDbCode: 'MER00002',
      currency: 'THB',
      movement: 'payin',
      amount: '500',
      draft: '1',
      payinPercent: '1',
      resellerPayinPercent: '2',
    });
    expect(badDraft.message).toMatch(/^resellerPayinPercent/);
    const reseller = await t.as<Preview>(RESELLER, 'getFeePreview', {
      merchantDbCode: 'MER00002',
      currency: 'THB',
      movement: 'payin',
      amount: '100',
    });
    expect(reseller.data).toMatchObject({
      fee: '2.50',
      reseller_commission: '1.00',
      platform_profit: null,
      gateway_cost: null,
    });
    const badAmount = await t.as(ADMIN, 'getFeePreview', {
      merchantDbCode: 'MER00002',
      currency: 'THB',
      movement: 'payin',
      amount: '1.001',
    });
    expect(badAmount).toMatchObject({ status: 400 });
    expect(badAmount.message).toMatch(/^amount /);
  });
});
