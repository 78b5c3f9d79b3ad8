import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '@bo/contract';
import {
  ADMIN,
  ADMIN2,
  fundDemoMerchant,
  MERCHANT,
  MERCHANT2,
  REJECTION,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

let t: MoneyApp;
let payinId: string;
beforeAll(async () => {
  t = await startMoneyApp();
  // A 10000.03 THB pay-in of MER00001's: 9750.03 available after its fee.
  await fundDemoMerchant(t, 'refund-source');
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT id FROM payins WHERE order_id = 'refund-source'`,
  );
  payinId = rows[0]!.id;
  // Refunds under 300 THB go to the gateway at once; from 300 they wait for two admins.
  await t.setApprovalSettingsByTwo({ currency: 'THB', minAmount: '300.00' });
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Refund {
  id: string;
  status: string;
  amount: string;
  fee: string;
  payin_id: string;
}
interface Balances {
  balances: { currency: string; available: string; reserved: string }[];
}

async function available(email = MERCHANT) {
  const r = await t.as<Balances>(email, 'getReportBalanceForResellerMerchant', { currency: 'THB' });
  return r.data.balances.find((b) => b.currency === 'THB')!;
}

let reads = 0;
async function refundedOf(id = payinId) {
  // Each read is signed anew (a signature is accepted once).
  const r = await t.api<{ refunded_amount: string }>('GET', `/api/v1/payins/${id}?read=${reads++}`);
  return r.body.refunded_amount;
}

describe('refunds from the back office', () => {
  it('quotes a refund: what is left to refund, the fee, the balance after', async () => {
    const q = await t.as<Record<string, unknown>>(MERCHANT, 'quoteRefund', {
      payinId,
      amount: '100.03',
    });
    expect(q.status, q.message).toBe(200);
    expect(q.data).toMatchObject({
      currency: 'THB',
      amount: '100.03',
      refundable: '10000.03',
      fee: '0.00',
      total: '100.03',
      available: '9750.03',
      remaining: '9650.00',
      fee_returned: '0.00',
      enough: true,
      needs_approval: false,
    });
  });

  it('a merchant refunds part of a pay-in: reserved at once, posted when the gateway succeeds', async () => {
    const r = await t.as<Refund>(MERCHANT, 'requestRefund', {
      payinId,
      amount: '100.03',
      reason: 'damaged',
      requestKey: 'refund-part-1',
    });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ status: 'processing', amount: '100.03', payin_id: payinId });
    const replay = await t.as<Refund>(MERCHANT, 'requestRefund', {
      payinId,
      amount: '100.03',
      reason: 'damaged',
      requestKey: 'refund-part-1',
    });
    expect(replay.data.id).toBe(r.data.id);
    await t.sandbox.idle();
    const list = await t.as<{ rows: Refund[] }>(MERCHANT, 'getRefundList', { payinId });
    expect(list.data.rows.map((x) => [x.id, x.status])).toEqual([[r.data.id, 'succeeded']]);
    expect((await available()).available).toBe('9650.00');
    expect(await refundedOf()).toBe('100.03');
  });

  it('a refund the gateway fails gives the reservation back', async () => {
    const r = await t.as<Refund>(MERCHANT, 'requestRefund', { payinId, amount: '50.01' });
    expect(r.status, r.message).toBe(200);
    await t.sandbox.idle();
    const list = await t.as<{ rows: Refund[] }>(MERCHANT, 'getRefundList', { payinId });
    expect(list.data.rows.find((x) => x.id === r.data.id)?.status).toBe('failed');
    expect((await available()).available).toBe('9650.00');
    expect(await refundedOf()).toBe('100.03');
  });

  it('from the threshold, two different admins approve; never the creator, never a reseller', async () => {
    const r = await t.as<Refund>(MERCHANT, 'requestRefund', { payinId, amount: '500.03' });
    expect(r.status, r.message).toBe(200);
    expect(r.data.status).toBe('pending_approval');
    expect((await available()).reserved).toBe('500.03');
    expect((await t.as(RESELLER, 'approveRefund', { id: r.data.id })).status).toBe(403);
    expect((await t.as(MERCHANT, 'approveRefund', { id: r.data.id })).status).toBe(403);
    const queue = await t.as<{ rows: Refund[] }>(ADMIN2, 'getRefundList', { pendingOnly: '1' });
    expect(queue.data.rows.map((x) => x.id)).toContain(r.data.id);
    const first = await t.as<{ approvals: number }>(ADMIN, 'approveRefund', { id: r.data.id });
    expect(first.status, first.message).toBe(200);
    expect(first.data.approvals).toBe(1);
    expect((await t.as(ADMIN, 'approveRefund', { id: r.data.id })).status).toBe(409);
    const second = await t.as<{ status: string }>(ADMIN2, 'approveRefund', { id: r.data.id });
    expect(second.status, second.message).toBe(200);
    expect(second.data.status).toBe('processing');
    await t.sandbox.idle();
    expect(await refundedOf()).toBe('600.06');
    // An admin's own refund on a merchant's behalf is never approved by that admin.
    const own = await t.as<Refund>(ADMIN, 'requestRefund', {
      payinId,
      amount: '300.00',
      reason: 'Customer complaint #12',
    });
    expect(own.status, own.message).toBe(200);
    expect((await t.as(ADMIN, 'approveRefund', { id: own.data.id })).status).toBe(403);
    expect((await t.as(ADMIN, 'rejectRefund', { id: own.data.id, ...REJECTION })).status).toBe(200);
  });

  it('a rejected refund voids its reservation', async () => {
    const r = await t.as<Refund>(MERCHANT, 'requestRefund', { payinId, amount: '400.00' });
    expect(r.data.status).toBe('pending_approval');
    const before = await available();
    const rejected = await t.as(ADMIN, 'rejectRefund', { id: r.data.id, ...REJECTION });
    expect(rejected.status, rejected.message).toBe(200);
    const after = await available();
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(400, 2);
  });

  it('refuses what it must, with a clear answer, and creates nothing', async () => {
    const before = await t.count('refunds');
    const over = await t.as(MERCHANT, 'requestRefund', { payinId, amount: '99999.00' });
    expect(over.status).toBe(409);
    expect(over.message).toMatch(/can still be refunded/);
    // Told apart, so the refund form says it in the user's language.
    expect(over.data).toMatchObject({ reason: 'refund_over_refundable' });
    const otherMerchant = await t.as(MERCHANT2, 'requestRefund', { payinId, amount: '1.00' });
    expect(otherMerchant.status).toBe(404);
    const reseller = await t.as(RESELLER, 'requestRefund', { payinId, amount: '1.00' });
    expect(reseller.status).toBe(403);
    const adminNoReason = await t.as(ADMIN, 'requestRefund', { payinId, amount: '1.00' });
    expect(adminNoReason.status).toBe(400);
    expect(adminNoReason.message).toMatch(/reason/);
    // Named as the reason field's refusal (as a dispute's answer), shown beside it.
    expect(adminNoReason.data).toMatchObject({ field: { field: 'reason', kind: 'required' } });
    const badAmount = await t.as(MERCHANT, 'requestRefund', { payinId, amount: '1.005' });
    expect(badAmount.status).toBe(400);
    const notAnId = await t.as(MERCHANT, 'requestRefund', { payinId: 'nope', amount: '1.00' });
    expect(notAnId.status).toBe(400);
    expect(await t.count('refunds')).toBe(before);
  });
});

describe('refunds through the merchant API', () => {
  it('refunds by order id, answers the first answer on replay, and reads it back', async () => {
    const body = { order_id: 'refund-source', amount: '10.03', merchant_refund_id: 'R-1' };
    const created = await t.api<Refund>('POST', '/api/v1/refunds', body, {
      idempotencyKey: 'rf-1',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const replay = await t.api<Refund>('POST', '/api/v1/refunds', body, {
      idempotencyKey: 'rf-1',
      timestamp: Math.floor(Date.now() / 1000) + 1,
    });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(created.body.id);
    await t.sandbox.idle();
    const read = await t.api<Refund>('GET', `/api/v1/refunds/${created.body.id}`);
    expect(read.body).toMatchObject({ status: 'succeeded', amount: '10.03', payin_id: payinId });
    // What it cost is told as the reports count it: its fee, less the pay-in fee given back.
    const stored = await t.db.query<{ fee: bigint; fee_returned: bigint }>(
      'SELECT fee, fee_returned FROM refunds WHERE id = $1',
      [created.body.id],
    );
    expect(read.body).toMatchObject({
      fee: formatAmount(stored.rows[0]!.fee, 'THB'),
      fee_returned: formatAmount(stored.rows[0]!.fee_returned, 'THB'),
    });
    const again = await t.api('POST', '/api/v1/refunds', body, { idempotencyKey: 'rf-2' });
    expect(again.status).toBe(409);
  });

  it('refuses another merchant’s pay-in, over-refunds and bad input', async () => {
    const other = await t.db.query<{ id: string }>(
      `SELECT p.id FROM payins p JOIN accounts a ON a.id = p.merchant_account_id
        WHERE a.account_db_code <> 'MER00001' LIMIT 1`,
    );
    if (other.rows[0]) {
      const r = await t.api('POST', '/api/v1/refunds', {
        payin_id: other.rows[0].id,
        amount: '1.00',
      });
      expect(r.status).toBe(404);
    }
    const both = await t.api('POST', '/api/v1/refunds', {
      payin_id: payinId,
      order_id: 'refund-source',
      amount: '1.00',
    });
    expect(both.status).toBe(400);
    const over = await t.api<{ error: { code: string } }>('POST', '/api/v1/refunds', {
      payin_id: payinId,
      amount: '20000.00',
    });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('conflict');
    // A notify_url that cannot be a merchant's endpoint is refused when the request arrives,
    // as for pay-ins and pay-outs, and nothing is made.
    const refundsBefore = await t.count('refunds');
    for (const notifyUrl of ['http://127.0.0.1/hook', 'https://user:pw@example.com/hook']) {
      const bad = await t.api<{ error: { code: string; message: string } }>(
        'POST',
        '/api/v1/refunds',
        { payin_id: payinId, amount: '1.00', notify_url: notifyUrl },
      );
      expect(bad.status, notifyUrl).toBe(400);
      expect(bad.body.error.message, notifyUrl).toMatch(/^notify_url /);
    }
    expect(await t.count('refunds')).toBe(refundsBefore);
    const unknown = await t.api('GET', '/api/v1/refunds/00000000-0000-0000-0000-000000000001');
    expect(unknown.status).toBe(404);
  });

  it('lists refunds and pay-ins newest first, a page at a time', async () => {
    const first = await t.api<{ data: Refund[]; has_more: boolean }>(
      'GET',
      '/api/v1/refunds?limit=2',
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.has_more).toBe(true);
    const next = await t.api<{ data: Refund[] }>(
      'GET',
      `/api/v1/refunds?limit=100&starting_after=${first.body.data[1]!.id}`,
    );
    const ids = [...first.body.data, ...next.body.data].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const succeeded = await t.api<{ data: Refund[] }>('GET', '/api/v1/refunds?status=succeeded');
    expect(succeeded.body.data.every((r) => r.status === 'succeeded')).toBe(true);
    const payins = await t.api<{ data: { id: string }[] }>('GET', '/api/v1/payins?limit=1');
    expect(payins.body.data).toHaveLength(1);
    const bad = await t.api('GET', '/api/v1/refunds?limit=500');
    expect(bad.status).toBe(400);
  });
});

describe('concurrency', () => {
  it('20 concurrent partial refunds of one pay-in leave exactly the allowed ones', async () => {
    const p = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      amount: '100.03',
      currency: 'THB',
      order_id: 'refund-race',
    });
    await t.sandbox.idle();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.api(
          'POST',
          '/api/v1/refunds',
          // Ending in 02 the sandbox never answers: no refund fails meanwhile and frees room.
          { payin_id: p.body.id, amount: '10.02' },
          {
            idempotencyKey: `race-${i}`,
          },
        ),
      ),
    );
    const codes = answers.map((a) => a.status).sort();
    // Nine of 10.02 fit in 100.03; a tenth would pass it.
    expect(codes.filter((c) => c === 201)).toHaveLength(9);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    const { rows } = await t.db.query<{ total: bigint }>(
      `SELECT sum(amount)::bigint AS total FROM refunds WHERE payin_id = $1`,
      [p.body.id],
    );
    expect(rows[0]!.total).toBe(9018n);
    await t.sandbox.idle();
  });
});
