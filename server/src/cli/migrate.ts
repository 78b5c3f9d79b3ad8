import { loadConfig } from '../config/config';
import { openDatabase } from '../db/open';

/**
 * `npm run db:migrate` (in a release: `node migrate.js`): applies the migrations the configured
 * database lacks, then exits; the server applies them on start too. Exits 1 when one fails or an
 * applied one changed.
 */
async function main() {
  // openDatabase migrates; the replica is not needed for it.
  const db = await openDatabase({ ...loadConfig(), databaseReadUrl: undefined });
  await db.close();
  console.log('migrations: the database has every migration');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
