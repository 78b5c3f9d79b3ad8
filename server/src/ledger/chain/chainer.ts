import type { Db, Queryable } from '../../db/db';
import { linkHash, type LinkContent } from './chain-hash';

/** Entries chained per transaction of the chainer, and transactions per run. */
export const CHAIN_BATCH = 2_000;
const BATCHES_PER_RUN = 25;

/**
 * Each entry's content as a link covers it: exact text for every value (amounts, microsecond
 * times, the journal's jsonb as PostgreSQL prints it). Shared with the check, which recomputes
 * every link from the rows as they are now.
 */
export const LINK_CONTENT_COLUMNS = `
  e.id::text AS "entryId", e.journal_id::text AS "journalId",
  e.ledger_account_id::text AS "accountId", e.currency, e.amount::text AS amount,
  (extract(epoch FROM e.created_at) * 1000000)::bigint::text AS "entryAt",
  coalesce(j.kind, '') AS kind, coalesce(j.ref_type, '') AS "refType",
  coalesce(j.ref_id::text, '') AS "refId", coalesce(j.owner_account_id::text, '') AS "ownerId",
  coalesce(j.contract_id::text, '') AS "contractId", coalesce(j.details::text, '') AS details,
  coalesce((extract(epoch FROM j.created_at) * 1000000)::bigint::text, '') AS "journalAt"`;

interface Head {
  seq: bigint;
  balance: bigint;
  hash: string;
}

/**
 * Chains the entries committed since the last run (docs/money.md, "The chain and its seals"):
 * each gets the next link of its account's chain. Runs after the entries' own transactions,
 * so the append path pays nothing; one process at a time (`runAlone`; the progress row's lock
 * besides). Returns how many entries it chained.
 */
export async function chainEntries(db: Db): Promise<number> {
  let chained = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const n = await db.transaction((tx) => chainBatch(tx));
    chained += n;
    if (n < CHAIN_BATCH) break;
  }
  await db.transaction(advanceLowWater);
  return chained;
}

async function chainBatch(tx: Queryable): Promise<number> {
  const { rows: progress } = await tx.query<{ low_water: string }>(
    `SELECT low_water::text FROM ledger_chain_progress FOR UPDATE`,
  );
  const { rows } = await tx.query<LinkContent>(
    `SELECT ${LINK_CONTENT_COLUMNS}
       FROM entries e LEFT JOIN journal j ON j.id = e.journal_id
      WHERE e.id > $1 AND NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.entry_id = e.id)
      ORDER BY e.id LIMIT $2`,
    [progress[0]!.low_water, CHAIN_BATCH],
  );
  if (!rows.length) return 0;
  const heads = await headsOf(tx, [...new Set(rows.map((r) => r.accountId))]);
  const links = rows.map((content) => {
    const head = heads.get(content.accountId) ?? { seq: 0n, balance: 0n, hash: '' };
    const next: Head = {
      seq: head.seq + 1n,
      balance: head.balance + BigInt(content.amount),
      hash: '',
    };
    next.hash = linkHash(
      { previous: head.hash, seq: next.seq.toString(), balance: next.balance.toString() },
      content,
    );
    heads.set(content.accountId, next);
    return { entryId: content.entryId, accountId: content.accountId, ...next };
  });
  await tx.query(
    `INSERT INTO ledger_chain (entry_id, ledger_account_id, seq, balance, hash)
     SELECT e, a, s, b, decode(h, 'hex') FROM unnest($1::bigint[], $2::uuid[], $3::bigint[], $4::bigint[], $5::text[]) AS t(e, a, s, b, h)`,
    [
      links.map((l) => l.entryId),
      links.map((l) => l.accountId),
      links.map((l) => l.seq.toString()),
      links.map((l) => l.balance.toString()),
      links.map((l) => l.hash),
    ],
  );
  const moved = [...heads];
  await tx.query(
    `INSERT INTO ledger_chain_heads (ledger_account_id, seq, balance, hash)
     SELECT a, s, b, decode(h, 'hex') FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $4::text[]) AS t(a, s, b, h)
     ON CONFLICT (ledger_account_id) DO UPDATE SET seq = excluded.seq, balance = excluded.balance, hash = excluded.hash`,
    [
      moved.map(([id]) => id),
      moved.map(([, h]) => h.seq.toString()),
      moved.map(([, h]) => h.balance.toString()),
      moved.map(([, h]) => h.hash),
    ],
  );
  await tx.query(`UPDATE ledger_chain_progress SET chained = chained + $1, updated_at = now()`, [
    links.length,
  ]);
  return links.length;
}

async function headsOf(tx: Queryable, accountIds: string[]): Promise<Map<string, Head>> {
  const { rows } = await tx.query<{ id: string; seq: string; balance: string; hash: string }>(
    `SELECT ledger_account_id::text AS id, seq::text, balance::text, encode(hash, 'hex') AS hash
       FROM ledger_chain_heads WHERE ledger_account_id = ANY($1::uuid[])`,
    [accountIds],
  );
  return new Map(
    rows.map((r) => [r.id, { seq: BigInt(r.seq), balance: BigInt(r.balance), hash: r.hash }]),
  );
}

/**
 * Moves the low-water mark (where the next run starts looking) to the newest entry of an
 * earlier run, once every transaction that was running then has finished: no entry up to it
 * can still appear. An entry id is taken when its row is inserted, inside a transaction that
 * already has its id, so a transaction that could still write an id up to `pending_max` is
 * older than `pending_xid`. After a restore onto another cluster (transaction ids start again)
 * the pending mark is taken afresh.
 */
async function advanceLowWater(tx: Queryable): Promise<void> {
  await tx.query(
    `WITH p AS (SELECT * FROM ledger_chain_progress FOR UPDATE),
     done AS (
       SELECT p.pending_xid IS NOT NULL
              AND p.pending_xid < pg_snapshot_xmin(pg_current_snapshot())
              AND NOT EXISTS (SELECT 1 FROM entries e
                               WHERE e.id > p.low_water AND e.id <= p.pending_max
                                 AND NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.entry_id = e.id)) AS passed,
              p.pending_xid IS NULL OR p.pending_xid > pg_current_xact_id() AS stale
         FROM p)
     UPDATE ledger_chain_progress lp SET
       low_water = CASE WHEN done.passed THEN p.pending_max ELSE p.low_water END,
       pending_max = CASE WHEN done.passed OR done.stale
                          THEN (SELECT coalesce(max(id), 0) FROM entries) ELSE p.pending_max END,
       pending_xid = CASE WHEN done.passed OR done.stale THEN pg_current_xact_id() ELSE p.pending_xid END
      FROM p, done`,
  );
}
