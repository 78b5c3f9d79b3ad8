import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainEntries } from '../../src/ledger/chain/chainer';
import type { Db } from '../../src/db/db';
import { openPostgres } from '../../src/db/postgres';
import { findChainBreaks } from '../../src/ledger/chain/chain-check';
import { brokenLinksOf } from '../../src/ledger/chain/link-check';
import { HOLDS_FIRST_FORMAT } from '../../src/ledger/chain/segment-walk-sql';
import { noDatabaseBeingCopiedOrDropped } from '../support/test-db';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { behindTheProductsBack, daysAgo, postAt, SEAL_SETTINGS } from './chain-world';

/**
 * Links of both formats in one chain (migration 0951): the ones written before `bo-ledger-2`
 * stay as they were and the chain goes on from them; ledger:check recomputes each in its own
 * format, so a change on either side is named, and so is a format no one wrote.
 */
let t: MoneyApp;
let merchantId: string;
let old: { journalId: string; entryIds: string[] };
let recent: { journalId: string; entryIds: string[] };
const breaks = () => findChainBreaks(t.db, SEAL_SETTINGS.sealKeySecret);

beforeAll(async () => {
  noDatabaseBeingCopiedOrDropped();
  t = await startMoneyApp();
  merchantId = await t.accountId('MER00001');
  old = await postAt(t.db, merchantId, 300n, daysAgo(2));
  await chainEntries(t.db, 1);
  recent = await postAt(t.db, merchantId, 400n, daysAgo(1));
  await chainEntries(t.db);
});
afterAll(() => t.close());

/**
 * Runs `work` on a pool of one connection whose client encoding was set to LATIN1 (node-postgres
 * asks for UTF8 when it connects; a session can change it). PostgreSQL only: PGlite answers no
 * rows and no error to a value its client encoding cannot hold (measured), and the product never
 * changes it there.
 */
async function withLatin1Client(work: (db: Db) => Promise<void>) {
  const db = await openPostgres(await thisDatabaseUrl(), 1);
  try {
    await db.query(`SET client_encoding = 'LATIN1'`);
    await work(db);
  } finally {
    await db.close();
  }
}

