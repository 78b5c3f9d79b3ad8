import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/app-error';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { sweepOverdueDisputes } from '../../src/modules/disputes/dispute-deadline';
import { changeDisputes, openDispute } from '../../src/modules/disputes/disputes.service';
import { changePayins, createPayins } from '../../src/modules/payins/payins.service';
import { changeRefunds, createRefund } from '../../src/modules/refunds/refunds.service';
import { startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * A property-based test of the money around a pay-in (issues 26 and 27): random sequences of
 * successful pay-ins, refunds (approved or rejected, then succeeding or failing at the gateway,
 * or left pending) and disputes (opened for part or all of what is left, with a fee that may
 * take the merchant's balance short; answered, won with or without the fee back, accepted,
 * lost, or lost by the deadline sweep), through the real service code on a real database. After
 * each sequence every invariant `ledger:check` runs holds (`findLedgerDrift`), and, checked
 * here on their own: the journals balance, open dispute holds equal the open disputes, and no
 * pay-in has more refunded plus lost to disputes than its amount; the disputes' states equal a
 * model kept beside them.
 */
let t: MoneyApp;
let merchantId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  merchantId = await t.accountId('MER00001');
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

type RefundEnd = 'succeeded' | 'failed' | 'rejected' | 'pending';
type DisputeStep = 'evidence' | 'accept' | 'win' | 'win_fee_back' | 'lose';
type Op =
  | { kind: 'payin'; units: number }
  | { kind: 'refund'; pick: number; share: number; end: RefundEnd }
  | { kind: 'dispute'; pick: number; share: number; feeShare: number; hours: number }
  | { kind: 'step'; pick: number; step: DisputeStep }
  | { kind: 'settle'; pick: number; succeeds: boolean }
  | { kind: 'sweep' };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payin' as const),
      units: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
      end: fc.constantFrom<RefundEnd>('succeeded', 'failed', 'rejected', 'pending'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('dispute' as const),
      pick: fc.nat(),
      // 100: all that is left (no amount given); more than 100: more than is left (refused).
      share: fc.integer({ min: 1, max: 110 }),
      feeShare: fc.integer({ min: 0, max: 30 }),
      hours: fc.integer({ min: 1, max: 48 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('step' as const),
      pick: fc.nat(),
      step: fc.constantFrom<DisputeStep>('evidence', 'accept', 'win', 'win_fee_back', 'lose'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick: fc.nat(),
      succeeds: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
);

/** The model: each paid pay-in, what its refunds took and hold, and each dispute's state. */
interface Paid {
  id: string;
  amount: bigint;
  refunded: bigint;
  refundHeld: bigint;
}
interface ModelDispute {
  id: string;
  payin: Paid;
  amount: bigint;
  status: string;
  respondBy: Date;
}
const paid: Paid[] = [];
const disputes: ModelDispute[] = [];
/** Refunds left with the gateway, answered by a later `settle`. */
const pending: { id: string; payin: Paid; amount: bigint }[] = [];
const OPEN = ['opened', 'evidence_submitted', 'accepted'];
const notWon = (p: Paid) =>
  disputes.filter((d) => d.payin === p && d.status !== 'won').reduce((s, d) => s + d.amount, 0n);

/** The `pick`-th of `xs` counting from the latest (0: the latest), or undefined when empty. */
const latest = <T>(xs: readonly T[], pick: number): T | undefined =>
  xs[xs.length - 1 - (pick % Math.max(xs.length, 1))];

/** Runs `work` in a transaction; a conflict (409) rolls it back and answers null. */
async function attempt<T>(
  work: (tx: Parameters<Parameters<MoneyApp['db']['transaction']>[0]>[0]) => Promise<T>,
) {
  try {
    return await t.db.transaction(work);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return null;
    throw error;
  }
}

let order = 0;
async function payIn(units: number) {
  const amount = BigInt(units) * 100n + 3n;
  const at = new Date();
  const [p] = await t.db.transaction(async (tx) => {
    const created = await createPayins(tx, [
      { merchantId, orderId: `property-${++order}`, currency: 'THB', amount, createdAt: at },
    ]);
    const id = created[0]!.id;
    await changePayins(tx, [{ id, status: 'processing', at, reference: `PROP-${order}` }]);
    await changePayins(tx, [{ id, status: 'success', at }]);
    return created;
  });
  paid.push({ id: p!.id, amount, refunded: 0n, refundHeld: 0n });
}

async function refund(o: Extract<Op, { kind: 'refund' }>) {
  const p = latest(paid, o.pick);
  if (!p) return;
  const left = p.amount - p.refunded - p.refundHeld - notWon(p);
  const amount = (left * BigInt(o.share)) / 100n;
  const at = new Date();
  const made = await attempt((tx) =>
    createRefund(tx, {
      merchantId,
      payinId: p.id,
      amount: amount > 0n ? amount : 1n,
      reason: 'A property',
      merchantRefundId: null,
      createdBy: null,
      at,
      returnsPayinFee: o.share % 2 === 0,
    }),
  );
  // Refused only when nothing is left of the pay-in or of the balance.
  if (!made) return;
  expect(made.amount).toBeLessThanOrEqual(left);
  if (o.end === 'pending') {
    if (made.status === 'pending_approval')
      await t.db.transaction((tx) =>
        changeRefunds(tx, [{ id: made.id, status: 'processing', at }]),
      );
    p.refundHeld += made.amount;
    pending.push({ id: made.id, payin: p, amount: made.amount });
    return;
  }
  const steps =
    o.end === 'rejected'
      ? [{ id: made.id, status: 'rejected' as const, at }]
      : [
          ...(made.status === 'pending_approval'
            ? [{ id: made.id, status: 'processing' as const, at }]
            : []),
          { id: made.id, status: o.end, at },
        ];
  for (const step of steps) await t.db.transaction((tx) => changeRefunds(tx, [step]));
  if (o.end === 'succeeded') p.refunded += made.amount;
}

async function dispute(o: Extract<Op, { kind: 'dispute' }>) {
  const p = latest(paid, o.pick);
  if (!p) return;
  const left = p.amount - p.refunded - p.refundHeld - notWon(p);
  const asked = o.share === 100 ? null : (left * BigInt(o.share)) / 100n;
  const at = new Date();
  const respondBy = new Date(at.getTime() + o.hours * 3_600_000);
  const made = await attempt((tx) =>
    openDispute(tx, {
      id: randomUUID(),
      payinId: p.id,
      amount: asked,
      fee: ((asked ?? left) * BigInt(o.feeShare)) / 100n,
      reasonCode: 'fraudulent',
      respondBy,
      reference: `PROP-D-${order}-${disputes.length}`,
      createdBy: null,
      at,
    }),
  );
  const fits = (asked ?? left) > 0n && (asked ?? left) <= left;
  expect(!!made, `dispute of ${asked ?? 'all'} with ${left} left`).toBe(fits);
  if (made)
    disputes.push({ id: made.id, payin: p, amount: made.amount, status: 'opened', respondBy });
}

/** The statuses a step walks an open dispute through (none: the lifecycle has no such move). */
function walk(status: string, step: DisputeStep): string[] {
  if (step === 'lose') return ['lost'];
  if (step === 'evidence' || step === 'accept')
    return status === 'opened' ? [step === 'evidence' ? 'evidence_submitted' : 'accepted'] : [];
  if (status === 'accepted') return [];
  return status === 'opened' ? ['evidence_submitted', 'won'] : ['won'];
}

async function step(o: Extract<Op, { kind: 'step' }>) {
  const open = disputes.filter((d) => OPEN.includes(d.status));
  const d = latest(open, o.pick);
  if (!d) return;
  for (const status of walk(d.status, o.step)) {
    const [result] = await t.db.transaction((tx) =>
      changeDisputes(tx, [
        {
          id: d.id,
          status: status as 'won',
          at: new Date(),
          feeReturned: o.step === 'win_fee_back',
        },
      ]),
    );
    expect(result!.applied, `${d.status} → ${status}`).toBe(true);
    d.status = status;
  }
}

/** The gateway answers a refund it was handed earlier. */
async function settle(o: Extract<Op, { kind: 'settle' }>) {
  const r = latest(pending, o.pick);
  if (!r) return;
  pending.splice(pending.indexOf(r), 1);
  const status = o.succeeds ? ('succeeded' as const) : ('failed' as const);
  await t.db.transaction((tx) => changeRefunds(tx, [{ id: r.id, status, at: new Date() }]));
  r.payin.refundHeld -= r.amount;
  if (o.succeeds) r.payin.refunded += r.amount;
}

async function sweep() {
  const now = new Date(Date.now() + 24 * 3_600_000);
  const due = disputes.filter((d) => d.status === 'opened' && d.respondBy < now);
  expect(await sweepOverdueDisputes(t.db, now)).toBe(due.length);
  for (const d of due) d.status = 'lost';
}

/** The invariants named on their own, beside `findLedgerDrift`'s. */
async function expectInvariants() {
  expect(await findLedgerDrift(t.db)).toEqual([]);
  const unbalanced = await t.db.query(
    `SELECT journal_id FROM entries GROUP BY journal_id, currency HAVING sum(amount) <> 0 LIMIT 5`,
  );
  expect(unbalanced.rows).toEqual([]);
  const { rows: held } = await t.db.query<{ b: bigint }>(
    `SELECT coalesce(sum(e.amount), 0)::bigint AS b FROM entries e
       JOIN ledger_accounts la ON la.id = e.ledger_account_id
      WHERE la.owner_id = $1 AND la.currency = 'THB' AND la.purpose = 'disputed'`,
    [merchantId],
  );
  const { rows: open } = await t.db.query<{ s: bigint }>(
    `SELECT coalesce(sum(amount + fee), 0)::bigint AS s FROM disputes
      WHERE merchant_account_id = $1 AND currency = 'THB' AND status = ANY($2::text[])`,
    [merchantId, OPEN],
  );
  expect(BigInt(held[0]!.b)).toBe(BigInt(open[0]!.s));
  const { rows: over } = await t.db.query(
    `SELECT p.id FROM payins p
       LEFT JOIN (SELECT payin_id, sum(amount) AS s FROM refunds WHERE status = 'succeeded' GROUP BY 1) r ON r.payin_id = p.id
       LEFT JOIN (SELECT payin_id, sum(amount) AS s FROM disputes WHERE status = 'lost' GROUP BY 1) l ON l.payin_id = p.id
      WHERE coalesce(r.s, 0) + coalesce(l.s, 0) > p.amount`,
  );
  expect(over).toEqual([]);
  const { rows: states } = await t.db.query<{ id: string; status: string }>(
    `SELECT id::text AS id, status FROM disputes WHERE merchant_account_id = $1`,
    [merchantId],
  );
  expect(new Map(states.map((r) => [r.id, r.status]))).toEqual(
    new Map(disputes.map((d) => [d.id, d.status])),
  );
  for (const p of paid) {
    const lost = disputes
      .filter((d) => d.payin === p && d.status === 'lost')
      .reduce((s, d) => s + d.amount, 0n);
    expect(p.refunded + lost).toBeLessThanOrEqual(p.amount);
  }
}

describe('pay-ins, refunds and disputes, as a model', () => {
  it('keep every ledger invariant after any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 12 }), async (ops) => {
        await payIn(1_000);
        for (const o of ops) {
          if (o.kind === 'payin') await payIn(o.units);
          else if (o.kind === 'refund') await refund(o);
          else if (o.kind === 'dispute') await dispute(o);
          else if (o.kind === 'step') await step(o);
          else if (o.kind === 'settle') await settle(o);
          else await sweep();
        }
        await expectInvariants();
      }),
      {
        numRuns: 20,
        // A dispute of all of a pay-in while a refund of it is with the gateway; the refund
        // succeeds, then the dispute is lost.
        examples: [
          [
            [
              { kind: 'refund', pick: 0, share: 80, end: 'pending' },
              { kind: 'dispute', pick: 0, share: 100, feeShare: 1, hours: 48 },
              { kind: 'settle', pick: 0, succeeds: true },
              { kind: 'step', pick: 0, step: 'lose' },
            ],
          ],
          // All of a pay-in and a 30 % fee, more than the balance holds; won, the fee back.
          [
            [
              { kind: 'dispute', pick: 0, share: 100, feeShare: 30, hours: 48 },
              { kind: 'step', pick: 0, step: 'win_fee_back' },
              { kind: 'sweep' },
            ],
          ],
        ],
      },
    );
    // The runs went where the property is about: shortfalls, and both ways a dispute ends.
    const { rows } = await t.db.query<{ status: string; short: boolean }>(
      `SELECT DISTINCT status, shortfall > 0 AS short FROM disputes`,
    );
    expect(rows.map((r) => r.status)).toEqual(expect.arrayContaining(['won', 'lost']));
    expect(rows.some((r) => r.short)).toBe(true);
  }, 300_000);
});
