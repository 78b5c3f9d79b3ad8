import type { Db } from '../../db/db';
import { journalDigestSql, linkHashSql } from './link-hash-sql';
import { readChainPage } from './page-read';
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
  /**
   * The seq of the link before it in its account's chain ('0' for the first); null for a link
   * found only as written into a sealed day (its order holds).
   */
  previousSeq: string | null;
  /** The entry is gone. */
  missing: boolean;
  /** Its hash or account no longer matches the entry and journal as they are now. */
  changed: boolean;
  /** Its balance is not the one before it plus its amount. */
  badBalance: boolean;
  /** Its entry's time, microseconds since the epoch ('' when the entry is gone). */
  entryAt: string;
}

/** Segments checked at once, each on its own connection (a core of the database's each). */
const SEGMENTS_AT_ONCE = 4;

/** What the walk finds: the broken links, and the entries below the mark with no link. */
export interface WalkFindings {
  readonly links: BrokenLink[];
  /** Ids of entries at or below the chain's low-water mark that have no link, in id order. */
  readonly unchained: string[];
}

/**
 * Every broken link of the chain, in chain order (the segments', at most `limit` each, and the
 * links that may have been written into a sealed day, `INTO_SEALED_DAYS`, read beside them),
 * and the entries the chain passed without linking.
 */
export async function findBrokenLinks(db: Db, limit: number): Promise<WalkFindings> {
  const segments = await chainSegments(db);
  const found: WalkRow[][] = [];
  let next = 0;
  const checkNext = async (): Promise<void> => {
    for (let at = next++; at < segments.length; at = next++)
      found[at] = await walkSegment(db, segments[at]!, limit);
  };
  const [late] = await Promise.all([
    linksIntoSealedDays(db, limit),
    ...Array.from({ length: Math.min(SEGMENTS_AT_ONCE, segments.length) }, checkNext),
  ]);
  const rows = found.flat();
  const byLink = new Map(
    rows.filter((row) => !row.unchained).map((row) => [keyOf(row), linkOf(row)]),
  );
  for (const link of late) if (!byLink.has(keyOf(link))) byLink.set(keyOf(link), link);
  return {
    links: [...byLink.values()].sort(inChainOrder),
    unchained: rows.filter((row) => row.unchained).map((row) => row.entryIdOfLink),
  };
}

type WalkRow = BrokenLink & { unchained: boolean };
const linkOf = ({ unchained: _, ...link }: WalkRow): BrokenLink => link;
const keyOf = (link: BrokenLink) => `${link.linkAccount} ${link.seq}`;
const compare = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
const inChainOrder = (a: BrokenLink, b: BrokenLink) =>
  compare(a.linkAccount, b.linkAccount) || compare(BigInt(a.seq), BigInt(b.seq));

/** The links `INTO_SEALED_DAYS` finds, as broken links whose seq order was checked apart. */
async function linksIntoSealedDays(db: Db, limit: number): Promise<BrokenLink[]> {
  const rows = await readChainPage<
    Pick<BrokenLink, 'linkAccount' | 'seq' | 'entryIdOfLink' | 'entryAt'>
  >(db, INTO_SEALED_DAYS, [limit]);
  return rows.map((row) => ({
    ...row,
    previousSeq: null,
    missing: false,
    changed: false,
    badBalance: false,
  }));
}

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
  `SET LOCAL work_mem = '48MB'`,
];

const PREVIOUS = (column: string) =>
  `CASE WHEN l.lag_seq = l.seq - 1 THEN l.lag_${column} ELSE p.${column} END`;

/**
 * One segment's walk: the links of its entry ids (`ledger_chain_entry_key`) with the link
 * before each in its account's chain (from the segment's own links in chain order, or looked up
 * where that one lies in another segment), beside the segment's entries (`entries_pkey`) and
 * their journals (the pages `journalPagesOf` placed, each hashed once, or looked up where one
 * lies outside them). Answers the broken links and the unchained entries only.
 */
