import { formatAmount, parseAmount } from '@bo/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDrift } from '../../src/ledger/invariants';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

/**
 * A property-based test of refunds: random sequences of pay-ins (paid or failed), partial
 * refunds (the gateway succeeding or failing; at or above the threshold approved by two admins
 * or rejected) leave every ledger invariant holding, and the merchant's available balance and
 * each pay-in's refunded amount equal a model kept beside them.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '300.00' });
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

const THB = (minor: bigint) => formatAmount(minor, 'THB');
/** Minor units ending in 03 succeed at the sandbox, in 01 fail. */
const withTail = (units: number, success: boolean) => BigInt(units) * 100n + (success ? 3n : 1n);

type Op =
  | { kind: 'payin'; units: number; paid: boolean }
  | {
      kind: 'refund';
      pick: number;
      share: number;
      succeeds: boolean;
      decision: 'approve' | 'reject';
    };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('payin' as const),
    units: fc.integer({ min: 50, max: 2_000 }),
    paid: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    share: fc.integer({ min: 1, max: 100 }),
    succeeds: fc.boolean(),
    decision: fc.constantFrom('approve' as const, 'reject' as const),
  }),
);

interface Paid {
  id: string;
  amount: bigint;
  refunded: bigint;
  held: bigint;
}

async function availableNow(): Promise<bigint> {
  const r = await t.as<{ balances: { currency: string; available: string }[] }>(
    MERCHANT,
    'getReportBalanceForResellerMerchant',
    { currency: 'THB' },
  );
  return parseAmount(r.data.balances.find((b) => b.currency === 'THB')?.available ?? '0', 'THB')!;
}

let run = 0;
describe('refunds, as a model', () => {
  it('keep the books clean and equal to the model after any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 8 }), async (ops) => {
        run += 1;
        const paid: Paid[] = [];
        let available = await availableNow();
        for (const [i, o] of ops.entries()) {
          if (o.kind === 'payin') {
            const amount = withTail(o.units, o.paid);
            const p = await t.api<{ id: string }>('POST', '/api/v1/payins', {
              amount: THB(amount),
              currency: 'THB',
              order_id: `model-${run}-${i}`,
            });
            expect(p.status).toBe(201);
            await t.sandbox.idle();
            const read = await t.api<{ status: string; net_amount: string }>(
              'GET',
              `/api/v1/payins/${p.body.id}?run=${run}-${i}`,
            );
            if (o.paid) {
              expect(read.body.status).toBe('success');
              available += parseAmount(read.body.net_amount, 'THB')!;
              paid.push({ id: p.body.id, amount, refunded: 0n, held: 0n });
            }
            continue;
          }
          const target = paid[o.pick % Math.max(paid.length, 1)];
          if (!target) continue;
          const left = target.amount - target.refunded - target.held;
          // A share of what is left, its tail choosing the gateway's answer; sometimes too much.
          const units = (left * BigInt(o.share)) / 100n / 100n;
          const amount = o.share === 100 ? left + 100n : withTail(Number(units), o.succeeds);
          const asked = await t.as<{ id: string; status: string }>(MERCHANT, 'requestRefund', {
            payinId: target.id,
            amount: THB(amount),
          });
          if (amount > left || amount > available) {
            expect(asked.status).toBe(409);
            continue;
          }
          expect(asked.status, asked.message).toBe(200);
          available -= amount;
          target.held += amount;
          if (asked.data.status === 'pending_approval') {
            if (o.decision === 'reject') {
              const r = await t.as(ADMIN, 'rejectRefund', { id: asked.data.id, ...REJECTION });
              expect(r.status, r.message).toBe(200);
              available += amount;
              target.held -= amount;
              continue;
            }
            expect((await t.as(ADMIN, 'approveRefund', { id: asked.data.id })).status).toBe(200);
            expect((await t.as(ADMIN2, 'approveRefund', { id: asked.data.id })).status).toBe(200);
          }
          await t.sandbox.idle();
          target.held -= amount;
          if (o.succeeds) target.refunded += amount;
          else available += amount;
        }
        expect(await availableNow()).toBe(available);
        for (const p of paid) {
          const read = await t.api<{ refunded_amount: string }>(
            'GET',
            `/api/v1/payins/${p.id}?check=${run}`,
          );
          expect(read.body.refunded_amount).toBe(THB(p.refunded));
        }
        expect(await findLedgerDrift(t.db)).toEqual([]);
      }),
      { numRuns: 4 },
    );
  }, 300_000);
});
