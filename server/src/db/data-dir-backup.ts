import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';
import { openPglite } from './pglite';

const run = promisify(execFile);

/**
 * Writes `file`, a gzipped tar of the whole DATA_DIR (the embedded database and any file the
 * product keeps beside it), taken while no process has it open.
 *
 * PGlite is a database inside one process: only the process that opened it could dump it, and a
 * copy of its files taken while it writes is not consistent. So a backup refuses while a server
 * holds the folder (`DataDirInUseError`), and holds it itself meanwhile so that none starts.
 * It first opens and closes the database, which replays what a crash left and checkpoints: the
 * copy is a cleanly closed database, and one that opens.
 */
export async function backupDataDir(dir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`DATA_DIR ${dir} holds no embedded database (no PG_VERSION)`);
  await (await openPglite(dir)).close();
  const unlock = await lockDataDir(dir);
  // Written beside its final name and renamed: a failed backup never looks like a finished one.
  const partial = `${file}.partial`;
  try {
    await run('tar', ['-czf', partial, '-C', dir, `--exclude=./${LOCK_FILE}`, '.']);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await unlock();
  }
}

/**
 * Puts the backup `file` (from `backupDataDir`) into `dir`, which must be missing or empty (a
 * restore never mixes two databases' files), then opens the database once to prove it opens.
 * Resolves with the number of migrations it has (the server applies any newer on start).
 */
export async function restoreDataDir(file: string, dir: string): Promise<number> {
  if (!existsSync(file)) throw new Error(`no backup file ${file}`);
  const present = existsSync(dir) ? await readdir(dir) : [];
  if (present.length)
    throw new Error(
      `DATA_DIR ${dir} is not empty (${present.length} entries): a restore goes into an empty ` +
        'folder. Move the old one aside (or point DATA_DIR at a new folder) and run it again.',
    );
  const unlock = await lockDataDir(dir);
  try {
    await run('tar', ['-xzf', file, '-C', dir]);
  } finally {
    await unlock();
  }
  const db = await openPglite(dir);
  try {
    const { rows } = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM schema_migrations');
    return Number(rows[0]!.n);
  } finally {
    await db.close();
  }
}
