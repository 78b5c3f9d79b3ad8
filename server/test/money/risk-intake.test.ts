import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWrites } from '../../src/db/writes';
import { metricsRegistry } from '../../src/http/metrics';
import { riskFactWrites } from '../../src/modules/risk/risk-facts';
import {
  ADMIN,
  MERCHANT,
  RESELLER,
  fundDemoMerchant,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';
import { demoMerchantMovesOf, handedOver, makeRiskRule } from './support/risk-checks';

/**
 * Issue 42, intake: risk rules decide each new pay-out, settlement and withdrawal, from the
 * back office and the merchant API, before any money moves: allow, hold for review (the item
 * waits in `held_for_review`, its money reserved) or block (kept as `blocked`, nothing
 * reserved, a 403 `risk_blocked` that a replay of the request key answers again). Each decision
 * is kept with its item (which rules matched, what they saw), and every request leaves a fact
 * for velocity and first-seen.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp({ NOTIFY_ALLOW_LOCAL: '1' });
  await topUpDemoMerchant(t, '5000.00');
  await fundDemoMerchant(t, 'intake-fund');
}, 180_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** A rule made by an admin for the platform and switched to `mode`. */
const rule = (name: string, definition: unknown, mode = 'active') =>
  makeRiskRule(t, ADMIN, name, definition, mode);

const switchOff = (id: string) =>
  t.as(ADMIN, 'setRiskRuleMode', { id, mode: 'disabled', reason: 'test done' });

const payout = (orderId: string, amount: string, accountNumber: string, requestKey?: string) =>
  t.as<{ id: string; status: string }>(MERCHANT, 'createPayout', {
    currency: 'THB',
    amount,
    orderId,
    bankName: 'Kasikorn',
    accountNumber,
    accountHolder: 'Somchai P.',
    ...(requestKey && { requestKey }),
  });

async function decisionOf(refId: string) {
  const { rows } = await t.db.query<{ outcome: string; min_approvals: number }>(
    'SELECT outcome, min_approvals FROM risk_decisions WHERE ref_id = $1',
    [refId],
  );
  const matches = await t.db.query<{ rule_id: string; mode: string; seen: unknown }>(
    'SELECT rule_id, mode, seen FROM risk_matches WHERE ref_id = $1 ORDER BY id',
    [refId],
  );
  return { decision: rows[0] ?? null, matches: matches.rows };
}

/** The merchant notifications queued for an item, in order. */
const eventsOf = async (refId: string) =>
  (
    await t.db.query<{ event: string }>(
      'SELECT event FROM merchant_notifications WHERE ref_id = $1 ORDER BY created_at, event',
      [refId],
    )
  ).rows.map((r) => r.event);

const factsOf = async (refId: string) =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM risk_facts WHERE ref_id = $1', [
      refId,
    ])
  ).rows[0]!.n;

describe('the done-when rule: hold pay-outs over an amount to a bank account first seen today', () => {
  it('holds the first pay-out to a new account for two reviewers, not the next one nor a small one', async () => {
    const id = await rule('Large pay-outs to new accounts', {
      kinds: ['payout'],
      action: { type: 'review', approvers: 2 },
      when: {
        all: [
          { amount: { currency: 'THB', op: 'gt', value: '50' } },
          { firstSeen: { key: 'bank_account', since: 'today' } },
        ],
      },
    });
    const first = await payout('intake-1', '60.00', '111-222-3333');
    expect(first.status, first.message).toBe(200);
    expect(first.data.status).toBe('held_for_review');
    expect(await decisionOf(first.data.id)).toMatchObject({
      decision: { outcome: 'review', min_approvals: 2 },
      matches: [{ rule_id: id, mode: 'active' }],
    });
    expect(await factsOf(first.data.id)).toBe(1);
    const queue = await t.as<{ rows: { id: string; held_by: string[] }[] }>(
      ADMIN,
      'getRiskReviewList',
      { search: first.data.id },
    );
    expect(queue.data.rows).toEqual([
      expect.objectContaining({ id: first.data.id, held_by: ['Large pay-outs to new accounts'] }),
    ]);

    // The same account again today, written differently (its key is read canonically): still
    // first seen today, so held too.
    const second = await payout('intake-2', '60.00', '1112223333');
    expect(second.data.status).toBe('held_for_review');
    expect(await factsOf(second.data.id)).toBe(1);

    // An account intake saw yesterday is not new.
    await runWrites(t.db, [
      riskFactWrites([
        {
          refId: randomUUID(),
          facts: {
            kind: 'payout',
            merchantId: await t.accountId('MER00001'),
            resellerId: await t.accountId('RES00001'),
            amount: 1_00n,
            currency: 'THB',
            orderId: 'yesterday',
            bankAccount: '3334445555',
            at: new Date(Date.now() - 30 * 3_600_000),
          },
        },
      ]),
    ]);
    const known = await payout('intake-2b', '60.00', '333-444-5555');
    expect(known.data.status).toBe('pending_approval');
    expect((await decisionOf(known.data.id)).decision).toBeNull();

    const small = await payout('intake-3', '40.00', '999-888-7777');
    expect(small.data.status).toBe('pending_approval');
    await switchOff(id);
  });
});

