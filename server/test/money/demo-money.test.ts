import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { demoId, seedDemoMoney } from '../../src/seed/demo-money';
import { DEMO_API_KEY } from '../../src/seed/demo-money-setup';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { openTestDatabase } from '../support/test-db';

let db: Db;
const today = new Date('2026-03-10T00:00:00Z');
const options = { days: 4, payinsPerDay: 150, today };

beforeAll(async () => {
  db = await openTestDatabase();
  await db.transaction((tx) => seedDemoAccounts(tx));
});
afterAll(async () => {
  expect(await findLedgerDrift(db)).toEqual([]);
  await db.close();
});

/** No notification of a demo world is left to send, and its books are clean. */
async function expectSettled(world: Db) {
  expect(
    await world.query(`SELECT 1 FROM merchant_notifications WHERE status = 'pending'`),
  ).toMatchObject({ rows: [] });
  expect(await findLedgerDrift(world)).toEqual([]);
}

const count = async (sql: string) => Number((await db.query<{ n: bigint }>(sql)).rows[0]!.n);

describe('the demo money world', () => {
  it('makes days of history through the lifecycles, with clean books', async () => {
    await seedDemoMoney(db, options);
    expect(
      await count(`SELECT count(*) AS n FROM payins WHERE order_id NOT LIKE 'DEMO-WAIT-%'`),
    ).toBe(600);
    const statuses = await db.query<{ status: string; n: bigint }>(
      'SELECT status, count(*) AS n FROM payins GROUP BY status',
    );
    const by = new Map(statuses.rows.map((r) => [r.status, Number(r.n)]));
    expect(by.get('success')! / 600).toBeGreaterThan(0.8);
    expect(by.get('failed')).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM payouts WHERE status = 'success'`),
    ).toBeGreaterThan(0);
    expect(
      await count(`SELECT count(*) AS n FROM top_ups WHERE status = 'approved'`),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT count(DISTINCT currency) AS n FROM payins`)).toBeGreaterThanOrEqual(
      6,
    );
    expect(await findLedgerDrift(db)).toEqual([]);
  }, 120_000);

  it("fills each kind's demo queue (balance adjustments: one approved, one waiting)", async () => {
    const rows = await db.query<{ status: string; direction: string }>(
      `SELECT status, direction FROM balance_adjustments ORDER BY created_at`,
    );
    expect(rows.rows).toEqual([
      { status: 'approved', direction: 'credit' },
      { status: 'pending_approval', direction: 'debit' },
    ]);
  });

  it('leaves the logs the merchant API and the gateways leave', async () => {
    const seeded = `p.order_id NOT LIKE 'DEMO-WAIT-%'`;
    // A callback per gateway result, each applied; a few delivered twice, kept as duplicates.
    expect(
      await count(`SELECT count(*) AS n FROM payins p WHERE ${seeded} AND status <> 'expired'`),
    ).toBe(
      await count(`SELECT count(*) AS n FROM gateway_events e JOIN payins p ON p.id = e.ref_id
                    WHERE ${seeded} AND e.outcome = 'applied' AND e.status = p.status`),
    );
    expect(await count('SELECT count(*) AS n FROM gateway_event_duplicates')).toBeGreaterThan(0);
    // A notification per result, sent to the URL the API request named, with its attempts.
    expect(
      await count(`SELECT count(*) AS n FROM merchant_notifications n JOIN payins p ON p.id = n.ref_id
                    WHERE ${seeded} AND n.url = p.notify_url AND n.url LIKE 'https://%'
                      AND n.event = 'payin.' || p.status`),
    ).toBe(600);
    expect(
      await count(`SELECT count(*) AS n FROM merchant_notifications WHERE status = 'pending'`),
    ).toBe(0);
    const retried = await db.query<{ attempts: number; failed: bigint; last: number | null }>(
      `SELECT n.attempts, count(*) FILTER (WHERE a.http_status IS NULL OR a.http_status >= 300) AS failed,
              (array_agg(a.http_status ORDER BY a.attempt DESC))[1] AS last
         FROM merchant_notifications n JOIN merchant_notification_attempts a ON a.notification_id = n.id
        WHERE n.status = 'delivered' GROUP BY n.id, n.attempts HAVING n.attempts > 1`,
    );
    expect(retried.rows.length).toBeGreaterThan(10);
    for (const r of retried.rows) {
      expect(Number(r.failed)).toBe(r.attempts - 1);
      expect(r.last).toBe(200);
    }
    // Failures of every kind, each as the notifier records it: a timeout took the whole 5 s.
    const failures = await db.query<{ http_status: number | null; error: string; slow: boolean }>(
      `SELECT DISTINCT http_status, error, latency_ms >= 5000 AS slow
         FROM merchant_notification_attempts WHERE http_status IS NULL OR http_status >= 300`,
    );
    expect(failures.rows.some((f) => f.http_status! >= 500)).toBe(true);
    expect(failures.rows).toContainEqual({
      http_status: null,
      error: 'no answer within 5000 ms',
      slow: true,
    });
    expect(failures.rows.filter((f) => f.error.startsWith('no answer') && !f.slow)).toEqual([]);
    // Each retry waits the notifier's back-off after the attempt before it.
    const earlyRetries = await count(
      `SELECT count(*) AS n FROM merchant_notification_attempts a
         JOIN merchant_notification_attempts b ON b.notification_id = a.notification_id
          AND b.attempt = a.attempt + 1
        WHERE b.attempted_at < a.attempted_at + make_interval(secs => least(3600, 2 ^ (a.attempt - 1) * 5))`,
    );
    expect(earlyRetries).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM merchant_notifications n
                    WHERE status = 'delivered' AND delivered_at IS DISTINCT FROM
                      (SELECT max(attempted_at) FROM merchant_notification_attempts a
                        WHERE a.notification_id = n.id)`),
    ).toBe(0);
  });

  it('shows when the demo key signed its last request', async () => {
    const { rows } = await db.query<{
      created_at: Date;
      last_used_at: Date | null;
      newest: Date;
      oldest: Date;
    }>(
      `SELECT k.created_at, k.last_used_at,
              (SELECT min(created_at) FROM payins p WHERE p.merchant_account_id = k.merchant_account_id) AS oldest,
              (SELECT max(created_at) FROM payins p WHERE p.merchant_account_id = k.merchant_account_id
                AND p.order_id NOT LIKE 'DEMO-WAIT-%') AS newest
         FROM merchant_api_keys k WHERE k.key_id = $1`,
      [DEMO_API_KEY.keyId],
    );
    expect(rows[0]!.last_used_at).not.toBeNull();
    expect(rows[0]!.last_used_at!.getTime()).toBe(rows[0]!.newest.getTime());
    expect(rows[0]!.last_used_at!.getTime()).toBeGreaterThanOrEqual(today.getTime());
    // Made before the first pay-in it signed.
    expect(rows[0]!.created_at.getTime()).toBeLessThan(rows[0]!.oldest.getTime());
  });

  it('takes each pay-in its own time, from seconds to minutes', async () => {
    const { rows } = await db.query<{ status: string; seconds: number }>(
      `SELECT status, extract(epoch FROM completed_at - created_at)::float8 AS seconds
         FROM payins WHERE order_id NOT LIKE 'DEMO-WAIT-%' AND order_id NOT LIKE 'DEMO-2026-03-10-%'`,
    );
    const took = (status: string) =>
      rows
        .filter((r) => r.status === status)
        .map((r) => r.seconds)
        .sort((a, b) => a - b);
    const paid = took('success');
    const median = paid[Math.floor(paid.length / 2)]!;
    expect(new Set(paid.map((s) => Math.round(s))).size).toBeGreaterThan(paid.length / 4);
    expect(paid[0]).toBeLessThan(15);
    expect(median).toBeGreaterThan(20);
    expect(median).toBeLessThan(120);
    expect(paid.at(-1)).toBeGreaterThan(300);
    expect(paid.at(-1)).toBeLessThan(30 * 60);
    // An expired pay-in ends when the sweep finds it past its expiry, not before.
    const expired = took('expired');
    expect(expired.length).toBeGreaterThan(0);
    expect(expired[0]).toBeGreaterThanOrEqual(30 * 60);
  });

  it('leaves something waiting in every queue', async () => {
    const waiting = async (table: string, where: string) =>
      count(`SELECT count(*) AS n FROM ${table} WHERE ${where}`);
    expect(await waiting('payins', `status = 'processing'`)).toBeGreaterThan(0);
    expect(
      await waiting(
        'payins',
        `status = 'processing' AND created_at < now() - interval '15 minutes'`,
      ),
    ).toBeGreaterThan(0);
    expect(await waiting('payouts', `status = 'pending_approval'`)).toBeGreaterThan(0);
    expect(await waiting('payouts', `status = 'processing' AND is_in_house`)).toBeGreaterThan(0);
    expect(
      await waiting('settlements', `status = 'pending' AND destination = 'bank'`),
    ).toBeGreaterThan(0);
    expect(
      await waiting('settlements', `status = 'pending' AND destination = 'usdt_wallet'`),
    ).toBeGreaterThan(0);
    expect(await waiting('withdrawals', `status = 'pending'`)).toBeGreaterThan(0);
    expect(await waiting('top_ups', `status = 'pending'`)).toBeGreaterThan(0);
  });

  it('has disputes at every step of their lifecycle, one leaving its merchant owing', async () => {
    const other = await openTestDatabase();
    try {
      await other.transaction((tx) => seedDemoAccounts(tx));
      await seedDemoMoney(other, { days: 34, payinsPerDay: 40, today, loggedDays: 0 });
      const { rows } = await other.query<{
        status: string;
        fee_returned: bigint;
        fee: bigint;
        shortfall: bigint;
        evidence: boolean;
        code: string;
        left_hours: number;
        ruled_in_time: boolean | null;
      }>(
        `SELECT d.status, d.fee, d.fee_returned, d.shortfall, a.account_db_code AS code,
                d.respond_by <= d.completed_at AS ruled_in_time,
                d.evidence_submitted_at IS NOT NULL AS evidence,
                extract(epoch FROM d.respond_by - now()) / 3600 AS left_hours
           FROM disputes d JOIN accounts a ON a.id = d.merchant_account_id
           JOIN payins p ON p.id = d.payin_id ORDER BY p.created_at`,
      );
      expect(rows.map((r) => r.status)).toEqual([
        'won',
        'won',
        'lost',
        'lost',
        'evidence_submitted',
        'opened',
        'opened',
      ]);
      // The fee given back on the first win, kept on the second.
      expect(BigInt(rows[0]!.fee_returned)).toBe(BigInt(rows[0]!.fee));
      expect(BigInt(rows[1]!.fee_returned)).toBe(0n);
      expect(rows.filter((r) => r.evidence).length).toBe(3);
      // The last one: due within two days, opened on a merchant that had settled everything.
      const last = rows[6]!;
      expect(last.code).toBe('MER00004');
      expect(BigInt(last.shortfall)).toBeGreaterThan(0n);
      expect(Number(last.left_hours)).toBeGreaterThan(24);
      expect(Number(last.left_hours)).toBeLessThan(48);
      const owed = await other.query<{ b: bigint }>(
        `SELECT coalesce(sum(e.amount), 0)::bigint AS b FROM entries e
           JOIN ledger_accounts la ON la.id = e.ledger_account_id
          WHERE la.purpose = 'dispute_shortfall'`,
      );
      expect(BigInt(owed.rows[0]!.b)).toBe(-BigInt(last.shortfall));
      // A closed dispute was ruled on once its respond-by had passed, never before it.
      expect(rows.filter((r) => r.ruled_in_time !== null).map((r) => r.ruled_in_time)).toEqual([
        true,
        true,
        true,
        true,
      ]);
      // MER00001 (the merchant the demo signs in as) has one open dispute to answer, still due.
      const practice = rows.filter((r) => r.code === 'MER00001' && r.status === 'opened');
      expect(practice.length).toBe(1);
      expect(Number(practice[0]!.left_hours)).toBeGreaterThan(48);
      await expectSettled(other);
    } finally {
      await other.close();
    }
  }, 240_000);

  // Ending 2026-11-05, the history opens on a settling day (the 3rd) whose refunds leave one
  // merchant less than the share of its pay-ins the demo settles: it settles what is there.
  it('settles what the available balance pays for, whatever day the history ends on', async () => {
    const other = await openTestDatabase();
    try {
      await other.transaction((tx) => seedDemoAccounts(tx));
      const end = new Date('2026-11-05T00:00:00Z');
      await seedDemoMoney(other, { days: 3, payinsPerDay: 60, today: end, loggedDays: 0 });
      const settled = await other.query<{ n: bigint }>(
        `SELECT count(*) AS n FROM settlements WHERE created_at::date = '2026-11-03'`,
      );
      expect(Number(settled.rows[0]!.n)).toBeGreaterThan(0);
      // The merchant that settled everything before its dispute had nothing left to hold (a
      // minor unit at most, where its fee steps by two): all it owes is short.
      const short = await other.query<{ amount: bigint; fee: bigint; shortfall: bigint }>(
        `SELECT d.amount, d.fee, d.shortfall FROM disputes d
           JOIN accounts a ON a.id = d.merchant_account_id WHERE a.account_db_code = 'MER00004'`,
      );
      expect(short.rows).toHaveLength(1);
      const { amount, fee, shortfall } = short.rows[0]!;
      expect(BigInt(amount) + BigInt(fee) - BigInt(shortfall)).toBeLessThanOrEqual(1n);
      await expectSettled(other);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('is deterministic and made once', async () => {
    const first = await db.query<{ id: string; amount: bigint; status: string }>(
      `SELECT id, amount, status FROM payins WHERE id = $1`,
      [demoId('2026-03-09:payin:7')],
    );
    expect(first.rows).toHaveLength(1);
    const journals = await count('SELECT count(*) AS n FROM journal');
    await seedDemoMoney(db, options);
    expect(await count('SELECT count(*) AS n FROM journal')).toBe(journals);
    const other = await openTestDatabase();
    try {
      await other.transaction((tx) => seedDemoAccounts(tx));
      await seedDemoMoney(other, { ...options, days: 2, loggedDays: 1 });
      const again = await other.query<{ id: string; amount: bigint; status: string }>(
        `SELECT id, amount, status FROM payins WHERE id = $1`,
        [demoId('2026-03-09:payin:7')],
      );
      expect(again.rows).toEqual(first.rows);
      // Only the latest `loggedDays` leave callback and notification rows.
      const logsOf = async (day: string) =>
        Number(
          (
            await other.query<{ n: bigint }>(
              `SELECT (SELECT count(*) FROM gateway_events WHERE ref_id = ANY($1::uuid[]))
                    + (SELECT count(*) FROM merchant_notifications WHERE ref_id = ANY($1::uuid[])) AS n`,
              [Array.from({ length: 20 }, (_v, i) => demoId(`${day}:payin:${i}`))],
            )
          ).rows[0]!.n,
        );
      expect(await logsOf('2026-03-09')).toBe(0);
      expect(await logsOf('2026-03-10')).toBeGreaterThan(20);
      await expectSettled(other);
    } finally {
      await other.close();
    }
  }, 120_000);
});
