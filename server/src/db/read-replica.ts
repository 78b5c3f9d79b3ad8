import { isUnreachable, type Db } from './db';

/**
 * The replica's side of the pair, falling back to the primary: a read the replica cannot take
 * (`isUnreachable`) runs on the primary instead, and so does every read for the next
 * `retryAfterMs`, after which the replica is tried again. A statement that failed for any
 * other reason fails as it is. An export cursor falls back only before its first rows.
 */
function fallingBack(replica: Db, primary: Db, retryAfterMs: number): Db {
  let downUntil = 0;
  let fallbacks = 0;
  const isDown = () => Date.now() < downUntil;
  const markDown = () => {
    downUntil = Date.now() + retryAfterMs;
    fallbacks++;
  };
  const run = async <T>(read: (db: Db) => Promise<T>): Promise<T> => {
    if (isDown()) return read(primary);
    try {
      return await read(replica);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      markDown();
      return read(primary);
    }
  };
  const cursorOn = (db: Db) => db.readInBatches?.bind(db);
  return {
    ...replica,
    query: (text, params) => run((db) => db.query(text, params)),
    exec: (sql) => run((db) => db.exec(sql)),
    transaction: (work) => run((db) => db.transaction(work)),
    readInBatches: cursorOn(replica)
      ? async function* <R>(text: string, params: readonly unknown[], batch: number) {
          if (!isDown()) {
            const rows = cursorOn(replica)!<R>(text, params, batch);
            let first: IteratorResult<R[]> | undefined;
            try {
              first = await rows.next();
            } catch (error) {
              if (!isUnreachable(error)) throw error;
              markDown();
            }
            if (first) {
              if (!first.done) yield first.value;
              for (let next = await rows.next(); !next.done; next = await rows.next())
                yield next.value;
              return;
            }
          }
          yield* cursorOn(primary)!<R>(text, params, batch);
        }
      : undefined,
    fallback: { count: () => fallbacks, isOnPrimary: isDown, replica },
  };
}

/**
 * The primary with its read replica attached (`Db.replica`): lists, reports and dashboards
 * read from the replica (`readerOf`), everything else uses the primary. When the replica
 * cannot be reached its reads go to the primary for a while (`fallingBack`), so a replica that
 * is down slows nothing and refuses nothing. Closing it closes both.
 */
export function withReadReplica(primary: Db, replica: Db, retryAfterMs: number): Db {
  return {
    ...primary,
    replica: fallingBack(replica, primary, retryAfterMs),
    close: async () => {
      await Promise.all([replica.close(), primary.close()]);
    },
  };
}

/** Where a read replica stands: whether it is a standby, and how far its replay is behind. */
export interface ReplicaState {
  readonly isStandby: boolean;
  /** Seconds since the last replayed transaction committed on the primary; 0 when caught up. */
  readonly lagSeconds: number;
}

/**
 * How far behind the replica is. A standby that has replayed all it received is caught up
 * (0) however long the primary has been idle; otherwise the lag is the age of the last
 * transaction it replayed. A database that is not a standby (a role on the primary) lags 0.
 */
export async function readReplicaState(replica: Db): Promise<ReplicaState> {
  const { rows } = await (replica.fallback?.replica ?? replica).query<{
    standby: boolean;
    lag: number;
  }>(
    `SELECT pg_is_in_recovery() AS standby,
            CASE WHEN NOT pg_is_in_recovery()
                   OR pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
                 ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0)
            END::float8 AS lag`,
  );
  const row = rows[0]!;
  return { isStandby: row.standby, lagSeconds: Math.max(0, Number(row.lag)) };
}