describe('a block', () => {
  it('keeps the request as blocked, reserves nothing and answers 403 risk_blocked, again on a replay', async () => {
    const list = await t.as<{ id: string }>(ADMIN, 'createRiskList', {
      name: 'Mule accounts',
      keyType: 'bank_account',
      listType: 'block',
      scope: 'platform',
    });
    expect(list.status, list.message).toBe(200);
    const entry = await t.as(ADMIN, 'addRiskListEntry', {
      listId: list.data.id,
      value: '555 666 7777',
      reason: 'Reported by the bank',
    });
    expect(entry.status, entry.message).toBe(200);
    const id = await rule('Blocklisted accounts', {
      kinds: ['payout', 'settlement', 'withdrawal'],
      action: { type: 'block' },
      when: { inList: { list: list.data.id, key: 'bank_account' } },
    });
    const refused = await payout('intake-b1', '70.00', '555-666-7777', 'key-b1');
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/risk rule blocked/);
    const { rows } = await t.db.query<{ id: string; status: string }>(
      "SELECT id, status FROM payouts WHERE order_id = 'intake-b1'",
    );
    expect(rows).toEqual([expect.objectContaining({ status: 'blocked' })]);
    // It reserved nothing: no journal of its own touches the balance (read per item, as other
    // tests' pay-outs may fail back at their gateway meanwhile).
    expect(await demoMerchantMovesOf(t, rows[0]!.id, 'payout_available')).toEqual([]);
    expect((await decisionOf(rows[0]!.id)).decision).toMatchObject({ outcome: 'block' });

    const replay = await payout('intake-b1', '70.00', '555-666-7777', 'key-b1');
    expect(replay.status).toBe(403);
    expect(await t.count("payouts WHERE order_id = 'intake-b1'")).toBe(1);

    // Through the merchant API: the same rule, the same refusal, kept for the key.
    let stamp = Math.floor(Date.now() / 1000);
    const api = () =>
      t.api<{ error: { code: string }; item: { id: string; status: string } }>(
        'POST',
        '/api/v1/payouts',
        {
          amount: '70.00',
          currency: 'THB',
          order_id: 'intake-b2',
          bank_name: 'Kasikorn',
          account_number: '5556667777',
          account_holder: 'Somchai P.',
        },
        { idempotencyKey: 'api-b2', timestamp: stamp++ },
      );
    const first = await api();
    expect(first.status).toBe(403);
    expect(first.body.error.code).toBe('risk_blocked');
    expect(first.body.item.status).toBe('blocked');
    const again = await api();
    expect(again).toEqual(first);
    expect(await demoMerchantMovesOf(t, first.body.item.id, 'payout_available')).toEqual([]);
    expect(await handedOver(t, first.body.item.id)).toBe(0);
    await switchOff(id);
  });
});

/** More than 50 pay-ins of one customer of the merchant within an hour. */
const MANY_OF_ONE_CUSTOMER = {
  velocity: {
    measure: 'count',
    key: 'customer_id',
    window: { hours: 1 },
    scope: 'merchant',
    op: 'gt',
    value: '50',
  },
};

