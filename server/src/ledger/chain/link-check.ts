import type { Db } from '../../db/db';
import { journalDigestSql, linkHashSql } from './link-hash-sql';
import { chainSegments, journalPagesOf, type ChainSegment } from './walk-segments';

/**
 * The chain's links that do not hold, found inside the database (docs/money.md, "The chain and
 * its seals"): PostgreSQL recomputes every link's hash in its format with its own functions
 * (link-hash-sql.ts, the very bytes chain-hash.ts hashes) and answers only the links that
 * break, so a walk of the whole history sends almost nothing to the server and hashes nothing
 * in JavaScript. The walk goes by entry id, in segments side by side (walk-segments.ts): each
 * reads its links, entries and journals in the order they lie, and checks each link against
 * the stored link before it in its account's chain (its hash, seq and balance).
 */
export interface BrokenLink {
  linkAccount: string;
  seq: string;
  entryIdOfLink: string;
  /** The seq of the link before it in its account's chain ('0' for the first). */
  previousSeq: string;
  /** The entry is gone. */
  missing: boolean;
  /** Its hash or account no longer matches the entry and journal as they are now. */
  changed: boolean;
  /** Its balance is not the one before it plus its amount. */
  badBalance: boolean;
  /** Its entry's time, microseconds since the epoch ('' when the entry is gone). */
  entryAt: string;
}

/**
 * Segments checked at once, each on its own connection: a core of the database's each (on two
 * cores, four at once were no faster than two, within the machine's noise; a database with
 * more cores wants more).
 */
const SEGMENTS_AT_ONCE = 2;

/** What the walk finds: the broken links, and the entries below the mark with no link. */
export interface WalkFindings {
  readonly links: BrokenLink[];
  /** Ids of entries at or below the chain's low-water mark that have no link, in id order. */
  readonly unchained: string[];
}

/**
 * Every broken link of the chain, in chain order (at most `limit` a segment), with the links
 * that may have been written into a sealed day, and the entries the chain passed without
 * linking: the segments walked side by side.
 */
export async function findBrokenLinks(db: Db, limit: number): Promise<WalkFindings> {
  const segments = await chainSegments(db);
  const found: WalkRow[][] = [];
  let next = 0;
  const walkNext = async (): Promise<void> => {
    for (let at = next++; at < segments.length; at = next++)
      found[at] = await walkSegment(db, segments[at]!, limit);
  };
  await Promise.all(Array.from({ length: Math.min(SEGMENTS_AT_ONCE, segments.length) }, walkNext));
  const rows = found.flat();
  return {
    links: rows
      .filter((row) => !row.unchained)
      .map(linkOf)
      .sort(inChainOrder),
    unchained: rows.filter((row) => row.unchained).map((row) => row.entryIdOfLink),
  };
}

type WalkRow = BrokenLink & { unchained: boolean };
const linkOf = ({ unchained: _, ...link }: WalkRow): BrokenLink => link;
const compare = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
const inChainOrder = (a: BrokenLink, b: BrokenLink) =>
  compare(a.linkAccount, b.linkAccount) || compare(BigInt(a.seq), BigInt(b.seq));

/**
 * The broken links of one segment, in chain order, at most `limit`, and its entries the chain
 * passed without a link (`unchained`). A link breaks when its seq does not follow the link
 * before it, its entry is gone, its hash (recomputed in its version, over the link before it)
 * or account does not match, or its balance is not the one before plus its amount.
 */
export async function brokenLinksOf(db: Db, segment: ChainSegment, limit: number) {
  return (await walkSegment(db, segment, limit)).map(linkOf);
}

/**
 * One segment's walk, in one short transaction on its own connection: where its journals lie,
 * then `SEGMENT_WALK` (docs/money.md, "The chain and its seals").
 */
function walkSegment(db: Db, segment: ChainSegment, limit: number) {
  return db.transaction(async (tx) => {
    for (const setting of WALK_SETTINGS) await tx.query(setting);
    const pages = await journalPagesOf(tx, segment);
    return (await tx.query<WalkRow>(SEGMENT_WALK, [segment.first, segment.last, ...pages, limit]))
      .rows;
  });
}

