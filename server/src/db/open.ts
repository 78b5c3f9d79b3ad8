import type { Config } from '../config/config';
import type { Db } from './db';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set) and migrates it. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.dataDir);
  await migrate(db);
  return db;
}
