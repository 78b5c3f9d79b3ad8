import type { Db } from '../../server/src/db/db';
import { migrate } from '../../server/src/db/migrate';
import { openPostgres } from '../../server/src/db/postgres';
import { createScratchDatabase, prepareDatabase } from './bench-db';
import { addBulkAccounts, growWorld } from './dashboard-world';

/** A bulk world to measure on, and how to let it go (dropped unless BENCH_KEEP is set). */
export interface BulkWorld {
  readonly db: Db;
  readonly url: string;
  readonly done: () => Promise<void>;
}

/**
 * Opens the kept world at `reuseUrl` (migrated to the current schema), or builds a new one on
 * a scratch PostgreSQL database named after `name` with `build`; a failed build drops it.
 */
export async function openBulkWorld(
  name: string,
  reuseUrl: string | undefined,
  build: (db: Db) => Promise<void>,
  log: (line: string) => void,
): Promise<BulkWorld> {
  if (reuseUrl) {
    const db = await openPostgres(reuseUrl, 8);
    const applied = await migrate(db);
    if (applied.length) log(`applied to the kept world: ${applied.join(', ')}`);
    return { db, url: reuseUrl, done: () => db.close() };
  }
  const scratch = await createScratchDatabase(name);
  const db = await prepareDatabase('postgres', scratch.url, 8);
  const done = async () => {
    await db.close();
    if (process.env.BENCH_KEEP) log(`kept: ${scratch.url}`);
    else await scratch.drop();
  };
  try {
    await build(db);
  } catch (error) {
    await done();
    throw error;
  }
  return { db, url: scratch.url, done };
}

/** `openBulkWorld` of the bulk accounts and `payins` pay-ins (bench:lists, bench:export). */
export function openPayinWorld(
  name: string,
  reuseUrl: string | undefined,
  payins: number,
  log: (line: string) => void,
): Promise<BulkWorld> {
  return openBulkWorld(
    name,
    reuseUrl,
    async (db) => {
      await addBulkAccounts(db);
      log(`World: ${payins.toLocaleString('en')} pay-ins`);
      await growWorld(db, 0, payins, log);
    },
    log,
  );
}