describe('velocity, shadow mode and the API customer', () => {
  it('a velocity rule holds the third pay-out to one account within an hour; a shadow rule only logs', async () => {
    const velocity = await rule('Three to one account in an hour', {
      kinds: ['payout'],
      action: { type: 'review' },
      when: {
        velocity: {
          measure: 'count',
          key: 'bank_account',
          window: { hours: 1 },
          scope: 'platform',
          op: 'gte',
          value: '3',
        },
      },
    });
    const shadow = await rule(
      'Shadow: every THB pay-out',
      { kinds: ['payout'], action: { type: 'block' }, when: { currency: { in: ['THB'] } } },
      'shadow',
    );
    const statuses: string[] = [];
    for (const n of [1, 2, 3]) {
      const made = await payout(`intake-v${n}`, '20.00', '4444-000-111');
      statuses.push(made.data.status);
      const { matches } = await decisionOf(made.data.id);
      expect(matches.map((m) => m.mode)).toContain('shadow');
    }
    expect(statuses).toEqual(['pending_approval', 'pending_approval', 'held_for_review']);
    await switchOff(velocity);
    await switchOff(shadow);
  });

  it('the merchant API takes a customer and a held pay-out answers 201 held_for_review, not sent', async () => {
    const list = await t.as<{ id: string }>(ADMIN, 'createRiskList', {
      name: 'Watched customers',
      keyType: 'email',
      listType: 'block',
      scope: 'platform',
    });
    await t.as(ADMIN, 'addRiskListEntry', {
      listId: list.data.id,
      value: 'Watch.Me@Example.com',
      reason: 'Chargebacks elsewhere',
    });
    const id = await rule('Watched customers wait', {
      kinds: ['payout'],
      action: { type: 'review' },
      when: { inList: { list: list.data.id, key: 'email' } },
    });
    const made = await t.api<{ id: string; status: string }>('POST', '/api/v1/payouts', {
      amount: '30.00',
      currency: 'THB',
      order_id: 'intake-c1',
      bank_name: 'Kasikorn',
      account_number: '123123123',
      account_holder: 'Somchai P.',
      customer: { email: 'watch.me@example.com', id: 'cust-1', ip: '203.0.113.9' },
      notify_url: 'http://127.0.0.1:9/hook',
    });
    expect(made.status).toBe(201);
    expect(made.body.status).toBe('held_for_review');
    // The merchant is told of the hold; its final status follows as any pay-out's.
    expect(await eventsOf(made.body.id)).toEqual(['payout.held_for_review']);
    expect(await handedOver(t, made.body.id)).toBe(0);
    const bad = await t.api('POST', '/api/v1/payouts', {
      amount: '30.00',
      currency: 'THB',
      order_id: 'intake-c2',
      bank_name: 'Kasikorn',
      account_number: '123123123',
      account_holder: 'Somchai P.',
      customer: { emails: 'x' },
    });
    expect(bad.status).toBe(400);
    await switchOff(id);
  });
});

describe('settlements and withdrawals', () => {
  it('a rule holds a settlement and a reseller withdrawal at their request', async () => {
    const id = await rule('Hold settlements and withdrawals', {
      kinds: ['settlement', 'withdrawal'],
      action: { type: 'review' },
      when: { amount: { currency: 'THB', op: 'gte', value: '10' } },
    });
    const settled = await t.as<{ id: string; status: string }>(MERCHANT, 'requestSettlement', {
      currency: 'THB',
      amount: '100.00',
      bankName: 'Kasikorn',
      accountNumber: '222333444',
      accountHolder: 'MER00001 Co.',
    });
    expect(settled.status, settled.message).toBe(200);
    expect(settled.data.status).toBe('held_for_review');
    const withdrawn = await t.as<{ id: string; status: string }>(RESELLER, 'requestWithdrawal', {
      currency: 'THB',
      amount: '10.00',
      bankName: 'Kasikorn',
      accountNumber: '777888999',
      accountHolder: 'RES00001 Co.',
    });
    expect(withdrawn.status, withdrawn.message).toBe(200);
    expect(withdrawn.data.status).toBe('held_for_review');
    await switchOff(id);
  });
});

