import type { LinkVersion } from './chain-hash';
import { journalDigestSql, linkHashSql } from './link-hash-sql';

/*
 * The statement that walks one segment of the chain for ledger:check (link-check.ts; docs/money.md,
 * "The chain and its seals"). Its parameters: $1 and $2 the segment's entry ids, $3 and $4 the
 * journal pages `journalPagesOf` placed, $5 the most rows to answer.
 */

/**
 * For each account of a segment (`spans`: its links' lowest and highest place there), the
 * ranges of places its links there fall in, each with the instant a link in it must be dated
 * at or after (the end, in UTC, of the day of the seal before the one that covers it): the
 * links a seal covers first (after the account's head at the seal that moved it before, up to
 * its own head) were chained after the seal before that one; the links past the account's last
 * sealed head, after the last seal. Read per account and segment, a few rows each
 * (`seal_heads_account_seq`), so the walk checks every link for a sealed day without a pass of
 * its own, comparing instants (a link's day in UTC, worked out per link, cost more). A seal's
 * heads only move forward (one moved back changes its seal's root, which the seals' check
 * names); the caller names the seal with `previousSealDay`, the exact rule.
 */
const SEALED_RANGES = `sealed_ranges AS (
  SELECT s.ledger_account_id, r.after_seq, r.up_to, r.sealed_until
    FROM spans s
   CROSS JOIN LATERAL (
     SELECT coalesce(lag(h.seq) OVER (ORDER BY h.seq),
                     (SELECT max(b.seq) FROM seal_heads b
                       WHERE b.ledger_account_id = s.ledger_account_id AND b.seq < s.lo), 0) AS after_seq,
            h.seq AS up_to,
            ${endOfDay('(SELECT max(x.day) FROM ledger_seals x WHERE x.day < h.day)')} AS sealed_until
       FROM seal_heads h
      WHERE h.ledger_account_id = s.ledger_account_id AND h.seq >= s.lo
        AND h.seq <= coalesce((SELECT min(c.seq) FROM seal_heads c
                                WHERE c.ledger_account_id = s.ledger_account_id AND c.seq >= s.hi),
                              9223372036854775807)
     UNION ALL
     SELECT last.seq, NULL, ${endOfDay('(SELECT max(day) FROM ledger_seals)')}
       FROM (SELECT coalesce(max(m.seq), 0) AS seq FROM seal_heads m
              WHERE m.ledger_account_id = s.ledger_account_id) last
      WHERE s.hi > last.seq
   ) r
)`;

/** The instant a UTC day (an SQL date, or null) ends. */
function endOfDay(day: string) {
  return `((${day}) + 1)::timestamp AT TIME ZONE 'UTC'`;
}

/**
 * The link before: the segment's own (`before_`), else looked up where it lies (in an earlier
 * segment, or before a gap). A subquery in the expression runs only for the few links that need
 * it; a lateral join measured 9 % of a walk slower, visiting every link.
 */
const PREVIOUS = (column: string) =>
  `CASE WHEN l.before_seq IS NOT NULL THEN l.before_${column} ELSE (
     SELECT p.${column} FROM ledger_chain p
      WHERE p.ledger_account_id = l.ledger_account_id AND p.seq < l.seq
      ORDER BY p.seq DESC LIMIT 1) END`;

/** The journal's columns a `bo-ledger-1` link's hash covers, carried beside its digest. */
const JOURNAL_COLUMNS = [
  'kind',
  'ref_type',
  'ref_id',
  'owner_account_id',
  'contract_id',
  'details',
] as const;

/** How a walk carries its journals, and which link formats its hash expression knows. */
interface JournalParts {
  /** What `placed` reads of each journal beside its digest. */
  readonly placed: string;
  /** `walked`'s journal columns, from `placed` (pj) or looked up (`lookup`). */
  readonly columns: string;
  /** The look-up of a journal outside the placed pages. */
  readonly lookup: string;
  /** The journal row (`jw`) a `bo-ledger-1` hash reads. */
  readonly row: string;
  readonly versions: readonly LinkVersion[];
}

/**
 * A segment with `bo-ledger-1` links: their hash covers the journal's columns, so they are
 * carried through the joins, and a journal outside the placed pages is looked up whole (a
 * lateral join).
 */
const WITH_JOURNAL_COLUMNS: JournalParts = {
  placed: 'j.*',
  columns:
    JOURNAL_COLUMNS.map((c) => `coalesce(pj.${c}, lj.${c}) AS ${c},\n`).join('') +
    'coalesce(pj.id, lj.id) AS j_id, coalesce(pj.created_at, lj.created_at) AS j_created_at,\n' +
    'coalesce(pj.digest, lj.digest) AS digest',
  lookup: `LEFT JOIN LATERAL (
      SELECT j.*, ${journalDigestSql('j')} AS digest FROM journal j
       WHERE j.id = l.e_journal_id AND pj.id IS NULL OFFSET 0) lj ON true`,
  row: `CROSS JOIN LATERAL (SELECT w.j_id AS id, ${JOURNAL_COLUMNS.map((c) => `w.${c}`).join(', ')},
                                  w.j_created_at AS created_at) jw`,
  versions: [1, 2],
};

