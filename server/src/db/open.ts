import type { Config } from '../config/config';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import { withReadReplica } from './read-replica';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set) and migrates it; with
 * DATABASE_READ_URL, a second pool on the read replica is attached (`Db.replica`). The replica
 * is never migrated: it replays the primary's changes, schema included.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseReadUrl' | 'replicaRetrySeconds' | 'dataDir'>,
): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.dataDir);
  await migrate(db);
  if (!config.databaseReadUrl) return db;
  try {
    return withReadReplica(
      db,
      await openPostgres(config.databaseReadUrl),
      config.replicaRetrySeconds * 1000,
    );
  } catch (error) {
    await db.close();
    throw new Error(
      `DATABASE_READ_URL: the read replica does not answer (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
}
