import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db';

export const MIGRATIONS_DIR = new URL('../../migrations', import.meta.url).pathname;

/** A migration file as it is now: its version (the name without `.sql`), text and SHA-256. */
interface MigrationFile {
  readonly version: string;
  readonly sql: string;
  readonly checksum: string;
}

async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(path.join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      return { version: file.replace(/\.sql$/, ''), sql, checksum };
    }),
  );
}

/**
 * Refuses to start on migrations edited after they were applied: the database was built from
 * the text it recorded, and an edit would silently never run. A migration applied before
 * checksums were kept gets today's recorded.
 */
async function checkApplied(db: Db, migrations: MigrationFile[]): Promise<void> {
  const { rows } = await db.query<{ version: string; checksum: string | null }>(
    'SELECT version, checksum FROM schema_migrations',
  );
  const recorded = new Map(rows.map((r) => [r.version, r.checksum]));
  const changed: string[] = [];
  for (const m of migrations) {
    if (!recorded.has(m.version)) continue;
    const checksum = recorded.get(m.version);
    if (checksum === null)
      await db.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [
        m.version,
        m.checksum,
      ]);
    else if (checksum !== m.checksum) changed.push(m.version);
  }
  if (changed.length)
    throw new Error(
      `Migration ${changed.join(', ')} changed after it was applied to this database (its SHA-256 differs from the one recorded in schema_migrations). ` +
        'Put the file back as it was, and make the change in a new migration.',
    );
}

/**
 * Applies every numbered migration not yet applied, each in its own transaction, in order,
 * recording its SHA-256; stops with an error naming any applied migration whose file changed.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  );
  ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`);
  const migrations = await readMigrations(dir);
  await checkApplied(db, migrations);
  const applied: string[] = [];
  for (const { version, sql, checksum } of migrations) {
    const done = await db.transaction(async (tx) => {
      // Several servers may start at once: one applies, the others wait and skip.
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(7341001)');
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (seen.rows.length) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [
        version,
        checksum,
      ]);
      return true;
    });
    if (done) applied.push(version);
  }
  return applied;
}
