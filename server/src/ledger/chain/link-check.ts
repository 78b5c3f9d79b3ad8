import type { Db } from '../../db/db';
import { LINK_VERSION } from './chain-hash';
import { readChainPage } from './page-read';

/**
 * The chain's links that do not hold, found inside the database (docs/money.md, "The chain and
 * its seals"): PostgreSQL recomputes every link's hash with its own `sha256` over the very bytes
 * `linkHash` hashes (`array_to_json` of texts writes what `JSON.stringify` writes), and answers
 * only the links that break, so a walk of the whole history sends almost nothing to the server
 * and hashes nothing in JavaScript. Each link is checked against the stored link before it (its
 * hash, seq and balance, by `lag`), so the chain splits into segments checked side by side.
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

/** A segment of the chain in its order: the links after `from`, up to `to` included. */
export interface ChainSegment {
  readonly from: readonly [account: string, seq: string];
  readonly to: readonly [account: string, seq: string];
}

const FIRST_KEY = ['00000000-0000-0000-0000-000000000000', '0'] as const;
const LAST_KEY = ['ffffffff-ffff-ffff-ffff-ffffffffffff', '9223372036854775807'] as const;
/** A segment per this many links, about: small enough for two cores to share the walk evenly. */
const LINKS_PER_SEGMENT = 250_000;
/** Links sampled to place the segments' bounds. */
const SAMPLED_LINKS = 20_000;

/**
 * The chain cut into segments of about `linksPerSegment` links (as the planner's statistics
 * count them), their bounds placed on links sampled from the table (`TABLESAMPLE`, a few pages
 * read): one segment for a small chain.
 */
export async function chainSegments(
  db: Db,
  linksPerSegment = LINKS_PER_SEGMENT,
): Promise<ChainSegment[]> {
  const { rows } = await db.query<{ links: string }>(
    `SELECT greatest(reltuples, 0)::bigint::text AS links FROM pg_class WHERE oid = 'ledger_chain'::regclass`,
  );
  const links = Number(rows[0]?.links ?? 0);
  const count = Math.ceil(links / linksPerSegment);
  if (count <= 1) return [{ from: FIRST_KEY, to: LAST_KEY }];
  const percent = Math.min(100, (SAMPLED_LINKS / links) * 100);
  const { rows: sample } = await db.query<{ account: string; seq: string }>(
    `SELECT ledger_account_id::text AS account, seq::text FROM ledger_chain
      TABLESAMPLE SYSTEM ($1) ORDER BY ledger_account_id, seq`,
    [percent],
  );
  const bounds = Array.from({ length: count - 1 }, (_, i) => {
    const at = sample[Math.floor(((i + 1) * sample.length) / count)];
    return at ? ([at.account, at.seq] as const) : null;
  }).filter((b): b is readonly [string, string] => b !== null);
  const cuts = [FIRST_KEY, ...bounds, LAST_KEY];
  return cuts.slice(1).map((to, i) => ({ from: cuts[i]!, to }));
}

/** Segments checked at once, each on its own connection (a core of the database's each). */
const SEGMENTS_AT_ONCE = 4;

/**
 * Every broken link of the chain, in chain order: the segments' (at most `limit` each) and the
 * links that may have been written into a sealed day (`INTO_SEALED_DAYS`), read beside them.
 */
export async function findBrokenLinks(db: Db, limit: number): Promise<BrokenLink[]> {
  const segments = await chainSegments(db);
  const found: BrokenLink[][] = [];
  let next = 0;
  const checkNext = async (): Promise<void> => {
    for (let at = next++; at < segments.length; at = next++)
      found[at] = await brokenLinksOf(db, segments[at]!, limit);
  };
  const [late] = await Promise.all([
    linksIntoSealedDays(db, limit),
    ...Array.from({ length: Math.min(SEGMENTS_AT_ONCE, segments.length) }, checkNext),
  ]);
  const byLink = new Map(found.flat().map((link) => [keyOf(link), link]));
  for (const link of late) if (!byLink.has(keyOf(link))) byLink.set(keyOf(link), link);
  return [...byLink.values()].sort(inChainOrder);
}

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
 * The broken links of one segment, in chain order, at most `limit`. A link breaks when its
 * seq does not follow the link before it, its entry is gone, its hash (recomputed as
 * `linkHash` does, over the link before it) or account does not match, or its balance is not
 * the one before plus its amount.
 */
export const brokenLinksOf = (db: Db, segment: ChainSegment, limit: number) =>
  readChainPage<BrokenLink>(db, BROKEN_LINKS, [...segment.from, ...segment.to, limit]);

const BROKEN_LINKS = `
WITH links AS (
  SELECT c.ledger_account_id, c.seq, c.entry_id, c.balance, c.hash,
         lag(c.seq) OVER w AS previous_seq, lag(c.hash) OVER w AS previous_hash,
         lag(c.balance) OVER w AS previous_balance
    FROM ledger_chain c
   WHERE (c.ledger_account_id, c.seq) >= ($1::uuid, $2::bigint)
     AND (c.ledger_account_id, c.seq) <= ($3::uuid, $4::bigint)
  WINDOW w AS (PARTITION BY c.ledger_account_id ORDER BY c.seq)
),
checked AS (
  SELECT l.ledger_account_id, l.seq, l.entry_id, l.previous_seq, e.id IS NULL AS missing,
         e.ledger_account_id IS DISTINCT FROM l.ledger_account_id
           OR sha256(convert_to(array_to_json(ARRAY[
                '${LINK_VERSION}', coalesce(encode(l.previous_hash, 'hex'), ''), l.seq::text,
                l.balance::text, e.id::text, e.journal_id::text, e.ledger_account_id::text,
                e.currency::text, e.amount::text,
                (extract(epoch FROM e.created_at) * 1000000)::bigint::text,
                coalesce(j.kind, ''), coalesce(j.ref_type, ''), coalesce(j.ref_id::text, ''),
                coalesce(j.owner_account_id::text, ''), coalesce(j.contract_id::text, ''),
                coalesce(j.details::text, ''),
                coalesce((extract(epoch FROM j.created_at) * 1000000)::bigint::text, '')
              ])::text, 'UTF8')) <> l.hash AS changed,
         l.balance <> coalesce(l.previous_balance, 0) + e.amount AS bad_balance,
         (extract(epoch FROM e.created_at) * 1000000)::bigint::text AS entry_at
    FROM links l
    LEFT JOIN entries e ON e.id = l.entry_id
    LEFT JOIN journal j ON j.id = e.journal_id
   WHERE (l.ledger_account_id, l.seq) > ($1::uuid, $2::bigint)
)
SELECT ledger_account_id::text AS "linkAccount", seq::text, entry_id::text AS "entryIdOfLink",
       coalesce(previous_seq, 0)::text AS "previousSeq", missing,
       coalesce(changed, false) AS changed, coalesce(bad_balance, false) AS "badBalance",
       coalesce(entry_at, '') AS "entryAt"
  FROM checked
 WHERE seq <> coalesce(previous_seq, 0) + 1 OR missing OR changed OR bad_balance
 ORDER BY ledger_account_id, seq
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
