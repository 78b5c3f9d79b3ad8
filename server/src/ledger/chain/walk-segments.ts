import type { Db, Queryable } from '../../db/db';

/*
 * Where ledger:check's walk of the chain cuts it (link-check.ts): by entry id, since entries,
 * their links and their journals are all written in that order, so a segment reads each in one
 * pass over the pages it holds instead of one lookup per link.
 */

/**
 * A segment of the walk: the links of the entries whose ids lie in `[first, last]`, and those
 * entries. `sample` is where the entries of that range lie (`[lowest, highest]` id there), to
 * place the segment's journals; null for a range that holds none.
 */
export interface ChainSegment {
  readonly first: string;
  readonly last: string;
  readonly sample: readonly [lowest: string, highest: string] | null;
  /** How many entry ids the whole ledger spans (its share of the journal is the segment's). */
  readonly ledgerSpan: string;
}

const LOWEST_ID = '-9223372036854775808';
const HIGHEST_ID = '9223372036854775807';
/** A segment per this many entry ids: small enough for the segments to share the cores evenly. */
const ENTRIES_PER_SEGMENT = 125_000;

/**
 * The walk cut into segments of about `entriesPerSegment` entry ids (entries take their ids in
 * turn, so as many links each), the first and last open, so a link to an id no entry has is
 * still read: one segment for a small ledger.
 */
export async function chainSegments(
  db: Db,
  entriesPerSegment = ENTRIES_PER_SEGMENT,
): Promise<ChainSegment[]> {
  const { rows } = await db.query<{ lowest: string | null; highest: string | null }>(
    `SELECT min(id)::text AS lowest, max(id)::text AS highest FROM entries`,
  );
  const { lowest, highest } = rows[0] ?? { lowest: null, highest: null };
  if (lowest === null || highest === null)
    return [{ first: LOWEST_ID, last: HIGHEST_ID, sample: null, ledgerSpan: '0' }];
  const low = BigInt(lowest);
  const span = BigInt(highest) - low + 1n;
  const count = BigInt(Math.max(1, Math.ceil(Number(span) / entriesPerSegment)));
  const cuts = Array.from(
    { length: Number(count) - 1 },
    (_, i) => low + (span * BigInt(i + 1)) / count,
  );
  const firsts = [BigInt(LOWEST_ID), ...cuts];
  return firsts.map((first, i) => {
    const last = i + 1 < firsts.length ? firsts[i + 1]! - 1n : BigInt(HIGHEST_ID);
    const from = first > low ? first : low;
    const to = last < BigInt(highest) ? last : BigInt(highest);
    return {
      first: first.toString(),
      last: last.toString(),
      sample: from <= to ? [from.toString(), to.toString()] : null,
      ledgerSpan: span.toString(),
    };
  });
}

/** Entries of a segment whose journals are looked up to place its journal pages. */
const SAMPLED_ENTRIES = 200;
/** A journal page range wider than this many times the segment's share is not read whole. */
const PAGE_SLACK = 4;

/**
 * The heap pages of `journal` where the segment's journals lie, as a TID range
 * (`[from, before)`): journals are written beside their entries, so a range of entry ids has
 * its journals in a range of pages, read in one pass instead of one index lookup per entry.
 * Placed by the journals of entries sampled across the segment, widened by a few pages; an
 * empty range where the journals are not laid out that way (the walk then looks each one up).
 */
export async function journalPagesOf(
  tx: Queryable,
  segment: ChainSegment,
): Promise<[string, string]> {
  const none: [string, string] = ['(0,0)', '(0,0)'];
  if (!segment.sample) return none;
  const [lowest, highest] = segment.sample;
  const step = (BigInt(highest) - BigInt(lowest)) / BigInt(SAMPLED_ENTRIES) + 1n;
  const { rows } = await tx.query<{ first: string | null; last: string | null; share: string }>(
    `SELECT min((j.ctid::text::point)[0])::bigint::text AS first,
            max((j.ctid::text::point)[0])::bigint::text AS last,
            ceil((pg_relation_size('journal') / current_setting('block_size')::bigint)
                 * ($2::numeric - $1 + 1) / greatest($4::numeric, 1))::text AS share
       FROM entries e JOIN journal j ON j.id = e.journal_id
      WHERE e.id IN (SELECT generate_series($1::bigint, $2::bigint, $3::bigint))`,
    [lowest, highest, step.toString(), segment.ledgerSpan],
  );
  const { first, last, share } = rows[0] ?? { first: null, last: null, share: '0' };
  if (first === null || last === null) return none;
  const slack = BigInt(share) / 16n + 8n;
  const from = BigInt(first) > slack ? BigInt(first) - slack : 0n;
  const before = BigInt(last) + slack + 1n;
  if (before - from > BigInt(PAGE_SLACK) * BigInt(share) + 64n) return none;
  return [`(${from},0)`, `(${before},0)`];
}
