import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../src/core/signature';
import { deliverDueNotifications } from '../../src/modules/merchant-notifications/notifier';
import {
  ADMIN,
  fundDemoMerchant,
  MERCHANT,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';
import { startNotifyReceiver, type NotifyReceiver } from './support/notify-receiver';

let t: MoneyApp;
let receiver: NotifyReceiver;
/** Pay-ins of MER00001's (the demo API key's), 10000.03 THB each. */
const payins: Record<string, string> = {};
/** An API key of another merchant (MER00002). */
const OTHER = { keyId: 'other-merchant-key', secret: 'other-merchant-secret' };

beforeAll(async () => {
  // The notification receiver is local (http on 127.0.0.1).
  t = await startMoneyApp({ NOTIFY_ALLOW_LOCAL: '1' });
  receiver = await startNotifyReceiver('/hooks/disputes');
  for (const order of ['api-dispute-a', 'api-dispute-b', 'api-dispute-c']) {
    await fundDemoMerchant(t, order);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM payins WHERE order_id = $1', [
      order,
    ]);
    payins[order] = rows[0]!.id;
  }
  await t.db.query(`UPDATE payins SET notify_url = $1 WHERE order_id LIKE 'api-dispute-%'`, [
    receiver.url,
  ]);
  await t.db.query(
    `INSERT INTO merchant_api_keys (key_id, merchant_account_id, secret) VALUES ($1, $2, $3)`,
    [OTHER.keyId, await t.accountId('MER00002'), OTHER.secret],
  );
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
  await receiver.close();
});

interface ApiDispute {
  id: string;
  payin_id: string;
  status: string;
  reason_code: string;
  amount: string;
  fee: string;
  currency: string;
  respond_by: string;
  returned_fee: string;
  evidence: {
    product_description: string;
    customer_communication: string;
    service_proof: string;
    note: string;
    submitted_at: string | null;
  };
  completed_at: string | null;
}
interface Page {
  data: ApiDispute[];
  has_more: boolean;
}
interface Failure {
  error: { code: string; message: string };
}

