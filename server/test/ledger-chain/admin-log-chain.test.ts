import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chainAll } from '../../src/ledger/chain/chain-all';
import { findChainBreaks } from '../../src/ledger/chain/chain-check';
import { ADMIN_LOG_CHAIN_ID } from '../../src/ledger/chain/chain-hash';
import { sealDay } from '../../src/ledger/chain/seals';
import { recordAdminLog } from '../../src/modules/admin-logs/admin-log';
import { noDatabaseBeingCopiedOrDropped, testDatabaseKind } from '../support/test-db';
import { ADMIN, startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { behindTheProductsBack, daysAgo, dayText, SEAL_SETTINGS } from './chain-world';

let t: MoneyApp;
const breaks = () => findChainBreaks(t.db, SEAL_SETTINGS.sealKeySecret);
const ORIGIN = { clientIp: '203.0.113.9', userAgent: 'test', requestId: 'admin-log-chain' };

/** Writes one admin log row as the product does, dated `at`; answers its number. */
async function logAt(action: string, at: Date): Promise<string> {
  await t.db.transaction((tx) =>
    recordAdminLog(tx, ORIGIN, {
      action,
      actor: null,
      actorLabel: 'chain-test',
      targetType: 'test',
      targetId: action,
      before: { note: 'before' },
      after: { note: 'after', amount: '10.00' },
      at,
    }),
  );
  return seqOf(action);
}

const seqOf = async (action: string) =>
  (
    await t.db.query<{ seq: string }>(`SELECT seq::text FROM admin_logs WHERE action = $1`, [
      action,
    ])
  ).rows[0]!.seq;

let old = '';
beforeAll(async () => {
  t = await startMoneyApp();
  // The chain started two months ago; a row of 35 days ago is sealed 34 days ago, the rest by
  // yesterday's seal.
  await t.db.query(`UPDATE ledger_chain_progress SET started_at = now() - interval '60 days'`);
  old = await logAt('test.old', daysAgo(35));
  await chainAll(t.db);
  await sealDay(t.db, SEAL_SETTINGS, dayText(daysAgo(34)), daysAgo(33));
  await logAt('test.recent', new Date());
  await chainAll(t.db);
  await sealDay(t.db, SEAL_SETTINGS, dayText(daysAgo(1)));
});
// The chain's holes wait for the cluster's oldest transaction: no test database copy is one.
beforeEach(() => noDatabaseBeingCopiedOrDropped());
afterAll(() => t.close());

describe("the admin log's chain", () => {
  it('links every row once, in one chain whose head each seal covers, and holds', async () => {
    const { rows } = await t.db.query<{ rows: string; links: string; distinct: string }>(
      `SELECT (SELECT count(*) FROM admin_logs)::text AS rows,
              (SELECT count(*) FROM admin_log_chain)::text AS links,
              (SELECT count(DISTINCT log_seq) FROM admin_log_chain)::text AS distinct`,
    );
    expect(Number(rows[0]!.rows)).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toEqual({ rows: rows[0]!.rows, links: rows[0]!.rows, distinct: rows[0]!.rows });
    const { rows: heads } = await t.db.query<{ day: string; seq: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, seq::text FROM seal_heads
        WHERE ledger_account_id = $1 ORDER BY day`,
      [ADMIN_LOG_CHAIN_ID],
    );
    expect(heads.map((h) => h.day)).toEqual([dayText(daysAgo(34)), dayText(daysAgo(1))]);
    expect(heads[1]!.seq).toBe(rows[0]!.rows);
    expect(await breaks()).toEqual([]);
  });

  it('names a row of a month ago changed behind the trigger, and holds once it is put back', async () => {
    const change = (action: string) =>
      behindTheProductsBack(t.db, ['admin_logs'], () =>
        t.db.query(`UPDATE admin_logs SET action = $1 WHERE seq = $2`, [action, old]),
      );
    await change('test.forged');
    expect(await breaks()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^admin log row ${old} \\(link \\d+ of the admin log's chain\\) no longer matches its link: the row was changed`,
        ),
      ),
    ]);
    await change('test.old');
    expect(await breaks()).toEqual([]);
  });

  it('names a deleted row', async () => {
    await t.db.query(`CREATE TABLE kept_admin_log AS SELECT * FROM admin_logs WHERE seq = $1`, [
      old,
    ]);
    await behindTheProductsBack(t.db, ['admin_logs'], () =>
      t.db.query(`DELETE FROM admin_logs WHERE seq = $1`, [old]),
    );
    expect(await breaks()).toEqual([
      expect.stringMatching(
        new RegExp(`^admin log row ${old} .* the row is gone: a log row was deleted`),
      ),
    ]);
    await t.db.query(`INSERT INTO admin_logs OVERRIDING SYSTEM VALUE SELECT * FROM kept_admin_log`);
    await t.db.query(`DROP TABLE kept_admin_log`);
    expect(await breaks()).toEqual([]);
  });

  it('names rows inserted into a sealed day, and rows slipped below the chain’s mark', async () => {
    // Twice: the first run marks where the chain is, the second moves past it.
    await chainAll(t.db);
    await chainAll(t.db);
    const inserted = await logAt('test.backdated', daysAgo(30));
    await chainAll(t.db);
    expect(await breaks()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^admin log row ${inserted} .* is dated ${dayText(daysAgo(30))} but was chained after the seal of ${dayText(daysAgo(1))}: it was written into a sealed day`,
        ),
      ),
    ]);
    await t.db.query(
      `INSERT INTO admin_logs (seq, action, outcome) OVERRIDING SYSTEM VALUE VALUES (-7, 'test.slipped', 'success')`,
    );
    await chainAll(t.db);
    expect(await breaks()).toContainEqual(
      "admin log row -7 was never chained though the chain passed it: it was written behind the chain's back",
    );
    await behindTheProductsBack(t.db, ['admin_logs', 'admin_log_chain'], async () => {
      await t.db.query(`DELETE FROM admin_logs WHERE seq IN (-7, $1)`, [inserted]);
      await t.db.query(`DELETE FROM admin_log_chain WHERE log_seq = $1`, [inserted]);
      await t.db.query(
        `UPDATE ledger_chain_heads SET seq = c.seq, hash = c.hash
           FROM (SELECT seq, hash FROM admin_log_chain ORDER BY seq DESC LIMIT 1) c
          WHERE ledger_account_id = $1`,
        [ADMIN_LOG_CHAIN_ID],
      );
    });
    expect(await breaks()).toEqual([]);
  });

  it('finds a removed link, and a head moved back to hide it', async () => {
    const { rows } = await t.db.query<{ seq: string; log_seq: string; hash: Buffer }>(
      `SELECT seq::text, log_seq::text, hash FROM admin_log_chain ORDER BY seq DESC LIMIT 1`,
    );
    const last = rows[0]!;
    await behindTheProductsBack(t.db, ['admin_log_chain', 'admin_logs'], async () => {
      await t.db.query(`DELETE FROM admin_log_chain WHERE seq = $1`, [last.seq]);
    });
    const found = await breaks();
    expect(found).toContainEqual(
      'the chain head of the admin log is not the last link of its chain',
    );
    expect(found).toContainEqual(
      expect.stringMatching(/^seal of .*: the account heads it covers no longer give its root/),
    );
    await t.db.query(`INSERT INTO admin_log_chain (seq, log_seq, hash) VALUES ($1, $2, $3)`, [
      last.seq,
      last.log_seq,
      last.hash,
    ]);
    expect(await breaks()).toEqual([]);
  });

  it('a seal re-signed without the platform’s key does not verify', async () => {
    const forged = generateKeyPairSync('ed25519').privateKey;
    const { rows } = await t.db.query<{ day: string }>(
      `SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM ledger_seals`,
    );
    await behindTheProductsBack(t.db, ['ledger_seals'], () =>
      t.db.query(`UPDATE ledger_seals SET signature = $1 WHERE day = $2`, [
        sign(null, Buffer.from('anything'), forged),
        rows[0]!.day,
      ]),
    );
    expect(await breaks()).toContainEqual(
      expect.stringMatching(/^seal of .*: its signature does not verify with its key/),
    );
  });

  it('is counted on the seals screen: rows chained, and rows written since (the sign-in)', async () => {
    const status = await t.as(ADMIN, 'getLedgerChainStatus', {});
    const { rows } = await t.db.query<{ chained: string; waiting: string }>(
      `SELECT (SELECT chained FROM admin_log_chain_progress)::text AS chained,
              (SELECT count(*) FROM admin_logs l
                WHERE NOT EXISTS (SELECT 1 FROM admin_log_chain c WHERE c.log_seq = l.seq))::text AS waiting`,
    );
    expect(status.data).toMatchObject({
      admin_log_chained: rows[0]!.chained,
      admin_log_waiting: rows[0]!.waiting,
    });
    expect(Number(rows[0]!.waiting)).toBeGreaterThan(0);
  });
});

// Only PostgreSQL has a second connection to hold a transaction open on.
describe.skipIf(testDatabaseKind() !== 'postgres')(
  'an admin log row whose transaction commits late',
  () => {
    it('is chained once it commits: the mark never passes a number a running transaction holds', async () => {
      const fresh = await startMoneyApp();
      try {
        const low = async () =>
          BigInt(
            (
              await fresh.db.query<{ low: string }>(
                `SELECT low_water::text AS low FROM admin_log_chain_progress`,
              )
            ).rows[0]!.low,
          );
        let commit!: () => void;
        const held = new Promise<void>((resolve) => (commit = resolve));
        let heldSeq = '';
        const late = fresh.db.transaction(async (tx) => {
          await recordAdminLog(tx, ORIGIN, { action: 'test.late', actor: null });
          heldSeq = (
            await tx.query<{ seq: string }>(
              `SELECT seq::text FROM admin_logs WHERE action = 'test.late'`,
            )
          ).rows[0]!.seq;
          await held;
        });
        while (!heldSeq) await Promise.race([new Promise((r) => setImmediate(r)), late]);
        await fresh.db.transaction((tx) =>
          recordAdminLog(tx, ORIGIN, { action: 'test.after', actor: null }),
        );
        for (let i = 0; i < 3; i++) await chainAll(fresh.db);
        expect(await low()).toBeLessThan(BigInt(heldSeq));
        commit();
        await late;
        // The mark moves once every transaction of the cluster older than the chainer's last
        // run has ended: other test files' transactions too, so run until it has, within 20 s.
        const until = Date.now() + 20_000;
        do await chainAll(fresh.db);
        while ((await low()) < BigInt(heldSeq) && Date.now() < until);
        const { rows } = await fresh.db.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM admin_logs l WHERE NOT EXISTS (SELECT 1 FROM admin_log_chain c WHERE c.log_seq = l.seq)`,
        );
        expect(rows[0]!.n).toBe('0');
        expect(await low()).toBeGreaterThanOrEqual(BigInt(heldSeq));
        expect(await findChainBreaks(fresh.db, SEAL_SETTINGS.sealKeySecret)).toEqual([]);
      } finally {
        await fresh.close();
      }
    });
  },
);
