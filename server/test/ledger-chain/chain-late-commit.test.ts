import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chainEntries } from '../../src/ledger/chain/chainer';
import { findChainBreaks } from '../../src/ledger/chain/chain-check';
import { accountKey, platformKey } from '../../src/ledger/ledger-accounts';
import { postJournals } from '../../src/ledger/postings';
import { noDatabaseBeingCopiedOrDropped, testDatabaseKind } from '../support/test-db';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { postAt, SEAL_SETTINGS } from './chain-world';

let t: MoneyApp;
beforeAll(async () => {
  t = await startMoneyApp();
});
// The chain's holes wait for the cluster's oldest transaction: no test database copy is one.
beforeEach(() => noDatabaseBeingCopiedOrDropped());
afterAll(() => t.close());

const lowWater = async () =>
  BigInt(
    (await t.db.query<{ low: string }>(`SELECT low_water::text AS low FROM ledger_chain_progress`))
      .rows[0]!.low,
  );

// Only PostgreSQL has a second connection to hold a transaction open on.
describe.skipIf(testDatabaseKind() !== 'postgres')(
  'an entry whose transaction commits late',
  () => {
    it('is chained once it commits: the mark never passes an id a running transaction holds', async () => {
      const merchantId = await t.accountId('MER00001');
      // Opens the accounts first: a transaction opening one holds its row until it commits.
      await postAt(t.db, merchantId, 1n, new Date());
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let heldEntry = '';
      // Half an hour back: the held entry's report rollup is another row than the later
      // entries' (rollups are per half-hour, account, kind and one of 16 slots), so their
      // commits never wait on the held transaction's row (they did one run in sixteen).
      const halfAnHourAgo = new Date(Date.now() - 30 * 60_000);
      const late = t.db.transaction(async (tx) => {
        const [journalId] = await postJournals(tx, [
          {
            ownerAccountId: merchantId,
            kind: 'adjustment.credit',
            refType: 'chain_test',
            refId: crypto.randomUUID(),
            createdAt: halfAnHourAgo,
            entries: [
              { account: accountKey(merchantId, 'THB', 'available'), amount: 9n },
              { account: platformKey('THB', 'platform_fees'), amount: -9n },
            ],
          },
        ]);
        const { rows } = await tx.query<{ id: string }>(
          `SELECT min(id)::text AS id FROM entries WHERE journal_id = $1`,
          [journalId],
        );
        heldEntry = rows[0]!.id;
        await held;
      });
      // (A late transaction that fails says why here, rather than leave this loop waiting.)
      while (!heldEntry) await Promise.race([new Promise((r) => setImmediate(r)), late]);
      // Later ids commit first, and the chain runs over them several times.
      await postAt(t.db, merchantId, 11n, new Date());
      for (let i = 0; i < 3; i++) await chainEntries(t.db);
      expect(await lowWater()).toBeLessThan(BigInt(heldEntry));
      commit();
      await late;
      await chainEntries(t.db);
      const { rows } = await t.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.entry_id = e.id)`,
      );
      expect(rows[0]!.n).toBe('0');
      // The mark moves once every transaction of the cluster older than the chainer's last
      // run has ended: other test files' transactions too, so run until it has, within 20 s.
      const until = Date.now() + 20_000;
      do await chainEntries(t.db);
      while ((await lowWater()) < BigInt(heldEntry) && Date.now() < until);
      expect(await lowWater()).toBeGreaterThanOrEqual(BigInt(heldEntry));
      expect(await findChainBreaks(t.db, SEAL_SETTINGS.sealKeySecret)).toEqual([]);
    });
  },
);
