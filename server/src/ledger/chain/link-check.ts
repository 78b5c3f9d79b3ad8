import type { Db } from '../../db/db';
import { UTF8_CLIENT } from './link-hash-sql';
import { HOLDS_FIRST_FORMAT, segmentWalkSql } from './segment-walk-sql';
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
 * whether it holds `bo-ledger-1` links, then its walk (segment-walk-sql.ts; docs/money.md, "The
 * chain and its seals").
 */
function walkSegment(db: Db, segment: ChainSegment, limit: number) {
  return db.transaction(async (tx) => {
    for (const setting of WALK_SETTINGS) await tx.query(setting);
    const pages = await journalPagesOf(tx, segment);
    const { rows } = await tx.query<{ holds: boolean }>(HOLDS_FIRST_FORMAT, [
      segment.first,
      segment.last,
    ]);
    const walk = rows[0]?.holds ? SEGMENT_WALK.withFirstFormat : SEGMENT_WALK.secondFormatOnly;
    return (await tx.query<WalkRow>(walk, [segment.first, segment.last, ...pages, limit])).rows;
  });
}

/** The walk of a segment with `bo-ledger-1` links, and the leaner one of a segment without. */
const SEGMENT_WALK = {
  withFirstFormat: segmentWalkSql(true),
  secondFormatOnly: segmentWalkSql(false),
};

/**
 * The walk's settings: the one the hashes need (`UTF8_CLIENT`), no parallel workers (the
 * segments already share the cores), no JIT (it compiled each segment's plan anew, about 0.1 s
 * a segment, and ran it no faster), and room to hash a segment in memory.
 */
const WALK_SETTINGS = [
  UTF8_CLIENT,
  'SET LOCAL max_parallel_workers_per_gather = 0',
  'SET LOCAL jit = off',
  `SET LOCAL work_mem = '32MB'`,
];
