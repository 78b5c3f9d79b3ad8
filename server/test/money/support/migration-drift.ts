import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../../src/db/db';
import { MIGRATIONS_DIR } from '../../../src/db/migrate';
import { findLedgerDrift } from '../../../src/ledger/invariants';

/** The drift `ledger:check` finds before and after a correction migration ran. */
export interface MigrationDrift {
  readonly before: string[];
  readonly after: string[];
}

/**
 * Tests a rollup correction migration on a test world, rolled back after: `undo` (SQL putting
 * the rollups back as they were before the change, usually the migration with its sign turned)
 * runs first, then the migration (`file` in server/migrations); the drift is read after each.
 */
export async function driftAroundMigration(
  db: Pick<Db, 'transaction'>,
  file: string,
  undo: (sql: string) => string,
  /** The migration as it would run on today's schema (a later migration dropped a table it wrote). */
  onToday: (sql: string) => string = (sql) => sql,
): Promise<MigrationDrift> {
  const sql = onToday(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
  return db
    .transaction(async (tx) => {
      await tx.exec(undo(sql));
      const before = await findLedgerDrift(tx);
      await tx.exec(sql);
      const after = await findLedgerDrift(tx);
      throw Object.assign(new Error('roll back'), { drift: { before, after } });
    })
    .catch((e: Error & { drift?: MigrationDrift }) => {
      if (!e.drift) throw e;
      return e.drift;
    });
}