describe('pay-ins through the merchant API', () => {
  it('a held pay-in answers 201 held_for_review with no page; its review starts it at its gateway', async () => {
    const id = await rule('Review large pay-ins', {
      kinds: ['payin'],
      action: { type: 'review' },
      when: { amount: { currency: 'THB', op: 'gte', value: '7000' } },
    });
    let stamp = Math.floor(Date.now() / 1000);
    const open = () =>
      t.api<{ id: string; status: string; payment_url: string }>(
        'POST',
        '/api/v1/payins',
        {
          amount: '7000.00',
          currency: 'THB',
          order_id: 'intake-p1',
          customer: { id: 'c-9' },
          notify_url: 'http://127.0.0.1:9/hook',
        },
        { idempotencyKey: 'pi-held-1', timestamp: stamp++ },
      );
    const held = await open();
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({ status: 'held_for_review', payment_url: '' });
    expect(await open()).toEqual(held);
    expect(await eventsOf(held.body.id)).toEqual(['payin.held_for_review']);
    const handed = () => handedOver(t, held.body.id);
    expect(await handed()).toBe(0);
    // A pay-in is money coming in: one reviewer is enough unless the rule asks for more.
    const approved = await t.as<{ status: string }>(ADMIN, 'approveHeldItem', {
      id: held.body.id,
    });
    expect(approved.status, approved.message).toBe(200);
    expect(approved.data.status).toBe('created');
    const now = await t.api<{ status: string; payment_url: string }>(
      'GET',
      `/api/v1/payins/${held.body.id}`,
    );
    expect(now.body.status).toBe('processing');
    expect(now.body.payment_url).not.toBe('');
    expect(await handed()).toBe(1);
    await switchOff(id);
  });

  it('a blocked pay-in answers 403 risk_blocked, again on a replay, and is kept as blocked', async () => {
    const id = await rule('Block one order pattern', {
      kinds: ['payin'],
      action: { type: 'block' },
      when: { amount: { currency: 'THB', op: 'gte', value: '8888' } },
    });
    let stamp = Math.floor(Date.now() / 1000);
    const open = () =>
      t.api<{ error: { code: string }; item: { id: string; status: string } }>(
        'POST',
        '/api/v1/payins',
        { amount: '8888.00', currency: 'THB', order_id: 'intake-p2' },
        { idempotencyKey: 'pi-block-1', timestamp: stamp++ },
      );
    const first = await open();
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({
      error: { code: 'risk_blocked' },
      item: { status: 'blocked' },
    });
    expect(await open()).toEqual(first);
    expect(await t.count("payins WHERE order_id = 'intake-p2' AND status = 'blocked'")).toBe(1);
    await switchOff(id);
  });
});

describe('the time rules take at intake (risk_eval_seconds)', () => {
  /** How many items the histogram has counted so far (the registry's own figure). */
  async function evaluations(): Promise<number> {
    const metric = metricsRegistry.getSingleMetric('risk_eval_seconds');
    const values = (await metric!.get()).values as { metricName?: string; value: number }[];
    return values.find((v) => v.metricName === 'risk_eval_seconds_count')?.value ?? 0;
  }

  it("a history read that fails takes the rule's onError, and the request still goes (its transaction unharmed)", async () => {
    const id = await rule('Many pay-ins of one customer, held when unread', {
      kinds: ['payin'],
      action: { type: 'block' },
      onError: 'review',
      when: MANY_OF_ONE_CUSTOMER,
    });
    await t.db.query('ALTER TABLE risk_fold_state RENAME TO risk_fold_state_away');
    let made: Awaited<ReturnType<typeof t.api<{ id: string; status: string }>>>;
    try {
      made = await t.api<{ id: string; status: string }>(
        'POST',
        '/api/v1/payins',
        {
          amount: '13.00',
          currency: 'THB',
          order_id: 'unread-history-1',
          customer: { id: 'c-unread', email: 'unread@example.com', ip: '198.51.100.8' },
        },
        { idempotencyKey: 'unread-history-1' },
      );
    } finally {
      await t.db.query('ALTER TABLE risk_fold_state_away RENAME TO risk_fold_state');
    }
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.status).toBe('held_for_review');
    expect((await decisionOf(made.body.id)).decision?.outcome).toBe('review');
    expect(await factsOf(made.body.id)).toBe(1);
    await switchOff(id);
  });

  it('counts each pay-in a rule watched (history read included), none when no rule watches', async () => {
    const id = await rule('Many pay-ins of one customer', {
      kinds: ['payin'],
      action: { type: 'review' },
      when: MANY_OF_ONE_CUSTOMER,
    });
    let stamp = Math.floor(Date.now() / 1000);
    const open = (n: number) =>
      t.api<{ status: string }>(
        'POST',
        '/api/v1/payins',
        {
          amount: '12.00',
          currency: 'THB',
          order_id: `eval-time-${n}`,
          customer: { id: 'c-eval', email: 'eval@example.com', ip: '198.51.100.7' },
        },
        { idempotencyKey: `eval-time-${n}`, timestamp: stamp++ },
      );
    const before = await evaluations();
    const watched = await open(1);
    expect(watched.status).toBe(201);
    expect(watched.body.status).toBe('processing');
    expect(await evaluations()).toBe(before + 1);
    await switchOff(id);
    expect((await open(2)).status).toBe(201);
    expect(await evaluations()).toBe(before + 1);
  });
});