/**
 * The walk's settings: no parallel workers (the segments already share the cores), no JIT (it
 * compiled each segment's plan anew, about 0.1 s a segment), and room to sort and hash a
 * segment in memory.
 */
const WALK_SETTINGS = [
  'SET LOCAL max_parallel_workers_per_gather = 0',
  'SET LOCAL jit = off',
  `SET LOCAL work_mem = '32MB'`,
];

/**
 * For each account of a segment (`spans`: its links' lowest and highest place there), the
 * ranges of places its links there fall in, each with the day a link in it must be dated
 * after: the links a seal covers first (after the account's head at the seal that moved it
 * before, up to its own head) were chained after the seal before that one; the links past the
 * account's last sealed head, after the last seal. Read per account and segment, a few rows
 * each (`seal_heads_account_seq`), so the walk checks every link for a sealed day without a
 * pass of its own. A seal's heads only move forward (one moved back changes its seal's root,
 * which the seals' check names); the caller names the seal with `previousSealDay`, the exact
 * rule.
 */
const SEALED_RANGES = `sealed_ranges AS (
  SELECT s.ledger_account_id, r.after_seq, r.up_to, r.sealed_after
    FROM spans s
   CROSS JOIN LATERAL (
     SELECT coalesce(lag(h.seq) OVER (ORDER BY h.seq),
                     (SELECT max(b.seq) FROM seal_heads b
                       WHERE b.ledger_account_id = s.ledger_account_id AND b.seq < s.lo), 0) AS after_seq,
            h.seq AS up_to,
            (SELECT max(x.day) FROM ledger_seals x WHERE x.day < h.day) AS sealed_after
       FROM seal_heads h
      WHERE h.ledger_account_id = s.ledger_account_id AND h.seq >= s.lo
        AND h.seq <= coalesce((SELECT min(c.seq) FROM seal_heads c
                                WHERE c.ledger_account_id = s.ledger_account_id AND c.seq >= s.hi),
                              9223372036854775807)
     UNION ALL
     SELECT last.seq, NULL, (SELECT max(day) FROM ledger_seals)
       FROM (SELECT coalesce(max(m.seq), 0) AS seq FROM seal_heads m
              WHERE m.ledger_account_id = s.ledger_account_id) last
      WHERE s.hi > last.seq
   ) r
)`;

const PREVIOUS = (column: string) =>
  `CASE WHEN l.lag_seq = l.seq - 1 THEN l.lag_${column} ELSE p.${column} END`;

/**
 * One segment's walk: the links of its entry ids (`ledger_chain_entry_key`) merged with its
 * entries (`entries_pkey`), both read in entry order; then in chain order (account and place)
 * for the link before each (the segment's own, or looked up where that one lies in another
 * segment), and beside their journals (the pages `journalPagesOf` placed, each hashed once, or
 * looked up where one lies outside them) and the ranges a seal covered first. Answers only the
 * broken links, the links dated on or before the seal they must be dated after, and the
 * unchained entries.
 */
