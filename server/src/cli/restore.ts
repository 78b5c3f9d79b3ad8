import path from 'node:path';
import { loadConfig } from '../config/config';
import { restoreDataDir } from '../db/data-dir-backup';

/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` into DATA_DIR, which must
 * be missing or empty, and checks that the database opens. Start the server on it afterwards.
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: restore PostgreSQL from its base backup and WAL archive (docs/operations.md, "Backups").',
    );
  const argument = process.argv[2];
  if (!argument) throw new Error('Usage: npm run restore -- <backup file>');
  const file = path.resolve(process.env.INIT_CWD || process.cwd(), argument);
  const migrations = await restoreDataDir(file, config.dataDir);
  console.log(
    `restore: ${file} restored into ${config.dataDir} (${migrations} migrations); run npm run ledger:check, then start the server`,
  );
}

main().catch((error: unknown) => {
  console.error(`restore: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