/**
 * A segment without: only each journal's digest, and a journal outside the placed pages is
 * hashed by a subquery that runs only for such a journal (a lateral join visits every link).
 */
const WITH_DIGESTS_ONLY: JournalParts = {
  placed: 'j.id',
  columns: `coalesce(pj.digest, (SELECT ${journalDigestSql('j')} FROM journal j
                                  WHERE j.id = l.e_journal_id)) AS digest`,
  lookup: '',
  row: '',
  versions: [2],
};

/**
 * One segment's walk: the links of its entry ids (`ledger_chain_entry_key`) merged with its
 * entries (`entries_pkey`), both read in entry order; each beside the link before it (the
 * segment's own, found by a hash join on its place, or looked up where that one lies in another
 * segment), their journals (the pages `journalPagesOf` placed, each hashed once, or looked up
 * where one lies outside them) and the ranges a seal covered first. Answers only the broken
 * links, the links dated on or before the seal they must be dated after, and the unchained
 * entries.
 *
 * `firstFormat`: the segment holds `bo-ledger-1` links, whose hash covers the journal's columns,
 * so they are carried through the joins; without, only each journal's digest is.
 */
export function segmentWalkSql(firstFormat: boolean): string {
  const journal = firstFormat ? WITH_JOURNAL_COLUMNS : WITH_DIGESTS_ONLY;
  const linkHash = linkHashSql(
    'w.version',
    {
      previousHash: 'w.previous_hash',
      seq: 'w.seq',
      balance: 'w.balance',
      entry: 'w',
      journal: 'jw',
      journalDigest: 'w.digest',
    },
    journal.versions,
  );
  return `
WITH paired AS (
  SELECT c.ledger_account_id, c.seq, c.entry_id, c.balance, c.hash, c.version,
         e.id AS e_id, e.journal_id AS e_journal_id, e.ledger_account_id AS e_account,
         e.currency AS e_currency, e.amount AS e_amount, e.created_at AS e_created_at
    FROM (SELECT * FROM ledger_chain WHERE entry_id BETWEEN $1::bigint AND $2::bigint) c
    FULL JOIN (SELECT * FROM entries WHERE id BETWEEN $1::bigint AND $2::bigint) e ON e.id = c.entry_id
),
links AS (
  -- The link just before each in its account's chain, where the segment holds it: a hash join
  -- on its place (a sort by account and place with lag() measured 10 % slower in all).
  SELECT c.*, b.seq AS before_seq, b.hash AS before_hash, b.balance AS before_balance
    FROM paired c
    LEFT JOIN (SELECT ledger_account_id, seq, hash, balance FROM ledger_chain
                WHERE entry_id BETWEEN $1::bigint AND $2::bigint) b
      ON b.ledger_account_id = c.ledger_account_id AND b.seq = c.seq - 1
),
spans AS (
  -- Read apart, not from links: a second reader of links would keep all its rows.
  SELECT ledger_account_id, min(seq) AS lo, max(seq) AS hi FROM ledger_chain
   WHERE entry_id BETWEEN $1::bigint AND $2::bigint GROUP BY ledger_account_id
),
${SEALED_RANGES},
placed AS (
  SELECT ${journal.placed}, ${journalDigestSql('j')} AS digest
    FROM journal j WHERE j.ctid >= $3::tid AND j.ctid < $4::tid
),
walked AS (
  SELECT l.ledger_account_id AS link_account, l.seq, l.entry_id, l.balance, l.hash, l.version,
         ${PREVIOUS('seq')} AS previous_seq, ${PREVIOUS('hash')} AS previous_hash,
         ${PREVIOUS('balance')} AS previous_balance,
         l.e_id AS id, l.e_journal_id AS journal_id, l.e_account AS ledger_account_id,
         l.e_currency AS currency, l.e_amount AS amount, l.e_created_at AS created_at,
         ${journal.columns}, r.sealed_until
    FROM links l
    LEFT JOIN sealed_ranges r ON r.ledger_account_id = l.ledger_account_id
          AND l.seq > r.after_seq AND (r.up_to IS NULL OR l.seq <= r.up_to)
    LEFT JOIN placed pj ON pj.id = l.e_journal_id
    ${journal.lookup}
),
checked AS (
  SELECT w.*, w.entry_id IS NULL AS unchained, w.id IS NULL AS missing,
         w.ledger_account_id IS DISTINCT FROM w.link_account
           OR ${linkHash} IS DISTINCT FROM w.hash AS changed,
         w.balance <> coalesce(w.previous_balance, 0) + w.amount AS bad_balance,
         w.created_at < w.sealed_until AS into_sealed_day
    FROM walked w
    ${journal.row}
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
}

/**
 * Whether a segment holds `bo-ledger-1` links (`ledger_chain_first_format`, a few rows at most:
 * every link written since migration 0951 is `bo-ledger-2`). A link whose version was changed
 * to or from 1 is caught either way: its hash no longer matches in the format it claims.
 */
export const HOLDS_FIRST_FORMAT = `SELECT EXISTS (
  SELECT 1 FROM ledger_chain WHERE version = 1 AND entry_id BETWEEN $1::bigint AND $2::bigint
) AS "holds"`;
