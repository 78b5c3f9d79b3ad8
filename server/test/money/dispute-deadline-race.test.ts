import { afterAll, beforeAll, expect, it } from 'vitest';
import { loseOverdueDispute } from '../../src/modules/disputes/dispute-deadline';
import { findOverdueDisputeIds } from '../../src/modules/disputes/disputes.queries';
import type { Decider } from '../../src/modules/money-flow/decision';
import { ADMIN, fundedPayin, MERCHANT, startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * The deadline sweep picks overdue disputes without a lock; each loss is judged again under the
 * dispute's lock, so one answered between the pick and the loss is left alone.
 */
let t: MoneyApp;
let payinId: string;
let decider: Decider;
/** The sweep's clock: two hours on, past every deadline of one hour. */
const late = () => new Date(Date.now() + 2 * 3_600_000);

beforeAll(async () => {
  t = await startMoneyApp();
  payinId = await fundedPayin(t, 'deadline-race');
  await t.db.query(`UPDATE payins SET notify_url = 'https://merchant.test/notify'`);
  decider = { db: t.db, actor: null, clientIp: '', userAgent: 'test', requestId: '' };
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** A dispute of 50.00 due in an hour, with a reason a shipping proof wins. */
async function openDispute(): Promise<string> {
  const r = await t.as<{ id: string }>(ADMIN, 'simulateDispute', {
    payinId,
    amount: '50.00',
    reasonCode: 'product_not_received',
    respondInHours: '1',
  });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

async function stateOf(id: string) {
  const status = await t.db.query<{ status: string }>('SELECT status FROM disputes WHERE id = $1', [
    id,
  ]);
  const journals = await t.db.query<{ kind: string }>(
    'SELECT kind FROM journal WHERE ref_id = $1 ORDER BY created_at, kind',
    [id],
  );
  return { status: status.rows[0]?.status, journals: journals.rows.map((r) => r.kind) };
}

it('a dispute answered after the sweep picked it is not lost; its ruling still comes', async () => {
  const id = await openDispute();
  const now = late();
  // The sweep's pick, before the answer.
  expect(await findOverdueDisputeIds(t.db, now, 200)).toContain(id);
  const answer = await t.as(MERCHANT, 'saveDisputeEvidence', {
    id,
    serviceProof: 'Tracking TH123, delivered',
    submit: '1',
  });
  expect(answer.status, answer.message).toBe(200);
  // The sweep's loss of what it picked: refused, nothing posted. (The sandbox rules on the
  // answer at once, so its ruling may already have come: answered or won, never lost.)
  expect(await loseOverdueDispute(decider, id, now)).toBe(false);
  const judged = await stateOf(id);
  expect(['evidence_submitted', 'won']).toContain(judged.status);
  expect(judged.journals).not.toContain('dispute.lose');
  await t.sandbox.idle();
  expect(await stateOf(id)).toEqual({
    status: 'won',
    journals: ['dispute.hold', 'dispute.release'],
  });
});

it('a dispute accepted after the pick is left to the gateway', async () => {
  const id = await openDispute();
  const now = late();
  expect(await findOverdueDisputeIds(t.db, now, 200)).toContain(id);
  const accepted = await t.as(MERCHANT, 'acceptDispute', { id });
  expect(accepted.status, accepted.message).toBe(200);
  expect(await loseOverdueDispute(decider, id, now)).toBe(false);
  const { rows } = await t.db.query<{ action: string }>(
    `SELECT action FROM admin_logs WHERE target_id = $1 ORDER BY created_at`,
    [id],
  );
  expect(rows.map((r) => r.action)).not.toContain('dispute.deadline');
  await t.sandbox.idle();
});

it('one still opened is lost by it, and only once its deadline passed by the sweep’s clock', async () => {
  const id = await openDispute();
  expect(await loseOverdueDispute(decider, id, new Date())).toBe(false);
  expect((await stateOf(id)).status).toBe('opened');
  expect(await loseOverdueDispute(decider, id, late())).toBe(true);
  expect(await stateOf(id)).toEqual({ status: 'lost', journals: ['dispute.hold', 'dispute.lose'] });
});
