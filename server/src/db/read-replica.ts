import type { Db, Queryable } from './db';

/**
 * The primary with its read replica attached (`Db.replica`): lists, reports and dashboards
 * read from the replica (`readerOf`), everything else uses the primary. Closing it closes both.
 */
export function withReadReplica(primary: Db, replica: Db): Db {
  return {
    ...primary,
    replica,
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
export async function readReplicaState(replica: Queryable): Promise<ReplicaState> {
  const { rows } = await replica.query<{ standby: boolean; lag: number }>(
    `SELECT pg_is_in_recovery() AS standby,
            CASE WHEN NOT pg_is_in_recovery()
                   OR pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
                 ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0)
            END::float8 AS lag`,
  );
  const row = rows[0]!;
  return { isStandby: row.standby, lagSeconds: Math.max(0, Number(row.lag)) };
}
