import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SANDBOX_SECRET } from '../../src/config/config';
import { sandboxCallbackBody, sandboxEventId } from '../../src/connectors/sandbox/sandbox-gateway';
import { sandboxDeliveryHeaders } from '../../src/connectors/sandbox/sandbox-signature';
import { ADMIN, ADMIN2, startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * Issue 39: a gateway callback is believed only when signed with this server's secret over its
 * timestamp and body, inside the window, once. The probe's case: a pay-out the sandbox never
 * answers (amounts ending in .02) must not be settled by anyone else's POST.
 */
let t: MoneyApp;

beforeAll(async () => {
  t = await startMoneyApp();
  const topUp = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
    merchantDbCode: 'MER00001',
    currency: 'THB',
    amount: '5000.00',
  });
  await t.as(ADMIN2, 'approveTopUp', { id: topUp.data.id });
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** A pay-out the sandbox never answers: it stays `processing` until a callback or a query. */
async function silentPayout(order: string) {
  const r = await t.api<{ id: string; status: string }>('POST', '/api/v1/payouts', {
    amount: '100.02',
    currency: 'THB',
    order_id: order,
    bank_name: 'Bank',
    account_number: '123',
    account_holder: 'Holder',
  });
  expect(r).toMatchObject({ status: 201, body: { status: 'processing' } });
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ code: string }>(
    `SELECT g.payment_gateway_code AS code FROM payouts p
       JOIN payment_gateways g ON g.id = p.gateway_id WHERE p.id = $1`,
    [r.body.id],
  );
  const payment = {
    reference: `SBX-PO-${r.body.id}`,
    gateway_code: rows[0]!.code,
    kind: 'payout' as const,
    merchant_ref: r.body.id,
  };
  return { id: r.body.id, body: sandboxCallbackBody(payment, 'success'), payment };
}

const post = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/gateway-callbacks/sandbox', payload: body, headers });

/** What a pay-out's callbacks could have changed: its status and the events recorded for it. */
async function stateOf(id: string) {
  const { rows } = await t.db.query<{ status: string }>(
    'SELECT status FROM payouts WHERE id = $1',
    [id],
  );
  const status = rows[0]!.status;
  const events = await t.count(`gateway_events WHERE ref_id = '${id}'`);
  const duplicates = await t.count(`gateway_event_duplicates WHERE ref_id = '${id}'`);
  return { status, events, duplicates };
}

const UNCHANGED = { status: 'processing', events: 0, duplicates: 0 };

describe('gateway callbacks: who may send them', () => {
  it('refuses a forged callback (no signature, a wrong one, the public demo secret): 401, the silent pay-out unchanged', async () => {
    const { id, body } = await silentPayout('forged-1');
    const json = { 'content-type': 'application/json' };
    const signed = sandboxDeliveryHeaders(t.config.sandboxSecret, body);
    const forgeries = [
      { headers: json, error: 'missing_signature' },
      {
        headers: { ...signed, 'x-sandbox-signature': 'f'.repeat(64) },
        error: 'bad_signature',
      },
      // The probe's forgery: signed with the secret everyone can read in the source.
      { headers: sandboxDeliveryHeaders(DEMO_SANDBOX_SECRET, body), error: 'bad_signature' },
      // A genuine signature does not carry over to another body.
      { headers: signed, body: body.replace('"success"', '"failed"'), error: 'bad_signature' },
    ];
    for (const forgery of forgeries) {
      const answer = await post(forgery.body ?? body, forgery.headers);
      expect(answer.statusCode, forgery.error).toBe(401);
      expect(answer.json(), forgery.error).toMatchObject({ ok: false, error: forgery.error });
    }
    expect(await stateOf(id)).toEqual(UNCHANGED);
  });

  it('refuses a callback whose timestamp is 6 minutes old or ahead, and takes it signed now', async () => {
    const { id, body } = await silentPayout('stale-1');
    const secret = t.config.sandboxSecret;
    for (const minutes of [-6, 6]) {
      const answer = await post(
        body,
        sandboxDeliveryHeaders(secret, body, Date.now() + minutes * 60_000),
      );
      expect(answer.statusCode, `${minutes} min`).toBe(401);
      expect(answer.json()).toMatchObject({ error: 'stale_timestamp' });
      expect(answer.json<{ message: string }>().message).toContain('300 s');
    }
    expect(await stateOf(id)).toEqual(UNCHANGED);
    const now = await post(body, sandboxDeliveryHeaders(secret, body));
    expect(now.json()).toMatchObject({ ok: true, outcome: 'applied' });
    expect((await stateOf(id)).status).toBe('success');
  });

  it('refuses a replay of a captured callback and changes nothing; a new delivery of the same event is a duplicate', async () => {
    const { id, body, payment } = await silentPayout('replay-1');
    const captured = sandboxDeliveryHeaders(t.config.sandboxSecret, body);
    expect((await post(body, captured)).json()).toMatchObject({ ok: true, outcome: 'applied' });
    const applied = await stateOf(id);
    expect(applied).toEqual({ status: 'success', events: 1, duplicates: 0 });
    const replays = await Promise.all([post(body, captured), post(body, captured)]);
    for (const replay of replays) {
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ ok: false, error: 'replayed_callback' });
    }
    expect(await stateOf(id)).toEqual(applied);
    // The gateway's own redelivery is a message of its own: applied once, kept as a duplicate.
    expect(await t.sandbox.sendCallback(payment, 'success')).toEqual([200]);
    expect(await stateOf(id)).toEqual({ ...applied, duplicates: 1 });
    const { rows } = await t.db.query<{ event_id: string }>(
      `SELECT event_id FROM gateway_events WHERE ref_id = $1`,
      [id],
    );
    expect(rows.map((r) => r.event_id)).toEqual([sandboxEventId(payment.reference, 'success')]);
  });
});