async function thisDatabaseUrl() {
  const { rows } = await t.db.query<{ name: string }>(`SELECT current_database() AS name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

const setVersion = (entryId: string, version: number) =>
  behindTheProductsBack(t.db, ['ledger_chain'], () =>
    t.db.query(`UPDATE ledger_chain SET version = $1 WHERE entry_id = $2`, [version, entryId]),
  );

const linkOf = async (entryId: string) =>
  (
    await t.db.query<{ version: number; seq: string }>(
      `SELECT version, seq::text FROM ledger_chain WHERE entry_id = $1`,
      [entryId],
    )
  ).rows[0]!;

describe('links of both formats in one chain', () => {
  it('holds: each link checked in the format it was written in', async () => {
    expect((await linkOf(old.entryIds[0]!)).version).toBe(1);
    expect((await linkOf(recent.entryIds[0]!)).version).toBe(2);
    expect(await breaks()).toEqual([]);
  });

  it('names a changed amount on an old link and a changed journal on a new one', async () => {
    const [oldEntry] = old.entryIds;
    const change = (by: number) =>
      behindTheProductsBack(t.db, ['entries'], () =>
        t.db.query(`UPDATE entries SET amount = amount + $1 WHERE id = $2`, [by, oldEntry]),
      );
    await change(5);
    try {
      expect(await breaks()).toEqual([
        expect.stringMatching(new RegExp(`^entry ${oldEntry} .* no longer matches its link`)),
      ]);
    } finally {
      await change(-5);
    }
    const details = (note: string) =>
      behindTheProductsBack(t.db, ['journal'], () =>
        t.db.query(
          `UPDATE journal SET details = jsonb_build_object('note', $1::text) WHERE id = $2`,
          [note, recent.journalId],
        ),
      );
    await details('changed');
    try {
      const found = await breaks();
      // Both entries of the journal: its digest is in each of their links.
      expect(found).toHaveLength(2);
      for (const entry of recent.entryIds)
        expect(found).toContainEqual(
          expect.stringMatching(new RegExp(`^entry ${entry} .* no longer matches its link`)),
        );
    } finally {
      await details('a test movement');
    }
    expect(await breaks()).toEqual([]);
  });

  it('holds an entry chained while its journal was missing, and names the journal put in later', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO entries (journal_id, ledger_account_id, currency, amount)
       SELECT gen_random_uuid(), ledger_account_id, currency, 9 FROM entries WHERE id = $1
       RETURNING id::text`,
      [recent.entryIds[0]],
    );
    const orphan = rows[0]!.id;
    await chainEntries(t.db);
    expect((await linkOf(orphan)).version).toBe(2);
    expect(await breaks()).toEqual([]);
    const { rows: journal } = await t.db.query<{ journal_id: string }>(
      `SELECT journal_id::text FROM entries WHERE id = $1`,
      [orphan],
    );
    await t.db.query(
      `INSERT INTO journal (id, owner_account_id, kind, ref_type, ref_id)
       VALUES ($1, $2, 'adjustment.credit', 'chain_test', gen_random_uuid())`,
      [journal[0]!.journal_id, merchantId],
    );
    expect(await breaks()).toEqual([
      expect.stringMatching(new RegExp(`^entry ${orphan} .* no longer matches its link`)),
    ]);
    await behindTheProductsBack(t.db, ['journal'], () =>
      t.db.query(`DELETE FROM journal WHERE id = $1`, [journal[0]!.journal_id]),
    );
    expect(await breaks()).toEqual([]);
  });

  it('names a link whose format was changed to one no one writes', async () => {
    const [entry] = recent.entryIds;
    await setVersion(entry!, 3);
    try {
      expect(await breaks()).toContainEqual(
        expect.stringMatching(new RegExp(`^entry ${entry} .* no longer matches its link`)),
      );
    } finally {
      await setVersion(entry!, 2);
    }
  });

  it('names a new link set to the old format or to none, in a segment walked without old links', async () => {
    const [entry] = recent.entryIds;
    const alone = {
      first: entry!,
      last: entry!,
      sample: [entry!, entry!] as const,
      ledgerSpan: '1',
    };
    const holdsOld = async () =>
      (await t.db.query<{ holds: boolean }>(HOLDS_FIRST_FORMAT, [entry, entry])).rows[0]!.holds;
    expect(await holdsOld()).toBe(false);
    expect(await brokenLinksOf(t.db, alone, 10)).toEqual([]);
    for (const version of [1, 3]) {
      await setVersion(entry!, version);
      try {
        expect(await holdsOld()).toBe(version === 1);
        expect(await brokenLinksOf(t.db, alone, 10)).toEqual([
          expect.objectContaining({ entryIdOfLink: entry, changed: true }),
        ]);
      } finally {
        await setVersion(entry!, 2);
      }
    }
    expect(await breaks()).toEqual([]);
  });

  it('names an account whose links have no head', async () => {
    const { rows } = await t.db.query<{ account: string }>(
      `SELECT ledger_account_id::text AS account FROM ledger_chain WHERE entry_id = $1`,
      [recent.entryIds[0]],
    );
    const account = rows[0]!.account;
    const head = await t.db.query(`SELECT * FROM ledger_chain_heads WHERE ledger_account_id = $1`, [
      account,
    ]);
    await behindTheProductsBack(t.db, ['ledger_chain_heads'], () =>
      t.db.query(`DELETE FROM ledger_chain_heads WHERE ledger_account_id = $1`, [account]),
    );
    try {
      expect(await breaks()).toContainEqual(
        `the chain head of account ${account} is not the last link of its chain`,
      );
    } finally {
      const h = head.rows[0] as Record<string, unknown>;
      const columns = Object.keys(h);
      await t.db.query(
        `INSERT INTO ledger_chain_heads (${columns.join(', ')})
         VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        columns.map((c) => h[c]),
      );
    }
    expect(await breaks()).toEqual([]);
  });

  it('looks up each journal its segment did not place, in either format', async () => {
    for (const entry of [old.entryIds[0]!, recent.entryIds[0]!]) {
      const unplaced = { first: entry, last: entry, sample: null, ledgerSpan: '1' };
      expect(await brokenLinksOf(t.db, unplaced, 10)).toEqual([]);
    }
  });

  it('checks text beyond ASCII whatever encoding the client asked for', async () => {
    await postAt(t.db, merchantId, 500n, daysAgo(1), { note: 'ถอนเงิน — سحب ✓' });
    await chainEntries(t.db);
    expect(await breaks()).toEqual([]);
    if (t.db.kind !== 'postgres') return;
    await withLatin1Client(async (db) => {
      expect(
        (await db.query<{ e: string }>(`SELECT current_setting('client_encoding') AS e`)).rows[0]!
          .e,
      ).toBe('LATIN1');
      expect(await findChainBreaks(db, SEAL_SETTINGS.sealKeySecret)).toEqual([]);
    });
  });

  it('names the one-link-per-entry index dropped, and a link copied in behind it', async () => {
    await t.db.query(`DROP INDEX ledger_chain_entry_key`);
    try {
      expect(await breaks()).toEqual([
        expect.stringMatching(/ledger_chain_entry_key\) is gone or changed/),
      ]);
      const [entry] = recent.entryIds;
      await t.db.query(
        `INSERT INTO ledger_chain (ledger_account_id, seq, entry_id, balance, hash, version)
         SELECT ledger_account_id, seq + 1000, entry_id, balance, hash, version FROM ledger_chain WHERE entry_id = $1`,
        [entry],
      );
      expect(await breaks()).toContainEqual(
        `entry ${entry} has more than one link: a link was copied into the chain`,
      );
      await behindTheProductsBack(t.db, ['ledger_chain'], () =>
        t.db.query(`DELETE FROM ledger_chain WHERE entry_id = $1 AND seq > 1000`, [entry]),
      );
    } finally {
      await t.db.query(`CREATE UNIQUE INDEX ledger_chain_entry_key ON ledger_chain (entry_id)`);
    }
    expect(await breaks()).toEqual([]);
  });
});