async function simulate(payin: string, fields: Record<string, string> = {}) {
  const r = await t.as<{ id: string }>(ADMIN, 'simulateDispute', {
    payinId: payins[payin]!,
    reasonCode: 'fraudulent',
    amount: '100.00',
    ...fields,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

let reads = 0;
/**
 * A signed GET, with an Idempotency-Key of its own so its signature is new (a signature is
 * accepted once, and a list's query takes no extra parameter).
 */
const get = <T>(path: string, options: Parameters<MoneyApp['api']>[3] = {}) =>
  t.api<T>('GET', path, undefined, { idempotencyKey: `read-${reads++}`, ...options });

const evidence = (id: string, body: unknown, options: Parameters<MoneyApp['api']>[3] = {}) =>
  t.api<ApiDispute & Failure>('POST', `/api/v1/disputes/${id}/evidence`, body, options);

const statusOf = async (id: string) =>
  (await t.db.query<{ status: string }>('SELECT status FROM disputes WHERE id = $1', [id])).rows[0]
    ?.status;

describe('disputes through the merchant API', () => {
  it('reads need a good signature, and another merchant’s dispute is not found', async () => {
    const id = await simulate('api-dispute-a');
    const unsigned = await get<Failure>('/api/v1/disputes', { signature: 'ab'.repeat(32) });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.code).toBe('bad_signature');
    const wrong = await get<Failure>(`/api/v1/disputes/${id}`, { secret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    const mine = await get<ApiDispute>(`/api/v1/disputes/${id}`);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({
      id,
      payin_id: payins['api-dispute-a'],
      status: 'opened',
      reason_code: 'fraudulent',
      amount: '100.00',
      fee: '1.00',
      currency: 'THB',
      returned_fee: '0.00',
      evidence: { product_description: '', submitted_at: null },
      completed_at: null,
    });
    const theirs = await get<Failure>(`/api/v1/disputes/${id}`, OTHER);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('not_found');
    const list = await get<Page>('/api/v1/disputes', OTHER);
    expect(list.body.data).toEqual([]);
    const answer = await evidence(id, { note: 'not yours' }, OTHER);
    expect(answer.status).toBe(404);
    expect((await get<Failure>('/api/v1/disputes/not-an-id')).status).toBe(404);
  });

  it('lists newest first, a page at a time, by status', async () => {
    await simulate('api-dispute-b');
    await simulate('api-dispute-c', { reasonCode: 'general' });
    const first = await get<Page>('/api/v1/disputes?limit=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.has_more).toBe(true);
    expect(first.body.data[0]!.payin_id).toBe(payins['api-dispute-c']);
    const next = await get<Page>(
      `/api/v1/disputes?limit=2&starting_after=${first.body.data[1]!.id}`,
    );
    expect(next.body.data).toHaveLength(1);
    expect(next.body.has_more).toBe(false);
    const ids = [...first.body.data, ...next.body.data].map((d) => d.id);
    expect(new Set(ids).size).toBe(3);
    const opened = await get<Page>('/api/v1/disputes?status=opened');
    expect(opened.body.data).toHaveLength(3);
    expect((await get<Page>('/api/v1/disputes?status=won')).body.data).toEqual([]);
    expect((await get('/api/v1/disputes?status=bogus')).status).toBe(400);
    expect((await get('/api/v1/disputes?limit=500')).status).toBe(400);
  });

  it('a draft, edited, then submitted: sent to the gateway, which rules; replays answer the first answer', async () => {
    const id = await simulate('api-dispute-b', { amount: '200.00' });
    const draft = await evidence(
      id,
      { product_description: 'A blue kettle', service_proof: 'Tracking TH123' },
      { idempotencyKey: 'ev-1' },
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body).toMatchObject({
      status: 'opened',
      evidence: {
        product_description: 'A blue kettle',
        service_proof: 'Tracking TH123',
        customer_communication: '',
        submitted_at: null,
      },
    });
    const edited = await evidence(id, {
      customer_communication: '  The payer confirmed delivery  ',
      product_description: '',
    });
    expect(edited.body.evidence).toMatchObject({
      product_description: '',
      customer_communication: 'The payer confirmed delivery',
      service_proof: 'Tracking TH123',
    });
    // The first request again (signed anew): its first answer, and nothing changes.
    const replay = await evidence(
      id,
      { product_description: 'A blue kettle', service_proof: 'Tracking TH123' },
      { idempotencyKey: 'ev-1', timestamp: Math.floor(Date.now() / 1000) + 1 },
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(draft.body);
    const reused = await evidence(id, { note: 'other body' }, { idempotencyKey: 'ev-1' });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    const stored = await get<ApiDispute>(`/api/v1/disputes/${id}`);
    expect(stored.body.evidence.product_description).toBe('');

    const sent = await evidence(id, { submit: true }, { idempotencyKey: 'ev-submit' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe('evidence_submitted');
    expect(sent.body.evidence.submitted_at).not.toBeNull();
    const sentAgain = await evidence(
      id,
      { submit: true },
      { idempotencyKey: 'ev-submit', timestamp: Math.floor(Date.now() / 1000) + 1 },
    );
    expect(sentAgain.status).toBe(200);
    expect(sentAgain.body).toEqual(sent.body);
    await t.sandbox.idle();
    // Fraudulent, with a service proof and the customer's words: won, its fee given back.
    const ruled = await get<ApiDispute>(`/api/v1/disputes/${id}`);
    expect(ruled.body).toMatchObject({ status: 'won', returned_fee: '2.00' });
    expect(ruled.body.completed_at).not.toBeNull();
    const { rows } = await t.db.query<{ action: string; actor_username: string }>(
      `SELECT action, actor_username FROM admin_logs WHERE target_id = $1 ORDER BY created_at`,
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'dispute.simulate',
      'dispute.evidence_draft',
      'dispute.evidence_draft',
      'dispute.submit_evidence',
    ]);
    const { rows: merchant } = await t.db.query<{ username: string }>(
      `SELECT username FROM accounts WHERE account_db_code = 'MER00001'`,
    );
    expect(rows[1]!.actor_username).toBe(merchant[0]!.username);
  });

  it('refuses a submit with no evidence, a dispute no longer opened, one past its deadline, and bad input', async () => {
    const id = await simulate('api-dispute-c', { amount: '50.00' });
    const empty = await evidence(id, { submit: true });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('evidence');
    expect(await statusOf(id)).toBe('opened');
    const unknown = await evidence(id, { notes: 'x' });
    expect(unknown.status).toBe(400);
    const notFlag = await evidence(id, { submit: 'yes' });
    expect(notFlag.status).toBe(400);
    const tooLong = await evidence(id, { note: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    const noKey = await evidence(id, { note: 'x' }, { idempotencyKey: null });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.message).toContain('Idempotency-Key');

    // Accepted in the back office: no longer opened.
    expect((await t.as(MERCHANT, 'acceptDispute', { id })).status).toBe(200);
    const closed = await evidence(id, { service_proof: 'late', submit: true });
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe('conflict');

    const late = await simulate('api-dispute-c', { amount: '40.00' });
    await t.db.query(`UPDATE disputes SET respond_by = now() - interval '1 minute' WHERE id = $1`, [
      late,
    ]);
    const past = await evidence(late, { service_proof: 'Tracking', submit: true });
    expect(past.status).toBe(409);
    expect(past.body.error.message).toContain('deadline');
    const pastDraft = await evidence(late, { note: 'draft' });
    expect(pastDraft.status).toBe(409);
    expect(await statusOf(late)).toBe('opened');
    await t.sandbox.idle();
  });
});

describe('dispute notifications', () => {
  it('are posted signed to the pay-in’s notify URL: opened, updated, closed', async () => {
    const { received } = receiver;
    received.length = 0;
    const id = await simulate('api-dispute-a', { amount: '10.00' });
    const sent = await evidence(id, {
      service_proof: 'Proof',
      customer_communication: 'Yes',
      submit: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await t.sandbox.idle();
    const config = { ...t.config, notifyMaxAttempts: 5 };
    while ((await deliverDueNotifications(t.db, config, new Date(Date.now() + 3_600_000))) > 0);
    const mine = received
      .map((r) => ({ ...r, json: JSON.parse(r.body) as Record<string, unknown> }))
      .filter((r) => r.json.id === id);
    // One round sends them at once: they may arrive in any order.
    const byEvent = new Map(mine.map((r) => [r.json.event, r]));
    expect([...byEvent.keys()].sort()).toEqual([
      'dispute.closed',
      'dispute.opened',
      'dispute.updated',
    ]);
    expect(mine).toHaveLength(3);
    expect(byEvent.get('dispute.opened')!.json).toEqual({
      type: 'dispute',
      event: 'dispute.opened',
      id,
      payin_id: payins['api-dispute-a'],
      status: 'opened',
      reason_code: 'fraudulent',
      amount: '10.00',
      fee: '0.10',
      currency: 'THB',
      respond_by: expect.any(String),
      event_id: `dispute.opened:${id}`,
    });
    expect(byEvent.get('dispute.updated')!.json.status).toBe('evidence_submitted');
    expect(byEvent.get('dispute.closed')!.json.status).toBe('won');
    for (const r of mine) {
      const ts = String(r.headers['x-timestamp']);
      expect(r.headers['x-api-key']).toBe('demo-merchant-key');
      expect(r.headers['x-signature']).toBe(
        signRequest('demo-merchant-secret', ts, 'POST', '/hooks/disputes', r.body),
      );
    }
  });
});
