import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyDetail } from '@bo/contract';
import { createPayouts } from '../../src/modules/payouts/payouts.service';
import { sweepExpiredRequests } from '../../src/modules/request-expiry/request-expiry';
import {
  ADMIN,
  MERCHANT,
  REJECTION,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';

/**
 * Issue 25: a refused pay-out is `rejected`, its own outcome (lists, filters, detail, reports,
 * the merchant's notification with its reason), voided exactly as a failure is; only a success
 * has a completion time (in the lists and the merchant API alike); the timeline reads in the order things happened; the dashboard's
 * pending pay-outs are the pending queue's.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp({ NOTIFY_ALLOW_LOCAL: '1' });
  // Where the merchant's notifications go (nothing answers there; they are only queued here).
  expect(
    (await t.as(MERCHANT, 'setMerchantNotifyUrl', { notifyUrl: 'http://127.0.0.1:9/hook' })).status,
  ).toBe(200);
  await topUpDemoMerchant(t, '5000.00');
}, 180_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Row {
  id: string;
  status: string;
  completed_at: string | null;
  decision_reason_code: string | null;
  decision_note: string | null;
}

const request = (orderId: string, amount: string) =>
  t.as<Row>(MERCHANT, 'createPayout', {
    currency: 'THB',
    amount,
    orderId,
    bankName: 'Kasikorn',
    accountNumber: '123-4-56789-0',
    accountHolder: 'Somchai P.',
  });

/**
 * The pay-out as its list shows it (the detail shows the same row, and the merchant API the
 * same status and completion time).
 */
async function rowOf(id: string): Promise<Row> {
  const listed = (await t.as<{ rows: Row[] }>(ADMIN, 'getPayoutList', { search: id })).data.rows;
  const detail = await t.as<MoneyDetail>(ADMIN, 'getMoneyDetail', { kind: 'payout', id });
  expect(detail.data.row).toEqual(listed[0]);
  const api = await t.api<Pick<Row, 'status' | 'completed_at'>>('GET', `/api/v1/payouts/${id}`);
  expect(api).toMatchObject({
    status: 200,
    body: { status: listed[0]!.status, completed_at: listed[0]!.completed_at },
  });
  return listed[0]!;
}

const detailOf = async (id: string) =>
  (await t.as<MoneyDetail>(ADMIN, 'getMoneyDetail', { kind: 'payout', id })).data;

async function payoutBalance() {
  const r = await t.as<{ balances: { currency: string; payout_available: string }[] }>(
    MERCHANT,
    'getReportBalanceForResellerMerchant',
    { currency: 'THB' },
  );
  return r.data.balances.find((b) => b.currency === 'THB')?.payout_available;
}

async function notificationOf(id: string) {
  const { rows } = await t.db.query<{ payload: Record<string, unknown>; event: string }>(
    'SELECT payload, event FROM merchant_notifications WHERE ref_id = $1',
    [id],
  );
  return rows;
}

/** The journal kinds of a pay-out, in order. */
async function journalKindsOf(id: string) {
  const { rows } = await t.db.query<{ kind: string }>(
    'SELECT kind FROM journal WHERE ref_id = $1 ORDER BY created_at, kind',
    [id],
  );
  return rows.map((r) => r.kind);
}

describe('a rejected pay-out', () => {
  it('an admin’s rejection is `rejected`, voided as a failure is, and told with its reason', async () => {
    const before = await payoutBalance();
    const p = await request('rej-1', '50.00');
    expect(await payoutBalance()).not.toBe(before);
    const decided = await t.as(ADMIN, 'rejectPayout', {
      id: p.data.id,
      reasonCode: 'beneficiary_mismatch',
      note: 'Name differs from the bank',
    });
    expect(decided).toMatchObject({ status: 200, data: { status: 'rejected' } });
    // The money comes back exactly as a failure's does.
    expect(await payoutBalance()).toBe(before);
    expect(await journalKindsOf(p.data.id)).toEqual(
      await (async () => {
        const failing = await request('rej-1-fail', '20.01');
        await t.approveByTwo('approvePayout', failing.data.id);
        await t.sandbox.idle();
        expect((await rowOf(failing.data.id)).status).toBe('failed');
        return journalKindsOf(failing.data.id);
      })(),
    );
    expect(await rowOf(p.data.id)).toMatchObject({
      status: 'rejected',
      completed_at: null,
      decision_reason_code: 'beneficiary_mismatch',
    });
    expect(await notificationOf(p.data.id)).toEqual([
      {
        event: 'payout.rejected',
        payload: expect.objectContaining({
          status: 'rejected',
          reason_code: 'beneficiary_mismatch',
          reason: 'Name differs from the bank',
        }) as unknown,
      },
    ]);
    // The list filters by it; the tabs count it apart from the failures.
    const rejected = await t.as<{ rows: Row[]; status_counts: Record<string, number> }>(
      ADMIN,
      'getPayoutList',
      { status: 'rejected' },
    );
    expect(rejected.data.rows.map((r) => r.id)).toEqual([p.data.id]);
    expect(rejected.data.status_counts).toMatchObject({ rejected: 1, failed: 1 });
    expect((await t.as(ADMIN, 'approvePayout', { id: p.data.id })).status).toBe(409);
  });

  it('a gateway refusing it at hand-over rejects it with the gateway’s words', async () => {
    const before = await payoutBalance();
    // The sandbox refuses pay-outs whose minor units end in 4.
    const p = await request('rej-gw', '30.04');
    await t.approveByTwo('approvePayout', p.data.id);
    await t.sandbox.idle();
    expect(await payoutBalance()).toBe(before);
    expect(await rowOf(p.data.id)).toMatchObject({
      status: 'rejected',
      completed_at: null,
      decision_reason_code: 'gateway_rejected',
      decision_note: 'The beneficiary bank does not accept this transfer',
    });
    expect((await notificationOf(p.data.id))[0]?.payload).toMatchObject({
      status: 'rejected',
      reason_code: 'gateway_rejected',
      reason: 'The beneficiary bank does not accept this transfer',
    });
  });

  it('one left undecided expires as `rejected`, reason `expired`', async () => {
    const p = await request('rej-exp', '10.00');
    await sweepExpiredRequests(t.db, new Date(Date.now() + 100 * 3_600_000));
    expect(await rowOf(p.data.id)).toMatchObject({
      status: 'rejected',
      decision_reason_code: 'expired',
    });
    expect((await notificationOf(p.data.id))[0]?.payload).toMatchObject({
      status: 'rejected',
      reason_code: 'expired',
      reason: 'Not decided within 72 hours',
    });
  });

  it('a failure and a success carry no reason; only a success has a completion time', async () => {
    const ok = await request('rej-ok', '40.03');
    await t.approveByTwo('approvePayout', ok.data.id);
    await t.sandbox.idle();
    const done = await rowOf(ok.data.id);
    expect(done.status).toBe('success');
    expect(done.completed_at).not.toBeNull();
    expect((await notificationOf(ok.data.id))[0]?.payload).toMatchObject({
      status: 'success',
      reason_code: null,
      reason: null,
    });
    const failed = (await t.as<{ rows: Row[] }>(ADMIN, 'getPayoutList', { status: 'failed' })).data
      .rows;
    expect(failed.length).toBeGreaterThan(0);
    for (const row of failed) expect(row.completed_at).toBeNull();
  });
});

describe('the timeline', () => {
  /** The last status change and the journal that followed it. */
  const endOf = (timeline: MoneyDetail['timeline']) => ({
    change: timeline.filter((e) => e.event === 'status_change').at(-1),
    journal: timeline.filter((e) => e.event === 'journal').at(-1),
  });

  it('reads in the order things happened, each journal at the step that made it', async () => {
    const rejected = await request('tl-1', '60.00');
    await t.as(ADMIN, 'rejectPayout', { id: rejected.data.id, ...REJECTION });
    const paid = await request('tl-2', '70.03');
    await t.approveByTwo('approvePayout', paid.data.id);
    await t.sandbox.idle();
    const expired = await request('tl-3', '80.00');
    // The sweep runs "later"; the rejection happens when it is decided, not at that hour.
    await sweepExpiredRequests(t.db, new Date(Date.now() + 100 * 3_600_000));
    for (const id of [rejected.data.id, paid.data.id, expired.data.id]) {
      const { timeline } = await detailOf(id);
      const times = timeline.map((e) => e.at);
      expect(times).toEqual([...times].sort());
      expect(timeline[0]).toMatchObject({ event: 'created', to_status: 'pending_approval' });
      const { change, journal } = endOf(timeline);
      expect(journal?.at).toBe(change?.at);
      expect(timeline.at(-1)).toBe(journal);
      expect(Date.parse(change!.at)).toBeLessThan(Date.now() + 60_000);
    }
    expect(endOf((await detailOf(rejected.data.id)).timeline).change).toMatchObject({
      from_status: 'pending_approval',
      to_status: 'rejected',
    });
    expect(endOf((await detailOf(expired.data.id)).timeline).change).toMatchObject({
      from_status: 'pending_approval',
      to_status: 'rejected',
      actor: 'system',
    });
  });
});

describe('the timeline of a pay-out made without a creation log', () => {
  it('starts in the status its first change left, not in the API’s', async () => {
    // Made by the server (as the demo's queue is): no admin log says how it started.
    const merchantId = await t.accountId('MER00001');
    const [made] = await t.db.transaction(async (tx) =>
      createPayouts(tx, [
        {
          merchantId,
          orderId: 'tl-server',
          currency: 'THB',
          amount: 9_00n,
          bankName: 'Kasikorn',
          accountNumber: '1',
          accountHolder: 'A',
          inHouse: false,
          createdAt: new Date(),
          status: 'pending_approval',
        },
      ]),
    );
    await t.as(ADMIN, 'rejectPayout', { id: made!.id, ...REJECTION });
    const steps = (await detailOf(made!.id)).timeline.filter((e) => e.to_status !== null);
    expect(steps.map((e) => [e.from_status, e.to_status])).toEqual([
      [null, 'pending_approval'],
      ['pending_approval', 'rejected'],
    ]);
  });
});

describe('pending pay-outs', () => {
  it('the dashboard counts exactly what the pending queue lists', async () => {
    // An approved in-house pay-out waits for the team in processing: not in the pending queue.
    const inHouse = await t.as<Row>(MERCHANT, 'createPayout', {
      currency: 'THB',
      amount: '12.00',
      orderId: 'pend-in-house',
      bankName: 'Kasikorn',
      accountNumber: '1',
      accountHolder: 'A',
      inHouse: '1',
    });
    await t.approveByTwo('approvePayout', inHouse.data.id);
    await request('pend-1', '13.00');
    await request('pend-2', '14.00');
    const queue = await t.as<{ total: number; status_counts: Record<string, number> }>(
      ADMIN,
      'getPayoutList',
      { pendingOnly: '1' },
    );
    expect(queue.data.total).toBe(2);
    const dashboard = await t.as<{ pending_list: { payout: number } }>(
      ADMIN,
      'getAdminDashboardV2',
      { currency: 'THB' },
    );
    expect(dashboard.data.pending_list.payout).toBe(queue.data.total);
  });
});
