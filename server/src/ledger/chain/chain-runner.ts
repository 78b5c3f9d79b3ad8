import type { Db, Queryable } from '../../db/db';

/** Rows chained per transaction of a chainer, and transactions per run. */
export const CHAIN_BATCH = 2_000;
const BATCHES_PER_RUN = 25;

/**
 * One append-only table chained after its rows commit (docs/money.md, "The chain and its
 * seals"): the ledger's entries, or the admin log. Its rows are numbered by a sequence taken
 * inside a transaction that already has its id (the hole rule below rests on that).
 */
export interface ChainSource<Row extends { id: string }> {
  /** The table that holds where this chain stands (one row; see 0945_ledger_chain.sql). */
  readonly progressTable: string;
  /** The rows `where` picks (`$1` its parameter; `idColumn` names the number), in number order. */
  read(tx: Queryable, where: string, param: unknown, limit: number): Promise<Row[]>;
  /** The number column as `where` may name it. */
  readonly idColumn: string;
  /** Appends each row's link to its chain, in the rows' order, and moves the heads. */
  append(tx: Queryable, rows: readonly Row[]): Promise<void>;
}

/**
 * Chains the rows committed since the last run: each batch reads the rows above the last one
 * chained by their number alone; a number it passes that is not there (a transaction still
 * running, or rolled back) is a hole, looked up again at each run's end. One process at a time
 * (the callers' `runAlone`, and the progress row's lock besides). Returns how many it chained.
 */
export async function runChain<Row extends { id: string }>(
  db: Db,
  source: ChainSource<Row>,
): Promise<number> {
  let chained = 0;
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    const n = await db.transaction((tx) => chainBatch(tx, source));
    chained += n;
    if (n < CHAIN_BATCH) break;
  }
  return chained + (await db.transaction((tx) => fillHoles(tx, source)));
}

interface Progress {
  max_chained: string;
  holes: string[];
}

async function chainBatch<Row extends { id: string }>(tx: Queryable, source: ChainSource<Row>) {
  const progress = (
    await tx.query<Progress>(
      `SELECT max_chained::text, holes::text[] AS holes FROM ${source.progressTable} FOR UPDATE`,
    )
  ).rows[0]!;
  const rows = await source.read(tx, `${source.idColumn} > $1`, progress.max_chained, CHAIN_BATCH);
  if (!rows.length) return 0;
  const passed: string[] = [];
  let expected = BigInt(progress.max_chained) + 1n;
  for (const row of rows) {
    for (const id = BigInt(row.id); expected < id; expected++) passed.push(expected.toString());
    expected += 1n;
  }
  await source.append(tx, rows);
  await tx.query(
    `UPDATE ${source.progressTable}
        SET max_chained = $1, holes = holes || $2::bigint[], chained = chained + $3, updated_at = now()`,
    [rows.at(-1)!.id, passed, rows.length],
  );
  return rows.length;
}

/**
 * Chains the holes that have filled (a transaction that committed after the chainer passed
 * its numbers), and drops the holes that never will: once every transaction that was running
 * when `pending_max` was taken has finished (`pg_snapshot_xmin` has passed `pending_xid`), a
 * number up to it that is still missing was rolled back. A row's number is taken inside a
 * transaction that already has its id, so a transaction that could still write one up to
 * `pending_max` is older than `pending_xid`. The first statement decides that, so the hole
 * lookup after it sees every such transaction's rows. After a restore onto another cluster
 * (transaction ids start again) the pending mark is taken afresh. Returns how many it chained.
 */
async function fillHoles<Row extends { id: string }>(tx: Queryable, source: ChainSource<Row>) {
  const { rows: marks } = await tx.query<Progress & { passed: boolean; stale: boolean }>(
    `SELECT max_chained::text, holes::text[] AS holes,
            pending_xid IS NOT NULL AND pending_xid < pg_snapshot_xmin(pg_current_snapshot()) AS passed,
            pending_xid IS NULL OR pending_xid > pg_current_xact_id() AS stale
       FROM ${source.progressTable} FOR UPDATE`,
  );
  const progress = marks[0]!;
  let filled = 0;
  if (progress.holes.length) {
    const rows = await source.read(
      tx,
      `${source.idColumn} = ANY($1::bigint[])`,
      progress.holes,
      1_000_000,
    );
    if (rows.length) await source.append(tx, rows);
    filled = rows.length;
    await tx.query(
      `UPDATE ${source.progressTable}
          SET holes = ARRAY(SELECT h FROM unnest(holes) h WHERE h <> ALL($1::bigint[])),
              chained = chained + $2`,
      [rows.map((r) => r.id), filled],
    );
  }
  const { passed, stale } = progress;
  if (passed || stale)
    await tx.query(
      `UPDATE ${source.progressTable} SET
         holes = CASE WHEN $1 THEN ARRAY(SELECT h FROM unnest(holes) h WHERE h > pending_max) ELSE holes END,
         low_water = CASE WHEN $1 THEN pending_max ELSE low_water END,
         pending_max = max_chained,
         pending_xid = pg_current_xact_id()`,
      [passed],
    );
  return filled;
}
