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
 * besides). Each batch reads the entries above the last one chained by the primary key alone;
 * an id it passes that is not there (a transaction still running, or rolled back) is a hole,
 * looked up again at each run's end. Returns how many entries it chained.
 */
export async function chainEntries(db: Db): Promise<number> {
  let chained = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const n = await db.transaction((tx) => chainBatch(tx));
    chained += n;
    if (n < CHAIN_BATCH) break;
  }
  return chained + (await db.transaction(fillHoles));
}

interface Progress {
  max_chained: string;
  holes: string[];
}

const lockProgress = async (tx: Queryable) =>
  (
    await tx.query<Progress>(
      `SELECT max_chained::text, holes::text[] AS holes FROM ledger_chain_progress FOR UPDATE`,
    )
  ).rows[0]!;

/**
 * The content of the entries `where` picks, in id order (`$1`: its parameter). Read as two
 * statements, the entries and then their journals, so a journal's kind, reference and details
 * (the same for each of its three or four entries) are printed and sent once.
 */
async function contentOf(
  tx: Queryable,
  where: string,
  param: unknown,
  limit = CHAIN_BATCH,
): Promise<LinkContent[]> {
  const { rows: entries } = await tx.query<EntryPart>(
    `SELECT e.id::text AS "entryId", e.journal_id::text AS "journalId",
            e.ledger_account_id::text AS "accountId", e.currency, e.amount::text AS amount,
            (extract(epoch FROM e.created_at) * 1000000)::bigint::text AS "entryAt"
       FROM entries e WHERE ${where} ORDER BY e.id LIMIT ${limit}`,
    [param],
  );
  if (!entries.length) return [];
  const { rows: journals } = await tx.query<JournalPart & { id: string }>(
    `SELECT j.id::text, j.kind, j.ref_type AS "refType", j.ref_id::text AS "refId",
            j.owner_account_id::text AS "ownerId", coalesce(j.contract_id::text, '') AS "contractId",
            j.details::text AS details,
            (extract(epoch FROM j.created_at) * 1000000)::bigint::text AS "journalAt"
       FROM journal j WHERE j.id = ANY($1::uuid[])`,
    [[...new Set(entries.map((e) => e.journalId))]],
  );
  const byId = new Map(journals.map((j) => [j.id, j]));
  return entries.map((e) => {
    const j = byId.get(e.journalId) ?? NO_JOURNAL;
    return {
      ...e,
      kind: j.kind,
      refType: j.refType,
      refId: j.refId,
      ownerId: j.ownerId,
      contractId: j.contractId,
      details: j.details,
      journalAt: j.journalAt,
    };
  });
}

type EntryPart = Pick<
  LinkContent,
  'entryId' | 'journalId' | 'accountId' | 'currency' | 'amount' | 'entryAt'
>;
type JournalPart = Omit<LinkContent, keyof EntryPart>;
/** An entry whose journal is missing is chained with empty journal fields (ledger:check names it). */
const NO_JOURNAL: JournalPart = {
  kind: '',
  refType: '',
  refId: '',
  ownerId: '',
  contractId: '',
  details: '',
  journalAt: '',
};

async function chainBatch(tx: Queryable): Promise<number> {
  const progress = await lockProgress(tx);
  const rows = await contentOf(tx, `e.id > $1`, progress.max_chained);
  if (!rows.length) return 0;
  const passed: string[] = [];
  let expected = BigInt(progress.max_chained) + 1n;
  for (const row of rows) {
    for (const id = BigInt(row.entryId); expected < id; expected++)
      passed.push(expected.toString());
    expected += 1n;
  }
  await chainRows(tx, rows);
  await tx.query(
    `UPDATE ledger_chain_progress
        SET max_chained = $1, holes = holes || $2::bigint[], chained = chained + $3, updated_at = now()`,
    [rows.at(-1)!.entryId, passed, rows.length],
  );
  return rows.length;
}

/** Appends each row's link to its account's chain, in the rows' order, and moves the heads. */
async function chainRows(tx: Queryable, rows: readonly LinkContent[]) {
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
 * Chains the holes that have filled (a transaction that committed after the chainer passed
 * its ids), and drops the holes that never will: once every transaction that was running when
 * `pending_max` was taken has finished (`pg_snapshot_xmin` has passed `pending_xid`), an id up
 * to it that is still missing was rolled back. An entry id is taken inside a transaction that
 * already has its id, so a transaction that could still write one up to `pending_max` is older
 * than `pending_xid`. The first statement decides that, so the hole lookup after it sees every
 * such transaction's rows. After a restore onto another cluster (transaction ids start again)
 * the pending mark is taken afresh. Returns how many entries it chained.
 */
async function fillHoles(tx: Queryable): Promise<number> {
  const { rows: marks } = await tx.query<Progress & { passed: boolean; stale: boolean }>(
    `SELECT max_chained::text, holes::text[] AS holes,
            pending_xid IS NOT NULL AND pending_xid < pg_snapshot_xmin(pg_current_snapshot()) AS passed,
            pending_xid IS NULL OR pending_xid > pg_current_xact_id() AS stale
       FROM ledger_chain_progress FOR UPDATE`,
  );
  const progress = marks[0]!;
  let filled = 0;
  if (progress.holes.length) {
    const rows = await contentOf(tx, `e.id = ANY($1::bigint[])`, progress.holes, 1_000_000);
    if (rows.length) await chainRows(tx, rows);
    filled = rows.length;
    await tx.query(
      `UPDATE ledger_chain_progress
          SET holes = ARRAY(SELECT h FROM unnest(holes) h WHERE h <> ALL($1::bigint[])),
              chained = chained + $2`,
      [rows.map((r) => r.entryId), filled],
    );
  }
  const { passed, stale } = progress;
  if (passed || stale)
    await tx.query(
      `UPDATE ledger_chain_progress SET
         holes = CASE WHEN $1 THEN ARRAY(SELECT h FROM unnest(holes) h WHERE h > pending_max) ELSE holes END,
         low_water = CASE WHEN $1 THEN pending_max ELSE low_water END,
         pending_max = max_chained,
         pending_xid = pg_current_xact_id()`,
      [passed],
    );
  return filled;
}
