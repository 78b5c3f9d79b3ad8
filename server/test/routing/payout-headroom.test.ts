import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatAmount, parseAmount, type RoutingLiveGateway } from '@bo/contract';
import type { Actor } from '../../src/core/context';
import {
  announceGatewayChange,
  depositBalanceSql,
} from '../../src/modules/gateways/gateways.service';
import { accountKey, findLedgerBalance } from '../../src/ledger/ledger-accounts';
import { admitToGateways, findRoutingHeadroom } from '../../src/modules/payouts/payout-headroom';
import { releaseQueuedPayouts } from '../../src/modules/payouts/payout-queue';
import { startMoneyJobs } from '../../src/money-wiring/money-jobs';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  type MoneyApp,
  REJECTION,
  refundablePayin,
  startMoneyApp,
  topUpDemoMerchant,
} from '../money/support/money-app';
import { apiPayout, putProfile, routingWorld, thbPlatform } from './routing-world';

/*
 * Pay-outs and their gateway's deposit (issue 43, "Pay-out test"): a pay-out goes only to a
 * gateway whose deposit balance, net of the pay-outs in flight there, covers it; routing skips
 * one that cannot, and when none can, the pay-out waits in `queued_for_gateway`, never sent,
 * until a deposit arrives and the queue's release sends it. Amounts end in .02, which the
 * sandbox never answers, so what is handed over stays in flight.
 */
let t: MoneyApp;
let admin: Actor;
let merchantId: string;
/** Every pay-out: SBX-THB-1 first, then SBX-THB-2. */
const THB_1_FIRST = {
  steps: [
    {
      rules: [
        {
          when: { amount: { currency: 'THB', op: 'gte', value: '0.01' } },
          gateways: ['SBX-THB-1', 'SBX-THB-2'],
        },
      ],
    },
  ],
};

interface ApiPayout {
  id: string;
  status: string;
}

async function gatewayOf(code: string): Promise<{ id: string; deposit: bigint }> {
  const { rows } = await t.db.query<{ id: string; deposit: bigint }>(
    `SELECT g.id, ${depositBalanceSql('g')} AS deposit FROM payment_gateways g
      WHERE g.payment_gateway_code = $1`,
    [code],
  );
  return rows[0]!;
}

/** What a gateway's pay-outs (amount plus the gateway's cost) and refunds in flight take. */
async function inFlight(gatewayId: string): Promise<bigint> {
  const { rows } = await t.db.query<{ n: bigint }>(
    `SELECT (coalesce((SELECT sum(amount + gateway_cost) FROM payouts
                        WHERE status = 'processing' AND gateway_id = $1), 0)
           + coalesce((SELECT sum(amount) FROM refunds
                        WHERE status = 'processing' AND gateway_id = $1), 0))::bigint AS n`,
    [gatewayId],
  );
  return rows[0]!.n;
}

/**
 * Moves a THB gateway's deposit balance, through the admins' own call, to what its pay-outs
 * in flight need plus `headroom`.
 */
async function setHeadroom(code: string, headroom: string) {
  const { id, deposit } = await gatewayOf(code);
  const delta = (await inFlight(id)) + parseAmount(headroom, 'THB')! - deposit;
  if (delta === 0n) return;
  const adjusted = await t.as(ADMIN, 'adjustGatewayDeposit', {
    id,
    direction: delta > 0n ? 'increase' : 'decrease',
    amount: formatAmount(delta > 0n ? delta : -delta, 'THB'),
    reason: 'headroom test',
  });
  expect(adjusted.status, adjusted.message).toBe(200);
}

async function setStatus(code: string, status: 'activated' | 'inactive') {
  await t.db.query(
    'UPDATE payment_gateways SET status = $2, status_changed_at = now() WHERE payment_gateway_code = $1',
    [code, status],
  );
  announceGatewayChange();
}

let order = 0;
const newPayout = (amount: string): Promise<ApiPayout> =>
  apiPayout(t, amount, `headroom-${++order}`);

async function payoutRow(id: string) {
  const { rows } = await t.db.query<{
    status: string;
    code: string;
    reference: string;
    handed: number;
    reasons: { key: string; values: Record<string, string> }[] | null;
    by_fallback: boolean | null;
  }>(
    `SELECT p.status, g.payment_gateway_code AS code, p.gateway_reference AS reference,
            (SELECT count(*)::int FROM sandbox_payments s WHERE s.reference = 'SBX-PO-' || p.id) AS handed,
            d.reasons, d.by_fallback
       FROM payouts p JOIN payment_gateways g ON g.id = p.gateway_id
       LEFT JOIN routing_decisions d ON d.ref_id = p.id
      WHERE p.id = $1`,
    [id],
  );
  return rows[0]!;
}

