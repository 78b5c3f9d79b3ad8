import { chargeOf, formatAmount, parseAmount } from '@bo/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDrift } from '../../src/ledger/invariants';
import {
  ADMIN,
  ADMIN2,
  BANK_TRANSFER,
  MERCHANT,
  REJECTION,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
  saveTestWallet,
} from './support/money-app';

/**
 * A model-based test: long random sequences of every money operation (with retried callbacks
 * and repeated decisions) against the real server, checking after each step that the merchant's
 * and the reseller's balances match a model computed with the fee rules, and that every ledger
 * invariant holds.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await saveTestWallet(t, MERCHANT);
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const THB = (minor: bigint) => formatAmount(minor, 'THB');
const pct = (amount: bigint, ppm: number, fixed = 0n, min: bigint | null = null) =>
  chargeOf(amount, { percentPpm: ppm, fixed, min });

interface Model {
  available: bigint;
  payout: bigint;
  commission: bigint;
}

// Amounts whose last two digits are 1, 2 or 3 choose sandbox outcomes; keep clear of them.
const amount = fc.integer({ min: 1, max: 5_000 }).map((n) => BigInt(n) * 100n + 50n);

type Op =
  | { kind: 'payin'; amount: bigint; success: boolean; copies: number }
  | { kind: 'topUp'; amount: bigint; approve: boolean }
  | { kind: 'payout'; amount: bigint; outcome: 'success' | 'failed' | 'reject' }
  | { kind: 'settlement'; amount: bigint; complete: boolean; wallet: boolean }
  | { kind: 'withdrawal'; amount: bigint; complete: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('payin' as const),
    amount,
    success: fc.boolean(),
    copies: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('topUp' as const), amount, approve: fc.boolean() }),
  fc.record({
    kind: fc.constant('payout' as const),
    amount,
    outcome: fc.constantFrom('success' as const, 'failed' as const, 'reject' as const),
  }),
  fc.record({
    kind: fc.constant('settlement' as const),
    amount,
    complete: fc.boolean(),
    wallet: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('withdrawal' as const),
    amount: fc.integer({ min: 1, max: 500 }).map((n) => BigInt(n) * 10n),
    complete: fc.boolean(),
  }),
);

let orders = 0;

async function readModel(): Promise<Model> {
  const m = await t.as<{
    balances: { currency: string; available: string; payout_available: string }[];
  }>(MERCHANT, 'getReportBalanceForResellerMerchant', { currency: 'THB' });
  const r = await t.as<{ balance: string }>(RESELLER, 'getReportBalanceForResellerMerchant', {
    currency: 'THB',
  });
  const thb = m.data.balances.find((b) => b.currency === 'THB');
  return {
    available: parseAmount(thb?.available ?? '0', 'THB')!,
    payout: parseAmount(thb?.payout_available ?? '0', 'THB')!,
    commission: parseAmount(r.data.balance, 'THB')!,
  };
}

async function gatewayOf(id: string) {
  const { rows } = await t.db.query<{ code: string }>(
    'SELECT g.payment_gateway_code AS code FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.id = $1',
    [id],
  );
  return {
    reference: `SBX-PI-${id}`,
    gateway_code: rows[0]!.code,
    kind: 'payin' as const,
    merchant_ref: id,
  };
}

async function apply(o: Op, m: Model): Promise<void> {
  const order = `m-${orders++}`;
  if (o.kind === 'payin') {
    const r = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      amount: THB(o.amount),
      currency: 'THB',
      order_id: order,
    });
    expect(r.status).toBe(201);
    await t.sandbox.sendCallback(
      await gatewayOf(r.body.id),
      o.success ? 'success' : 'failed',
      o.copies,
    );
    // A late contrary callback must change nothing.
    await t.sandbox.sendCallback(await gatewayOf(r.body.id), o.success ? 'failed' : 'success');
    if (o.success) {
      const fee = pct(o.amount, 25_000, 0n, 100n);
      m.available += o.amount - fee;
      m.commission += fee - (pct(o.amount, 15_000) < fee ? pct(o.amount, 15_000) : fee);
    }
  } else if (o.kind === 'topUp') {
    const r = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
      merchantDbCode: 'MER00001',
      currency: 'THB',
      amount: THB(o.amount),
    });
    // The admin who recorded the top-up may not approve it: another admin decides.
    const [decision, fields] = o.approve
      ? ['approveTopUp', { id: r.data.id }]
      : ['rejectTopUp', { id: r.data.id, ...REJECTION }];
    expect((await t.as(ADMIN2, decision, fields)).status).toBe(200);
    expect((await t.as(ADMIN2, decision, fields)).status).toBe(409);
    if (o.approve) m.payout += o.amount;
  } else if (o.kind === 'payout') {
    // At the sandbox gateway amounts ending in .03 succeed and in .01 fail.
    const sent =
      (o.amount / 100n) * 100n + (o.outcome === 'success' ? 3n : o.outcome === 'failed' ? 1n : 50n);
    const fee = pct(sent, 10_000, 200n);
    const total = sent + fee;
    const r = await t.as<{ id: string }>(MERCHANT, 'createPayout', {
      currency: 'THB',
      amount: THB(sent),
      orderId: order,
      bankName: 'B',
      accountNumber: '1',
      accountHolder: 'A',
    });
    if (total > m.payout) return void expect(r.status).toBe(409);
    expect(r.status).toBe(200);
    if (o.outcome === 'reject') {
      await t.as(ADMIN, 'rejectPayout', { id: r.data.id, ...REJECTION });
      return;
    }
    await t.approveByTwo('approvePayout', r.data.id);
    await t.sandbox.idle();
    if (o.outcome === 'success') {
      m.payout -= total;
      const reseller = pct(sent, 5_000, 100n);
      m.commission += fee - (reseller < fee ? reseller : fee);
    }
  } else if (o.kind === 'settlement') {
    const fee = pct(o.amount, 5_000);
    const r = await t.as<{ id: string }>(
      MERCHANT,
      o.wallet ? 'requestSettlementWallet' : 'requestSettlement',
      { currency: 'THB', amount: THB(o.amount) },
    );
    if (o.amount + fee > m.available) return void expect(r.status).toBe(409);
    expect(r.status).toBe(200);
    const suffix = o.wallet ? 'SettlementWallet' : 'Settlement';
    if (!o.complete) {
      expect((await t.as(ADMIN, `reject${suffix}`, { id: r.data.id, ...REJECTION })).status).toBe(
        200,
      );
      return;
    }
    await t.approveByTwo(`approve${suffix}`, r.data.id);
    // A bank settlement is marked done with the transfer's reference and value date.
    const done = { id: r.data.id, ...(o.wallet ? {} : BANK_TRANSFER) };
    expect((await t.as(ADMIN, `complete${suffix}`, done)).status).toBe(200);
    expect((await t.as(ADMIN, `complete${suffix}`, done)).status).toBe(409);
    m.available -= o.amount + fee;
    m.commission += fee - pct(o.amount, 2_000);
  } else {
    const r = await t.as<{ id: string }>(RESELLER, 'requestWithdrawal', {
      currency: 'THB',
      amount: THB(o.amount),
      bankName: 'B',
      accountNumber: '1',
      accountHolder: 'A',
    });
    if (o.amount > m.commission) return void expect(r.status).toBe(409);
    expect(r.status).toBe(200);
    if (o.complete) {
      await t.approveByTwo('approveWithdrawal', r.data.id);
      await t.as(ADMIN, 'completeWithdrawal', { id: r.data.id });
      m.commission -= o.amount;
    } else {
      await t.as(ADMIN, 'rejectWithdrawal', { id: r.data.id, ...REJECTION });
    }
  }
}

describe('money model', () => {
  // The books are checked once a sequence ends, not after each operation (half the file's
  // time): a drift stays in an append-only journal, and fast-check shrinks a failing sequence
  // to the few operations that make it.
  it('keeps balances equal to the model after every operation, and the books clean after every sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 40 }), async (ops) => {
        const model = await readModel();
        for (const o of ops) {
          await apply(o, model);
          expect(await readModel()).toEqual(model);
        }
        expect(await findLedgerDrift(t.db)).toEqual([]);
      }),
      { numRuns: 20, seed: 20_261_123 },
    );
  }, 240_000);
});