const SEGMENT_WALK = `
WITH paired AS (
  SELECT c.ledger_account_id, c.seq, c.entry_id, c.balance, c.hash, c.version,
         e.id AS e_id, e.journal_id AS e_journal_id, e.ledger_account_id AS e_account,
         e.currency AS e_currency, e.amount AS e_amount, e.created_at AS e_created_at
    FROM (SELECT * FROM ledger_chain WHERE entry_id BETWEEN $1::bigint AND $2::bigint) c
    FULL JOIN (SELECT * FROM entries WHERE id BETWEEN $1::bigint AND $2::bigint) e ON e.id = c.entry_id
),
links AS (
  SELECT c.*, lag(c.seq) OVER w AS lag_seq, lag(c.hash) OVER w AS lag_hash,
         lag(c.balance) OVER w AS lag_balance
    FROM paired c
  WINDOW w AS (PARTITION BY c.ledger_account_id ORDER BY c.seq)
),
spans AS (
  -- Read apart, not from links: a second reader of links would keep all its rows.
  SELECT ledger_account_id, min(seq) AS lo, max(seq) AS hi FROM ledger_chain
   WHERE entry_id BETWEEN $1::bigint AND $2::bigint GROUP BY ledger_account_id
),
${SEALED_RANGES},
placed AS (
  SELECT j.*, ${journalDigestSql('j')} AS digest
    FROM journal j WHERE j.ctid >= $3::tid AND j.ctid < $4::tid
),
walked AS (
  SELECT l.ledger_account_id AS link_account, l.seq, l.entry_id, l.balance, l.hash, l.version,
         ${PREVIOUS('seq')} AS previous_seq, ${PREVIOUS('hash')} AS previous_hash,
         ${PREVIOUS('balance')} AS previous_balance,
         l.e_id AS id, l.e_journal_id AS journal_id, l.e_account AS ledger_account_id,
         l.e_currency AS currency, l.e_amount AS amount, l.e_created_at AS created_at,
         coalesce(pj.id, lj.id) AS j_id, coalesce(pj.kind, lj.kind) AS kind,
         coalesce(pj.ref_type, lj.ref_type) AS ref_type, coalesce(pj.ref_id, lj.ref_id) AS ref_id,
         coalesce(pj.owner_account_id, lj.owner_account_id) AS owner_account_id,
         coalesce(pj.contract_id, lj.contract_id) AS contract_id,
         coalesce(pj.details, lj.details) AS details,
         coalesce(pj.created_at, lj.created_at) AS j_created_at,
         coalesce(pj.digest, lj.digest) AS digest, r.sealed_after
    FROM links l
    LEFT JOIN LATERAL (
      SELECT p.seq, p.hash, p.balance FROM ledger_chain p
       WHERE p.ledger_account_id = l.ledger_account_id AND p.seq < l.seq
         AND l.lag_seq IS DISTINCT FROM l.seq - 1
       ORDER BY p.seq DESC LIMIT 1) p ON true
    LEFT JOIN sealed_ranges r ON r.ledger_account_id = l.ledger_account_id
          AND l.seq > r.after_seq AND (r.up_to IS NULL OR l.seq <= r.up_to)
    LEFT JOIN placed pj ON pj.id = l.e_journal_id
    LEFT JOIN LATERAL (
      SELECT j.*, ${journalDigestSql('j')} AS digest FROM journal j
       WHERE j.id = l.e_journal_id AND pj.id IS NULL OFFSET 0) lj ON true
),
checked AS (
  SELECT w.*, w.entry_id IS NULL AS unchained, w.id IS NULL AS missing,
         w.ledger_account_id IS DISTINCT FROM w.link_account
           OR ${linkHashSql('w.version', {
             previousHash: 'w.previous_hash',
             seq: 'w.seq',
             balance: 'w.balance',
             entry: 'w',
             journal: 'jw',
             journalDigest: 'w.digest',
           })} IS DISTINCT FROM w.hash AS changed,
         w.balance <> coalesce(w.previous_balance, 0) + w.amount AS bad_balance,
         (w.created_at AT TIME ZONE 'UTC')::date <= w.sealed_after AS into_sealed_day
    FROM walked w
    CROSS JOIN LATERAL (SELECT w.j_id AS id, w.kind, w.ref_type, w.ref_id, w.owner_account_id,
                               w.contract_id, w.details, w.j_created_at AS created_at) jw
   WHERE w.entry_id IS NOT NULL OR w.id <= (SELECT low_water FROM ledger_chain_progress)
  -- Kept a subquery, so the hashes are computed per row as it is returned and their memory freed
  -- each row: as a join's filter they were kept until a row passed it, one sound segment's
  -- worth (gigabytes, page faults: 4× slower).
  OFFSET 0
)
SELECT coalesce(link_account, ledger_account_id)::text AS "linkAccount",
       coalesce(seq, 0)::text AS seq, coalesce(entry_id, id)::text AS "entryIdOfLink",
       coalesce(previous_seq, 0)::text AS "previousSeq", unchained, missing,
       NOT unchained AND NOT missing AND changed AS changed,
       NOT unchained AND NOT missing AND coalesce(bad_balance, false) AS "badBalance",
       coalesce((extract(epoch FROM created_at) * 1000000)::bigint::text, '') AS "entryAt"
  FROM checked
 WHERE unchained OR missing OR changed OR bad_balance OR seq <> coalesce(previous_seq, 0) + 1
    OR into_sealed_day
 ORDER BY unchained, link_account, seq, id
 LIMIT $5`;