const SEGMENT_WALK = `
WITH links AS (
  SELECT c.ledger_account_id, c.seq, c.entry_id, c.balance, c.hash, c.version,
         lag(c.seq) OVER w AS lag_seq, lag(c.hash) OVER w AS lag_hash,
         lag(c.balance) OVER w AS lag_balance
    FROM ledger_chain c
   WHERE c.entry_id BETWEEN $1::bigint AND $2::bigint
  WINDOW w AS (PARTITION BY c.ledger_account_id ORDER BY c.seq)
),
placed AS (
  SELECT j.*, ${journalDigestSql('j')} AS digest
    FROM journal j WHERE j.ctid >= $3::tid AND j.ctid < $4::tid
),
walked AS (
  SELECT l.ledger_account_id AS link_account, l.seq, l.entry_id, l.balance, l.hash, l.version,
         ${PREVIOUS('seq')} AS previous_seq, ${PREVIOUS('hash')} AS previous_hash,
         ${PREVIOUS('balance')} AS previous_balance,
         e.id, e.journal_id, e.ledger_account_id, e.currency, e.amount, e.created_at,
         coalesce(pj.id, lj.id) AS j_id, coalesce(pj.kind, lj.kind) AS kind,
         coalesce(pj.ref_type, lj.ref_type) AS ref_type, coalesce(pj.ref_id, lj.ref_id) AS ref_id,
         coalesce(pj.owner_account_id, lj.owner_account_id) AS owner_account_id,
         coalesce(pj.contract_id, lj.contract_id) AS contract_id,
         coalesce(pj.details, lj.details) AS details,
         coalesce(pj.created_at, lj.created_at) AS j_created_at,
         coalesce(pj.digest, lj.digest) AS digest
    FROM links l
    FULL JOIN (SELECT * FROM entries WHERE id BETWEEN $1::bigint AND $2::bigint) e
      ON e.id = l.entry_id
    LEFT JOIN LATERAL (
      SELECT p.seq, p.hash, p.balance FROM ledger_chain p
       WHERE p.ledger_account_id = l.ledger_account_id AND p.seq < l.seq
         AND l.lag_seq IS DISTINCT FROM l.seq - 1
       ORDER BY p.seq DESC LIMIT 1) p ON true
    LEFT JOIN placed pj ON pj.id = e.journal_id
    LEFT JOIN LATERAL (
      SELECT j.*, ${journalDigestSql('j')} AS digest FROM journal j
       WHERE j.id = e.journal_id AND pj.id IS NULL OFFSET 0) lj ON true
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
         w.balance <> coalesce(w.previous_balance, 0) + w.amount AS bad_balance
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
 ORDER BY unchained, link_account, seq, id
 LIMIT $5`;

/**
 * Links that may have been written into a sealed day, at most `limit` per seal: for each seal's
 * head of an account, the links it covers first (after the account's head at the seal before
 * it that moved it, up to its own), dated on or before the seal before that seal; and the
 * links past an account's last sealed head, dated on or before the last seal. Each range is an
 * index walk of the links it holds, so the whole chain is read once. A seal's heads only move
 * forward (one moved back changes its seal's root, which the seals' check names); an account
 * never sealed is found by its chain head (links without a head, the heads' check names). The
 * caller names the seal with `previousSealDay`, the exact rule.
 */
const INTO_SEALED_DAYS = `
WITH seals AS MATERIALIZED (
  SELECT day, lag(day) OVER (ORDER BY day) AS before FROM ledger_seals
),
last_seal AS MATERIALIZED (SELECT max(day) AS day FROM ledger_seals),
ranges AS MATERIALIZED (
  SELECT h.ledger_account_id,
         coalesce(lag(h.seq) OVER (PARTITION BY h.ledger_account_id ORDER BY h.day), 0) AS after_seq,
         h.seq AS up_to, s.before AS sealed_after
    FROM seal_heads h JOIN seals s ON s.day = h.day
  UNION ALL
  SELECT h.ledger_account_id, max(h.seq), NULL, (SELECT day FROM last_seal)
    FROM seal_heads h GROUP BY h.ledger_account_id
  UNION ALL
  SELECT a.ledger_account_id, 0, NULL, (SELECT day FROM last_seal)
    FROM ledger_chain_heads a
   WHERE NOT EXISTS (SELECT 1 FROM seal_heads h WHERE h.ledger_account_id = a.ledger_account_id)
)
SELECT r.ledger_account_id::text AS "linkAccount", late.seq::text,
       late.entry_id::text AS "entryIdOfLink", late.entry_at AS "entryAt"
  FROM ranges r
 CROSS JOIN LATERAL (
   SELECT c.seq, c.entry_id, (extract(epoch FROM e.created_at) * 1000000)::bigint::text AS entry_at
     FROM ledger_chain c JOIN entries e ON e.id = c.entry_id
    WHERE c.ledger_account_id = r.ledger_account_id AND c.seq > r.after_seq
      AND (r.up_to IS NULL OR c.seq <= r.up_to)
      AND (e.created_at AT TIME ZONE 'UTC')::date <= r.sealed_after
    ORDER BY c.seq LIMIT $1) late
 WHERE r.sealed_after IS NOT NULL`;
