import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '@bo/contract';
import { accountKey, findLedgerBalance, type Purpose } from '../../src/ledger/ledger-accounts';
import { sweepOverdueDisputes } from '../../src/modules/disputes/dispute-deadline';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { encodeMultipart } from '../support/test-app';
import {
  ADMIN,
  fundedPayin,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

let t: MoneyApp;
let merchantId: string;
/** Pay-ins of MER00001's, 10000.03 THB each (9750.03 available after the fee). */
const payins: Record<string, string> = {};

beforeAll(async () => {
  t = await startMoneyApp();
  merchantId = await t.accountId('MER00001');
  for (const order of ['dispute-a', 'dispute-b', 'dispute-c', 'dispute-d']) {
    payins[order] = await fundedPayin(t, order);
  }
  // The merchant's notifications need somewhere to go (none is sent: no background jobs).
  await t.db.query(`UPDATE payins SET notify_url = 'https://merchant.test/notify'`);
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface Dispute {
  id: string;
  status: string;
  amount: string;
  fee: string;
  returned_fee: string;
  payin_id: string;
  reason_code: string;
  respond_by: string;
  evidence_product_description: string;
  evidence_customer_communication: string;
  evidence_service_proof: string;
  evidence_submitted_at: string | null;
}

/** The merchant's THB balance of one ledger purpose, in minor units. */
const balance = (purpose: Purpose) =>
  findLedgerBalance(t.db, accountKey(merchantId, 'THB', purpose));

/** The three balances a dispute moves, in minor units. */
const balances = async () => ({
  available: await balance('available'),
  disputed: await balance('disputed'),
  shortfall: await balance('dispute_shortfall'),
});

async function simulate(payin: string, fields: Record<string, string> = {}) {
  const r = await t.as<Dispute>(ADMIN, 'simulateDispute', {
    payinId: payins[payin]!,
    reasonCode: 'fraudulent',
    ...fields,
  });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

async function statusOf(id: string) {
  const { rows } = await t.db.query<{ status: string }>(
    'SELECT status FROM disputes WHERE id = $1',
    [id],
  );
  return rows[0]?.status;
}

/** The journal kinds written for a dispute, oldest first. */
async function journalsOf(id: string) {
  const { rows } = await t.db.query<{ kind: string }>(
    'SELECT kind FROM journal WHERE ref_id = $1 ORDER BY created_at, kind',
    [id],
  );
  return rows.map((r) => r.kind);
}

describe('a dispute opened by the sandbox', () => {
  it('only an admin simulates one, on a successful pay-in, within what is disputable', async () => {
    const fields = { payinId: payins['dispute-a']!, reasonCode: 'fraudulent' };
    expect((await t.as(MERCHANT, 'simulateDispute', fields)).status).toBe(403);
    expect((await t.as(RESELLER, 'simulateDispute', fields)).status).toBe(403);
    const bad = await t.as(ADMIN, 'simulateDispute', { ...fields, reasonCode: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.message).toContain('reasonCode');
    const tooMuch = await t.as(ADMIN, 'simulateDispute', { ...fields, amount: '10000.04' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.message).toContain('can still be disputed');
    const badAmount = await t.as(ADMIN, 'simulateDispute', { ...fields, amount: '1.001' });
    expect(badAmount.status).toBe(400);
    // A pay-in still waiting for its payer cannot be disputed.
    const waiting = await t.api<{ id: string }>('POST', '/api/v1/payins', {
      amount: '500.05',
      currency: 'THB',
      order_id: 'dispute-waiting',
    });
    expect(waiting.status).toBe(201);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM payins WHERE order_id = 'dispute-waiting'`,
    );
    const notYet = await t.as(ADMIN, 'simulateDispute', { ...fields, payinId: rows[0]!.id });
    expect(notYet.status).toBe(409);
    expect(notYet.message).toContain('Only a successful pay-in');
    const unknown = await t.as(ADMIN, 'simulateDispute', {
      ...fields,
      payinId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(await t.count('disputes')).toBe(0);
  });

  it('holds amount + fee from the available balance at once, and tells the merchant', async () => {
    const before = await balances();
    const d = await simulate('dispute-a', { amount: '1000.00' });
    expect(d).toMatchObject({ status: 'opened', amount: '1000.00', fee: '10.00' });
    const after = await balances();
    expect(before.available - after.available).toBe(101_000n);
    expect(after.disputed - before.disputed).toBe(101_000n);
    expect(after.shortfall).toBe(before.shortfall);
    expect(await journalsOf(d.id)).toEqual(['dispute.hold']);
    const { rows } = await t.db.query<{ event: string }>(
      `SELECT event FROM merchant_notifications WHERE ref_id = $1`,
      [d.id],
    );
    expect(rows.map((r) => r.event)).toEqual(['dispute.opened']);
    const { rows: logs } = await t.db.query<{ action: string }>(
      `SELECT action FROM admin_logs WHERE target_id = $1`,
      [d.id],
    );
    expect(logs.map((l) => l.action)).toEqual(['dispute.simulate']);
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });
});

describe('who sees and answers a dispute', () => {
  let d: Dispute;
  beforeAll(async () => {
    d = await simulate('dispute-b', { amount: '100.00', reasonCode: 'general' });
  });

  it('the merchant and its reseller list it; another merchant or reseller does not', async () => {
    const ids = async (email: string) =>
      (await t.as<{ rows: Dispute[] }>(email, 'getDisputeList', {})).data.rows.map((r) => r.id);
    expect(await ids(MERCHANT)).toContain(d.id);
    expect(await ids(RESELLER)).toContain(d.id);
    expect(await ids(ADMIN)).toContain(d.id);
    expect(await ids(MERCHANT2)).not.toContain(d.id);
    expect(await ids(RESELLER2)).not.toContain(d.id);
    const opened = await t.as<{ rows: Dispute[] }>(MERCHANT, 'getDisputeList', {
      status: 'opened',
      payinId: payins['dispute-b']!,
    });
    expect(opened.data.rows.map((r) => r.id)).toEqual([d.id]);
  });

  it('its detail is found in scope only, and the pay-in’s timeline shows it', async () => {
    const detail = await t.as<{ row: Dispute }>(MERCHANT, 'getMoneyDetail', {
      kind: 'dispute',
      id: d.id,
    });
    expect(detail.status, detail.message).toBe(200);
    expect(detail.data.row.id).toBe(d.id);
    const other = await t.as(MERCHANT2, 'getMoneyDetail', { kind: 'dispute', id: d.id });
    expect(other.status).toBe(404);
    const payin = await t.as<{ timeline: { subject?: { id: string } | null }[] }>(
      MERCHANT,
      'getMoneyDetail',
      { kind: 'payin', id: payins['dispute-b']! },
    );
    expect(payin.status, payin.message).toBe(200);
    expect(payin.data.timeline.some((e) => e.subject?.id === d.id)).toBe(true);
  });

  it('another merchant’s answer is not found; a reseller may only look', async () => {
    expect((await t.as(MERCHANT2, 'acceptDispute', { id: d.id })).status).toBe(404);
    expect((await t.as(MERCHANT2, 'saveDisputeEvidence', { id: d.id, note: 'mine' })).status).toBe(
      404,
    );
    expect((await t.as(RESELLER, 'acceptDispute', { id: d.id })).status).toBe(403);
    const admin = await t.as(ADMIN, 'acceptDispute', { id: d.id });
    expect(admin.status).toBe(400);
    expect(admin.message).toContain('reason');
    expect(await statusOf(d.id)).toBe('opened');
  });

  it('accepted: the gateway rules it lost and the hold is posted to the gateway', async () => {
    const before = await balances();
    const r = await t.as<{ status: string }>(MERCHANT, 'acceptDispute', { id: d.id });
    expect(r.status, r.message).toBe(200);
    expect(r.data.status).toBe('accepted');
    await t.sandbox.idle();
    expect(await statusOf(d.id)).toBe('lost');
    const after = await balances();
    expect(after.available).toBe(before.available);
    expect(before.disputed - after.disputed).toBe(10_100n);
    expect(await journalsOf(d.id)).toEqual(['dispute.hold', 'dispute.lose']);
    // A lost dispute cannot be answered any more.
    expect((await t.as(MERCHANT, 'acceptDispute', { id: d.id })).status).toBe(409);
    const late = await t.as(MERCHANT, 'saveDisputeEvidence', { id: d.id, note: 'x' });
    expect(late.status).toBe(409);
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });
});

describe('evidence', () => {
  it('a draft is saved and edited, then submitted once; a win gives the hold back with its fee', async () => {
    const d = await simulate('dispute-c', { amount: '2000.00' });
    const draft = await t.as<Dispute>(MERCHANT, 'saveDisputeEvidence', {
      id: d.id,
      productDescription: 'A blue kettle',
      serviceProof: 'Tracking TH123',
    });
    expect(draft.status, draft.message).toBe(200);
    expect(draft.data.status).toBe('opened');
    expect(draft.data).toMatchObject({
      evidence_product_description: 'A blue kettle',
      evidence_service_proof: 'Tracking TH123',
      evidence_submitted_at: null,
    });
    const edited = await t.as<Dispute>(MERCHANT, 'saveDisputeEvidence', {
      id: d.id,
      customerCommunication: 'The payer confirmed delivery by mail',
    });
    expect(edited.data).toMatchObject({
      evidence_product_description: 'A blue kettle',
      evidence_customer_communication: 'The payer confirmed delivery by mail',
    });
    // A field sent empty clears the draft's; one left out keeps it.
    await t.as(MERCHANT, 'saveDisputeEvidence', { id: d.id, note: 'to be removed' });
    const cleared = await t.as<Dispute>(MERCHANT, 'saveDisputeEvidence', { id: d.id, note: '' });
    expect(cleared.data).toMatchObject({
      evidence_note: '',
      evidence_service_proof: 'Tracking TH123',
    });
    const before = await balances();
    const sent = await t.as<Dispute>(MERCHANT, 'saveDisputeEvidence', { id: d.id, submit: '1' });
    expect(sent.status, sent.message).toBe(200);
    expect(sent.data.status).toBe('evidence_submitted');
    expect(sent.data.evidence_submitted_at).not.toBeNull();
    const again = await t.as(MERCHANT, 'saveDisputeEvidence', { id: d.id, note: 'more' });
    expect(again.status).toBe(409);
    // Submitted evidence is final: the dispute can no longer be accepted either.
    expect((await t.as(MERCHANT, 'acceptDispute', { id: d.id })).status).toBe(409);
    await t.sandbox.idle();
    expect(await statusOf(d.id)).toBe('won');
    const after = await balances();
    // Fraudulent, with service proof and the customer's words: won, the fee given back.
    expect(after.available - before.available).toBe(202_000n);
    expect(before.disputed - after.disputed).toBe(202_000n);
    const row = await t.as<{ rows: Dispute[] }>(MERCHANT, 'getDisputeList', {
      payinId: payins['dispute-c']!,
    });
    expect(row.data.rows[0]).toMatchObject({ status: 'won', returned_fee: '20.00' });
    const { rows } = await t.db.query<{ event: string }>(
      `SELECT event FROM merchant_notifications WHERE ref_id = $1 ORDER BY created_at`,
      [d.id],
    );
    expect(rows.map((r) => r.event)).toEqual([
      'dispute.opened',
      'dispute.updated',
      'dispute.closed',
    ]);
    expect(await journalsOf(d.id)).toEqual(['dispute.hold', 'dispute.release']);
  });

  it('a duplicate or late ruling changes nothing', async () => {
    const { rows } = await t.db.query<{ id: string; reference: string; code: string }>(
      `SELECT d.id, d.gateway_reference AS reference, g.payment_gateway_code AS code
         FROM disputes d JOIN payment_gateways g ON g.id = d.gateway_id
        WHERE d.status = 'won' LIMIT 1`,
    );
    const won = rows[0]!;
    const before = await balances();
    const ref = {
      reference: won.reference,
      gateway_code: won.code,
      kind: 'dispute' as const,
      merchant_ref: won.id,
    };
    await t.sandbox.sendCallback(ref, 'success', 2, { fee_returned: true });
    await t.sandbox.sendCallback(ref, 'failed', 1);
    expect(await statusOf(won.id)).toBe('won');
    expect(await balances()).toEqual(before);
  });

  it('submitting needs some evidence; without a service proof the sandbox rules it lost', async () => {
    const d = await simulate('dispute-d', { amount: '300.00', reasonCode: 'product_not_received' });
    const empty = await t.as(MERCHANT, 'saveDisputeEvidence', { id: d.id, submit: '1' });
    expect(empty.status).toBe(400);
    expect(empty.message).toContain('evidence');
    expect(await statusOf(d.id)).toBe('opened');
    const admin = await t.as(ADMIN, 'saveDisputeEvidence', {
      id: d.id,
      note: 'Sent on the merchant’s behalf',
      submit: '1',
    });
    expect(admin.status).toBe(400);
    // Named as the reason field's refusal, shown beside it.
    expect(admin.data).toMatchObject({ field: { field: 'reason', kind: 'required' } });
    const r = await t.as(ADMIN, 'saveDisputeEvidence', {
      id: d.id,
      note: 'Sent on the merchant’s behalf',
      submit: '1',
      reason: 'Merchant asked by phone',
    });
    expect(r.status, r.message).toBe(200);
    await t.sandbox.idle();
    expect(await statusOf(d.id)).toBe('lost');
  });

  it('a win for reason `general` keeps the fee at the gateway', async () => {
    const d = await simulate('dispute-d', { amount: '100.00', reasonCode: 'general' });
    const before = await balances();
    const r = await t.as(MERCHANT, 'saveDisputeEvidence', {
      id: d.id,
      serviceProof: 'Signed delivery note',
      submit: '1',
    });
    expect(r.status, r.message).toBe(200);
    await t.sandbox.idle();
    expect(await statusOf(d.id)).toBe('won');
    const after = await balances();
    expect(after.available - before.available).toBe(10_000n);
    expect(before.disputed - after.disputed).toBe(10_100n);
  });
});

describe('the deadline and the money limits', () => {
  it('the sweep loses a dispute left unanswered past its deadline; an answer after it is refused', async () => {
    const d = await simulate('dispute-a', { amount: '50.00', respondInHours: '1' });
    expect(await sweepOverdueDisputes(t.db)).toBe(0);
    const late = new Date(Date.now() + 2 * 3_600_000);
    expect(await sweepOverdueDisputes(t.db, late)).toBe(1);
    expect(await statusOf(d.id)).toBe('lost');
    expect(await journalsOf(d.id)).toEqual(['dispute.hold', 'dispute.lose']);
    const e = await simulate('dispute-a', { amount: '50.00', respondInHours: '1' });
    await t.db.query(`UPDATE disputes SET respond_by = now() - interval '1 minute' WHERE id = $1`, [
      e.id,
    ]);
    const answer = await t.as(MERCHANT, 'saveDisputeEvidence', { id: e.id, note: 'late' });
    expect(answer.status).toBe(409);
    expect(answer.message).toContain('deadline');
    expect(await sweepOverdueDisputes(t.db)).toBe(1);
  });

  it('refunds and disputes of one pay-in never exceed it', async () => {
    // dispute-d: 300.00 lost, 100.00 won; disputing the rest leaves nothing to refund.
    const d = await simulate('dispute-d');
    expect(d.amount).toBe('9700.03');
    const refund = await t.as(MERCHANT, 'requestRefund', {
      payinId: payins['dispute-d']!,
      amount: '0.05',
    });
    expect(refund.status).toBe(409);
    expect(
      (
        await t.as(ADMIN, 'simulateDispute', {
          payinId: payins['dispute-d']!,
          reasonCode: 'general',
        })
      ).status,
    ).toBe(409);
  });

  it('a dispute larger than the available balance is never refused: the rest is a shortfall', async () => {
    // The rest of dispute-a and dispute-c held, what is available is less than dispute-b's rest.
    await simulate('dispute-a');
    await simulate('dispute-c');
    const before = await balances();
    // dispute-b: 100.00 lost, the rest (9900.03 + 99.00 fee) is more than what is available.
    const d = await simulate('dispute-b');
    const due = 990_003n + 9_900n;
    expect(before.available).toBeLessThan(due);
    const after = await balances();
    expect(after.available).toBe(0n);
    expect(after.shortfall - before.shortfall).toBe(-(due - before.available));
    const { rows } = await t.db.query<{ shortfall: bigint }>(
      'SELECT shortfall FROM disputes WHERE id = $1',
      [d.id],
    );
    expect(rows[0]!.shortfall).toBe(due - before.available);
    // The merchant's dashboard shows it: nothing available, and what the dispute left owed.
    const card = async () => {
      const board = await t.as<{
        currency_report: { balance: string; dispute_owed: string }[];
      }>(MERCHANT, 'getReportDashboardV3', { currency: 'THB' });
      expect(board.status, board.message).toBe(200);
      return board.data.currency_report[0]!;
    };
    expect(await card()).toMatchObject({
      balance: '0.00',
      dispute_owed: formatAmount(-after.shortfall, 'THB'),
    });
    // Won (fee back): the shortfall is repaid first, the rest comes back to available.
    const r = await t.as(MERCHANT, 'saveDisputeEvidence', {
      id: d.id,
      serviceProof: 'Tracking TH999',
      customerCommunication: 'Confirmed',
      submit: '1',
    });
    expect(r.status, r.message).toBe(200);
    await t.sandbox.idle();
    expect(await statusOf(d.id)).toBe('won');
    expect(await balances()).toEqual(before);
    expect((await card()).dispute_owed).toBe(formatAmount(-before.shortfall, 'THB'));
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });
});

describe('the dispute list kit', () => {
  it('exports the rows it lists and totals them, in the merchant’s scope', async () => {
    const list = await t.as<{ rows: Dispute[]; total: number }>(MERCHANT, 'getDisputeList', {
      pageSize: '100',
    });
    expect(list.status, list.message).toBe(200);
    const session = await t.signIn(MERCHANT);
    const { body, contentType } = await encodeMultipart({
      ...session,
      call: 'getDisputeList',
      format: 'csv',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/exportList',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    // The header is the first line, after the byte-order mark (issue 40).
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((l) => l !== '');
    const heading = lines.findIndex((l) => l.startsWith('"id"') || l.startsWith('id,'));
    expect(heading).toBe(0);
    expect(lines[heading]).toContain('evidence_note');
    expect(lines.length - heading - 1).toBe(list.data.total);
    const totals = await t.as<{ totals: { currency: string; count: number; amount: string }[] }>(
      MERCHANT,
      'getListTotals',
      { call: 'getDisputeList' },
    );
    expect(totals.status, totals.message).toBe(200);
    const sum = list.data.rows.reduce((a, r) => a + BigInt(r.amount.replace(/[.,]/g, '')), 0n);
    expect(totals.data.totals).toHaveLength(1);
    expect(totals.data.totals[0]!.count).toBe(list.data.total);
    expect(BigInt(totals.data.totals[0]!.amount.replace(/[.,]/g, ''))).toBe(sum);
    const other = await t.as<{ totals: unknown[] }>(MERCHANT2, 'getListTotals', {
      call: 'getDisputeList',
    });
    expect(other.data.totals).toEqual([]);
  });
});

describe('ledger:check of disputes', () => {
  /** The drift `findLedgerDrift` finds after `tamper`, rolled back afterwards. */
  async function driftAfter(tamper: string, params: unknown[] = []) {
    let found: string[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.query(tamper, params);
        found = await findLedgerDrift(tx);
        throw new Error('roll back');
      })
      .catch((e: Error) => {
        if (e.message !== 'roll back') throw e;
      });
    return found;
  }

  it('finds a hold no open dispute explains, and refunds plus losses above a pay-in', async () => {
    expect(await findLedgerDrift(t.db)).toEqual([]);
    const held = await driftAfter(
      `UPDATE disputes SET status = 'won' WHERE id = (SELECT id FROM disputes WHERE status = 'opened' LIMIT 1)`,
    );
    expect(held.some((d) => d.startsWith('dispute holds differ from open disputes'))).toBe(true);
    const over = await driftAfter(
      `UPDATE payins SET refunded_amount = amount
        WHERE id = (SELECT payin_id FROM disputes WHERE status = 'lost' LIMIT 1)`,
    );
    expect(
      over.some((d) => d.startsWith('refunded and lost to disputes more than the pay-in')),
    ).toBe(true);
    // The shortfall test above won a dispute that took more than the available balance: as
    // lost, its shortfall would still be owed, which the shortfall account does not show.
    const owed = await driftAfter(
      `UPDATE disputes SET status = 'lost'
        WHERE id = (SELECT id FROM disputes WHERE shortfall > 0 AND status = 'won' LIMIT 1)`,
    );
    expect(
      owed.some((d) => d.startsWith('dispute shortfalls differ from what the merchants owe')),
    ).toBe(true);
  });
});

describe('disputes of one pay-in at once', () => {
  it('are judged one after another under the pay-in’s lock: never more than it', async () => {
    const payinId = await fundedPayin(t, 'dispute-e');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.as(ADMIN, 'simulateDispute', { payinId, amount: '3000.00', reasonCode: 'general' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409]);
    const { rows: held } = await t.db.query<{ total: bigint }>(
      'SELECT sum(amount)::bigint AS total FROM disputes WHERE payin_id = $1',
      [payinId],
    );
    expect(held[0]!.total).toBe(900_000n);
    expect(await findLedgerDrift(t.db)).toEqual([]);
  });
});