/** Each gateway's pay-outs in flight, and whether their needs stay within its deposit. */
async function inFlightWithinDeposits() {
  const { rows } = await t.db.query<{ code: string; within: boolean }>(
    `SELECT g.payment_gateway_code AS code,
            coalesce((SELECT sum(p.amount + p.gateway_cost) FROM payouts p
                       WHERE p.gateway_id = g.id AND p.status = 'processing'), 0)
            + coalesce((SELECT sum(r.amount) FROM refunds r
                       WHERE r.gateway_id = g.id AND r.status = 'processing'), 0)
              <= ${depositBalanceSql('g')} AS within
       FROM payment_gateways g WHERE g.currency = 'THB' ORDER BY 1`,
  );
  return rows;
}

beforeAll(async () => {
  t = await startMoneyApp();
  ({ admin, merchantId } = await routingWorld(t));
  await topUpDemoMerchant(t, '20000.00');
  await putProfile(t, admin, thbPlatform('payout'), THB_1_FIRST);
});
afterAll(() => t?.close());

describe('pay-outs and their gateway’s deposit', () => {
  it('skips a gateway whose deposit cannot cover a pay-out, and queues one no gateway covers', async () => {
    await setHeadroom('SBX-THB-1', '1000.00');
    await setHeadroom('SBX-THB-2', '700.00');
    const first = await newPayout('600.02');
    expect(first.status).toBe('processing');
    expect(await payoutRow(first.id)).toMatchObject({ code: 'SBX-THB-1', handed: 1 });

    // SBX-THB-1 has about 397 left: routing skips it for SBX-THB-2, and says why.
    const second = await newPayout('600.02');
    expect(second.status).toBe('processing');
    const routed = await payoutRow(second.id);
    expect(routed).toMatchObject({ code: 'SBX-THB-2', handed: 1, by_fallback: true });
    expect(routed.reasons).toContainEqual({
      key: 'skipped',
      values: { gateway: 'SBX-THB-1', why: 'headroom' },
    });

    // Neither covers it now: it waits for SBX-THB-1, reserved and never sent.
    const third = await newPayout('600.02');
    expect(third.status).toBe('queued_for_gateway');
    const queued = await payoutRow(third.id);
    expect(queued).toMatchObject({ code: 'SBX-THB-1', handed: 0, reference: '' });
    expect(queued.reasons).toContainEqual({ key: 'noHeadroom', values: { gateway: 'SBX-THB-1' } });
    const read = await t.api<ApiPayout>('GET', `/api/v1/payouts/${third.id}`);
    expect(read.body.status).toBe('queued_for_gateway');
    expect(await releaseQueuedPayouts(t.db)).toBe(0);
    expect((await payoutRow(third.id)).handed).toBe(0);
    // The monitoring page's live view shows it waiting, and what each deposit has left.
    const live = await t.as<{ gateways: RoutingLiveGateway[] }>(ADMIN, 'getRoutingLive', {
      currency: 'THB',
    });
    expect(live.status, live.message).toBe(200);
    const thb1 = live.data.gateways.find((g) => g.payment_gateway_code === 'SBX-THB-1')!;
    expect(thb1).toMatchObject({ payouts: 2, payouts_queued: 1, payout_share: '66.67' });
    expect(parseAmount(thb1.deposit_headroom, 'THB')).toBe(
      parseAmount(thb1.deposit_balance, 'THB')! - parseAmount(thb1.in_flight, 'THB')!,
    );
    expect(parseAmount(thb1.deposit_headroom, 'THB')! < parseAmount('600.02', 'THB')!).toBe(true);

    // A deposit arrives while its gateway is switched off: it waits for the gateway.
    await setHeadroom('SBX-THB-1', '1000.00');
    await setStatus('SBX-THB-1', 'inactive');
    try {
      expect(await releaseQueuedPayouts(t.db)).toBe(0);
      expect((await payoutRow(third.id)).handed).toBe(0);
    } finally {
      await setStatus('SBX-THB-1', 'activated');
    }
    // Back on: the next release sends it, once.
    expect(await releaseQueuedPayouts(t.db)).toBe(1);
    expect(await payoutRow(third.id)).toMatchObject({ status: 'processing', handed: 1 });
    expect(await releaseQueuedPayouts(t.db)).toBe(0);
    expect((await inFlightWithinDeposits()).every((g) => g.within)).toBe(true);
  });

  it('routing weighs the gateway’s cost too: a pay-out whose amount alone fits goes elsewhere', async () => {
    // SBX-THB-1 has room for 400.02 but not for its cost on top; SBX-THB-2 has plenty.
    await setHeadroom('SBX-THB-1', '400.02');
    await setHeadroom('SBX-THB-2', '1000.00');
    const made = await newPayout('400.02');
    expect(made.status).toBe('processing');
    const routed = await payoutRow(made.id);
    expect(routed).toMatchObject({ code: 'SBX-THB-2', handed: 1, by_fallback: true });
    expect(routed.reasons).toContainEqual({
      key: 'skipped',
      values: { gateway: 'SBX-THB-1', why: 'headroom' },
    });
  });

  it('an approval a deposit cannot cover queues the pay-out instead of sending it', async () => {
    await setHeadroom('SBX-THB-1', '0.00');
    await setHeadroom('SBX-THB-2', '0.00');
    const made = await t.as<{ id: string }>(MERCHANT, 'createPayout', {
      currency: 'THB',
      amount: '50.02',
      orderId: `headroom-bo-${++order}`,
      bankName: 'Kasikorn',
      accountNumber: '5555-000-111',
      accountHolder: 'Somchai P.',
    });
    expect(made.status, made.message).toBe(200);
    for (const who of [ADMIN, ADMIN2]) {
      const approved = await t.as(who, 'approvePayout', { id: made.data.id });
      expect(approved.status, approved.message).toBe(200);
    }
    expect(await payoutRow(made.data.id)).toMatchObject({
      status: 'queued_for_gateway',
      handed: 0,
    });
  });

  it('an admin may reject a queued pay-out: its money goes back, nothing is sent', async () => {
    await setHeadroom('SBX-THB-1', '0.00');
    await setHeadroom('SBX-THB-2', '0.00');
    const available = () =>
      findLedgerBalance(t.db, accountKey(merchantId, 'THB', 'payout_available'));
    const before = await available();
    const queued = await newPayout('70.02');
    expect(queued.status).toBe('queued_for_gateway');
    expect(await available()).not.toBe(before);
    const rejected = await t.as(ADMIN, 'rejectPayout', { id: queued.id, ...REJECTION });
    expect(rejected.status, rejected.message).toBe(200);
    expect(await payoutRow(queued.id)).toMatchObject({ status: 'rejected', handed: 0 });
    expect(await available()).toBe(before);
    // Once rejected it is not released, and cannot be rejected again.
    await setHeadroom('SBX-THB-1', '1000.00');
    await releaseQueuedPayouts(t.db);
    expect(await payoutRow(queued.id)).toMatchObject({ status: 'rejected', handed: 0 });
    expect((await t.as(ADMIN, 'rejectPayout', { id: queued.id, ...REJECTION })).status).toBe(409);
    await setHeadroom('SBX-THB-1', '0.00');
  });

  it('a refund in flight at a gateway takes its part of the deposit: pay-outs go elsewhere', async () => {
    const payinId = await refundablePayin(t, 'headroom-refund-source');
    const { rows } = await t.db.query<{ code: string }>(
      `SELECT g.payment_gateway_code AS code FROM payins p
         JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.id = $1`,
      [payinId],
    );
    const at = rows[0]!.code;
    const other = at === 'SBX-THB-1' ? 'SBX-THB-2' : 'SBX-THB-1';
    await setHeadroom(at, '500.00');
    await setHeadroom(other, '1000.00');
    const room = async () =>
      (await findRoutingHeadroom(t.db, [(await gatewayOf(at)).id])).values().next().value!.left;
    expect(await room()).toBe(parseAmount('500.00', 'THB'));
    // A refund of 200.02 (the sandbox never answers .02: it stays in flight) at that gateway.
    const refund = await t.as<{ id: string; status: string }>(MERCHANT, 'requestRefund', {
      payinId,
      amount: '200.02',
    });
    expect(refund.status, refund.message).toBe(200);
    expect(refund.data.status).toBe('processing');
    expect(await room()).toBe(parseAmount('299.98', 'THB'));
    const live = await t.as<{ gateways: RoutingLiveGateway[] }>(ADMIN, 'getRoutingLive', {
      currency: 'THB',
    });
    const shown = live.data.gateways.find((g) => g.payment_gateway_code === at)!;
    expect(parseAmount(shown.deposit_headroom, 'THB')).toBe(parseAmount('299.98', 'THB'));
    // 400.02 fitted before the refund; now it goes to the other gateway, or waits there.
    const put = (definition: unknown) => putProfile(t, admin, thbPlatform('payout'), definition);
    await put({
      steps: [{ rules: [{ when: { currency: { in: ['THB'] } }, gateways: [at, other] }] }],
    });
    try {
      const moved = await newPayout('400.02');
      expect(moved.status).toBe('processing');
      const row = await payoutRow(moved.id);
      expect(row.code).toBe(other);
      expect(row.reasons).toContainEqual({
        key: 'skipped',
        values: { gateway: at, why: 'headroom' },
      });
    } finally {
      await put(THB_1_FIRST);
    }
    expect((await inFlightWithinDeposits()).every((g) => g.within)).toBe(true);
  });

  it('concurrent pay-outs never take together more than a deposit holds', async () => {
    // What waits in the queue from before takes nothing: no release runs here.
    await setHeadroom('SBX-THB-2', '0.00');
    // Room for exactly three of 100.02 (each needs about 100.52 with the gateway's cost).
    await setHeadroom('SBX-THB-1', '350.00');
    const made = await Promise.all(Array.from({ length: 10 }, () => newPayout('100.02')));
    const statuses = made.map((p) => p.status).sort();
    expect(statuses.filter((s) => s === 'processing')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'queued_for_gateway')).toHaveLength(7);
    expect((await inFlightWithinDeposits()).every((g) => g.within)).toBe(true);
    for (const p of made)
      expect((await payoutRow(p.id)).handed).toBe(p.status === 'processing' ? 1 : 0);
  });

  it('the background jobs release what waits once a deposit covers it, each pay-out once', async () => {
    const queued = async () =>
      (
        await t.db.query<{ id: string }>(
          `SELECT id FROM payouts WHERE status = 'queued_for_gateway' ORDER BY id`,
        )
      ).rows.map((r) => r.id);
    const waiting = await queued();
    expect(waiting.length).toBeGreaterThan(0);
    await setHeadroom('SBX-THB-1', '5000.00');
    await setHeadroom('SBX-THB-2', '5000.00');
    // The server's own job loop (startMoneyJobs), not the release called by hand.
    const stop = startMoneyJobs(t.db, t.config, t.app.log);
    try {
      await vi.waitFor(async () => expect(await queued()).toEqual([]), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      await stop();
    }
    for (const id of waiting)
      expect(await payoutRow(id)).toMatchObject({ status: 'processing', handed: 1 });
    expect((await inFlightWithinDeposits()).every((g) => g.within)).toBe(true);
  });

  // PostgreSQL only: PGlite has one connection, so nothing runs beside an open transaction.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'a pay-out admission holding its gateways keeps neither a pay-in nor a new pay-out waiting',
    async () => {
      const gateways = [await gatewayOf('SBX-THB-1'), await gatewayOf('SBX-THB-2')];
      let letGo!: () => void;
      const released = new Promise<void>((resolve) => (letGo = resolve));
      let heldNow!: () => void;
      const held = new Promise<void>((resolve) => (heldNow = resolve));
      const holding = t.db.transaction(async (tx) => {
        await admitToGateways(
          tx,
          gateways.map((g) => ({ gatewayId: g.id, need: 1n })),
        );
        heldNow();
        await released;
      });
      await held;
      // A call waiting on the lock would not answer before the admission ends: the race names
      // it (5 s bounds the verdict; the test waits for no more than the answer).
      const unlessKept = async <T>(call: Promise<T>) => {
        let bound: ReturnType<typeof setTimeout> | undefined;
        const answer = await Promise.race([
          call,
          new Promise<'kept waiting'>((resolve) => {
            bound = setTimeout(() => resolve('kept waiting'), 5_000);
          }),
        ]);
        clearTimeout(bound);
        return answer;
      };
      try {
        const payin = await unlessKept(
          t.api<{ id: string }>('POST', '/api/v1/payins', {
            amount: '100.00',
            currency: 'THB',
            order_id: `headroom-payin-${++order}`,
          }),
        );
        expect(payin !== 'kept waiting' && payin.status).toBe(201);
        // A pay-out row names its gateway by a foreign key (a key-share lock on the gateway's
        // row, which FOR NO KEY UPDATE lets through; FOR UPDATE would not).
        const payout = await unlessKept(
          t.as<{ id: string }>(MERCHANT, 'createPayout', {
            currency: 'THB',
            amount: '10.02',
            orderId: `headroom-held-${++order}`,
            bankName: 'Kasikorn',
            accountNumber: '5555-000-111',
            accountHolder: 'Somchai P.',
          }),
        );
        expect(payout !== 'kept waiting' && payout.status).toBe(200);
      } finally {
        letGo();
        await holding;
      }
    },
  );

  it('books stay clean', async () => {
    await t.expectCleanLedger();
  });
});
