import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RiskBacktest } from '@bo/contract';
import { backtestSettled } from '../../src/modules/risk/risk-backtests.calls';
import { windowChunks } from '../../src/modules/risk/risk-backtest';
import { backfillRiskFacts } from '../../src/modules/risk/risk-facts-backfill';
import {
  ADMIN,
  MERCHANT,
  MERCHANT2,
  fundDemoMerchant,
  startMoneyApp,
  topUpDemoMerchant,
  type MoneyApp,
} from './support/money-app';
import { makeRiskRule } from './support/risk-checks';

/**
 * Issue 42, backtests: a rule run over the last 90 days decides each past request as intake
 * would have. The proof is parity: rules in shadow mode saw real traffic at intake, and the
 * backtest of each finds exactly the requests intake noted, with the same actions.
 */
let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
  await topUpDemoMerchant(t, '20000.00');
  await fundDemoMerchant(t, 'backtest-fund');
}, 180_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

/** A rule made by `as` and switched to shadow: it notes at intake what it would do. */
const shadowRule = (name: string, definition: unknown, as = ADMIN) =>
  makeRiskRule(t, as, name, definition, 'shadow');

/** A small deterministic generator (the same traffic on every run). */
function generator(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

async function backtestOf(ruleId: string, as = ADMIN): Promise<RiskBacktest> {
  const started = await t.as<RiskBacktest>(as, 'startRiskBacktest', { ruleId });
  expect(started.status, started.message).toBe(200);
  expect(started.data.status).toBe('running');
  await backtestSettled(started.data.id);
  const read = await t.as<{ backtest: RiskBacktest }>(as, 'getRiskBacktest', { ruleId });
  expect(read.status, read.message).toBe(200);
  return read.data.backtest;
}

const hitsOf = async (backtestId: string) =>
  (
    await t.db.query<{ ref_id: string; action: string }>(
      'SELECT ref_id, action FROM risk_backtest_hits WHERE backtest_id = $1 ORDER BY ref_id',
      [backtestId],
    )
  ).rows;

const shadowMatchesOf = async (ruleId: string, refIds: readonly string[]) =>
  (
    await t.db.query<{ ref_id: string; action: string }>(
      `SELECT ref_id::text, action FROM risk_matches
        WHERE rule_id = $1 AND mode = 'shadow' AND ref_id = ANY ($2::uuid[]) ORDER BY ref_id`,
      [ruleId, refIds],
    )
  ).rows;

describe('a backtest decides past requests as intake did', () => {
  it('finds exactly what shadow rules noted at intake, for velocity, first-seen, lists and amounts', async () => {
    const list = await t.as<{ id: string }>(ADMIN, 'createRiskList', {
      name: 'Backtest accounts',
      keyType: 'bank_account',
      listType: 'block',
      scope: 'platform',
    });
    await t.as(ADMIN, 'addRiskListEntry', {
      listId: list.data.id,
      value: '9000-0003',
      reason: 'test',
    });
    const rules = {
      velocity: await shadowRule('Two to one account in an hour', {
        kinds: ['payout'],
        action: { type: 'review' },
        when: {
          velocity: {
            measure: 'count',
            key: 'bank_account',
            window: { hours: 1 },
            scope: 'platform',
            op: 'gte',
            value: '2',
          },
        },
      }),
      sum: await shadowRule('Over 90 THB to one account in a day', {
        kinds: ['payout'],
        action: { type: 'block' },
        when: {
          velocity: {
            measure: 'sum',
            key: 'bank_account',
            window: { days: 1 },
            scope: 'merchant',
            currency: 'THB',
            op: 'gt',
            value: '90',
          },
        },
      }),
      doneWhen: await shadowRule('Large pay-outs to new accounts', {
        kinds: ['payout'],
        action: { type: 'review', approvers: 2 },
        when: {
          all: [
            { amount: { currency: 'THB', op: 'gt', value: '30' } },
            { firstSeen: { key: 'bank_account', since: 'today' } },
          ],
        },
      }),
      listed: await shadowRule('Listed accounts', {
        kinds: ['payout'],
        action: { type: 'block' },
        when: { inList: { list: list.data.id, key: 'bank_account' } },
      }),
      customer: await shadowRule('A customer paying in twice', {
        kinds: ['payin'],
        action: { type: 'review' },
        when: {
          velocity: {
            measure: 'count',
            key: 'email',
            window: { minutes: 30 },
            scope: 'merchant',
            op: 'gte',
            value: '2',
          },
        },
      }),
    };

    const next = generator(42);
    const refIds: string[] = [];
    for (let n = 0; n < 24; n++) {
      const made = await t.as<{ id: string }>(MERCHANT, 'createPayout', {
        currency: 'THB',
        amount: `${10 + next(40)}.00`,
        orderId: `backtest-${n}`,
        bankName: 'Kasikorn',
        accountNumber: `9000-000${next(5)}`,
        accountHolder: 'Somchai P.',
      });
      expect(made.status, made.message).toBe(200);
      refIds.push(made.data.id);
    }
    for (let n = 0; n < 10; n++) {
      const made = await t.api<{ id: string }>('POST', '/api/v1/payins', {
        amount: '100.00',
        currency: 'THB',
        order_id: `backtest-in-${n}`,
        customer: { email: `buyer${next(3)}@example.com` },
      });
      expect(made.status).toBe(201);
      refIds.push(made.body.id);
    }

    for (const [name, ruleId] of Object.entries(rules)) {
      const backtest = await backtestOf(ruleId);
      expect(backtest.status, `${name}: ${backtest.error}`).toBe('done');
      expect(backtest.chunks_done).toBe(backtest.chunks_total);
      const noted = await shadowMatchesOf(ruleId, refIds);
      const found = (await hitsOf(backtest.id)).filter((h) => refIds.includes(h.ref_id));
      expect(found, name).toEqual(noted);
      expect(noted.length, `${name} should match some of the traffic`).toBeGreaterThan(0);
      expect(backtest.matched).toBeGreaterThanOrEqual(found.length);
      const counted = backtest.summary.reduce((sum, row) => sum + row.count, 0);
      expect(counted).toBe(backtest.matched);
      expect(backtest.sample.length).toBeGreaterThan(0);
    }
  });
});

describe('chunks', () => {
  const to = new Date('2026-12-03T10:17:00Z');
  const from = new Date(to.getTime() - 90 * 86_400_000);
  /** The chunks follow each other with no gap and end at the window's end. */
  const contiguous = (chunks: [Date, Date][]) =>
    chunks.every(([start], i) => start.getTime() === (i ? chunks[i - 1]![1] : from).getTime()) &&
    chunks.at(-1)![1].getTime() === to.getTime();

  it('reads 90 days in six-hour chunks, or in fewer when the rule watches fewer requests', () => {
    const most = windowChunks(from, to);
    expect(most).toHaveLength(360);
    expect(contiguous(most)).toBe(true);
    expect(windowChunks(from, to, 20_000_000)).toHaveLength(360);
    expect(windowChunks(from, to, 0)).toEqual([[from, to]]);
    const few = windowChunks(from, to, 100_000);
    expect(few).toHaveLength(4);
    expect(contiguous(few)).toBe(true);
  });
});

describe('facts for requests made before intake kept them', () => {
  it('the backfill writes the facts intake writes, once', async () => {
    const columns = `ref_id::text, kind, merchant_account_id::text, reseller_account_id::text,
      currency, amount::text, email_h::text, customer_id_h::text, customer_ip_h::text,
      bank_account_h::text, wallet_h::text`;
    const byIntake = await t.db.query(`SELECT ${columns} FROM risk_facts ORDER BY ref_id`);
    expect(byIntake.rows.length).toBeGreaterThan(30);
    await t.db.query('DELETE FROM risk_facts');
    expect(await backfillRiskFacts(t.db)).toBeGreaterThanOrEqual(byIntake.rows.length);
    const all = await t.db.query<{ ref_id: string }>(
      `SELECT ${columns} FROM risk_facts ORDER BY ref_id`,
    );
    const intakeIds = new Set(byIntake.rows.map((r) => (r as { ref_id: string }).ref_id));
    // Items keep neither the caller's address nor a pay-in's customer: the backfill knows only
    // what the item holds (every other key, hashed as intake hashes it).
    const comparable = (rows: Record<string, unknown>[]) =>
      rows
        .filter((r) => intakeIds.has(r.ref_id as string) && r.kind !== 'payin')
        .map((r) => ({ ...r }));
    expect(comparable(all.rows)).toEqual(comparable(byIntake.rows));
    expect(await backfillRiskFacts(t.db)).toBe(0);
  });
});

describe('who may backtest, and a run that stopped', () => {
  it('a merchant backtests its own rule over its own traffic only, and cannot read the platform’s', async () => {
    const own = await shadowRule(
      'Every THB pay-out of mine',
      { kinds: ['payout'], action: { type: 'review' }, when: { currency: { in: ['THB'] } } },
      MERCHANT2,
    );
    const backtest = await backtestOf(own, MERCHANT2);
    expect(backtest.status).toBe('done');
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM risk_backtest_hits h
        WHERE h.backtest_id = $1 AND h.merchant_account_id <> $2`,
      [backtest.id, await t.accountId('MER00002')],
    );
    expect(rows[0]!.n).toBe(0);
    const platform = await shadowRule('Platform rule', {
      kinds: ['payout'],
      action: { type: 'review' },
      when: { currency: { in: ['THB'] } },
    });
    expect((await t.as(MERCHANT2, 'startRiskBacktest', { ruleId: platform })).status).toBe(404);
    expect((await t.as(MERCHANT, 'getRiskBacktest', { ruleId: own })).status).toBe(404);
  });

  it('two starts at once run one backtest: the later answers the run the first started', async () => {
    const ruleId = await shadowRule('Started twice', {
      kinds: ['payout'],
      action: { type: 'review' },
      when: { amount: { currency: 'THB', op: 'gt', value: '2' } },
    });
    const [a, b] = await Promise.all(
      [ADMIN, ADMIN].map((as) => t.as<RiskBacktest>(as, 'startRiskBacktest', { ruleId })),
    );
    // One run at a time: the later start answers the first's run, unless that run (a few rows
    // here) had already finished when the later start read it under the rule's lock; then it
    // starts the next one. On a loaded machine the first can finish in between.
    const ids = [...new Set([a!.data.id, b!.data.id])];
    for (const id of ids) await backtestSettled(id);
    const { rows } = await t.db.query<{ status: string }>(
      'SELECT status FROM risk_backtests WHERE rule_id = $1',
      [ruleId],
    );
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'done'));
  });

  it('a start while a run is going answers that run and starts none', async () => {
    const ruleId = await shadowRule('Started while running', {
      kinds: ['payout'],
      action: { type: 'review' },
      when: { amount: { currency: 'THB', op: 'gt', value: '3' } },
    });
    // A run still going, as the first of two starts leaves it: running, its heartbeat fresh.
    const going = await backtestOf(ruleId);
    await t.db.query(
      `UPDATE risk_backtests SET status = 'running', heartbeat_at = now() WHERE id = $1`,
      [going.id],
    );
    const later = await t.as<RiskBacktest>(ADMIN, 'startRiskBacktest', { ruleId });
    expect(later.status, later.message).toBe(200);
    expect(later.data.id).toBe(going.id);
    const { rows } = await t.db.query('SELECT id FROM risk_backtests WHERE rule_id = $1', [ruleId]);
    expect(rows).toHaveLength(1);
  });

  it('a run whose heartbeat stopped reads as failed, and a new one can start', async () => {
    const ruleId = await shadowRule('Stopped run', {
      kinds: ['payout'],
      action: { type: 'review' },
      when: { amount: { currency: 'THB', op: 'gt', value: '1' } },
    });
    const first = await backtestOf(ruleId);
    await t.db.query(
      `UPDATE risk_backtests SET status = 'running', heartbeat_at = now() - interval '3 minutes'
        WHERE id = $1`,
      [first.id],
    );
    const read = await t.as<{ backtest: RiskBacktest }>(ADMIN, 'getRiskBacktest', { ruleId });
    expect(read.data.backtest).toMatchObject({ status: 'failed', error: expect.any(String) });
    const again = await backtestOf(ruleId);
    expect(again.id).not.toBe(first.id);
    expect(again.status).toBe('done');
  });
});
