import path from 'node:path';
import { loadConfig } from '../config/config';
import { backupDataDir } from '../db/data-dir-backup';

/**
 * `npm run backup -- [file]`: a `.tar.gz` of the embedded database's DATA_DIR, taken while no
 * server has it open (it refuses, naming the server, otherwise). PostgreSQL is backed up by
 * PostgreSQL's own tools (docs/operations.md), so with DATABASE_URL set it refuses too.
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set: back PostgreSQL up with pg_basebackup and WAL archiving (docs/operations.md, "Backups").',
    );
  // npm runs us in server/: a relative path means the caller's folder, as DATA_DIR does.
  const cwd = process.env.INIT_CWD || process.cwd();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(cwd, process.argv[2] ?? `backoffice-data-${stamp}.tar.gz`);
  await backupDataDir(config.dataDir, file);
  console.log(`backup: ${config.dataDir} written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(`backup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
