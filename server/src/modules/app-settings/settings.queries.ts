import type { Queryable } from '../../db/db';

/** Every saved setting (the `settings` table), key to value. */
export async function findSavedSettings(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ key: string; value: string }>(
    'SELECT key, value FROM settings',
  );
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Saves settings, key to value (inserting or replacing each). */
export async function upsertSettings(
  db: Queryable,
  entries: ReadonlyArray<readonly [string, string]>,
): Promise<void> {
  for (const [key, value] of entries) {
    await db.query(
      `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, value],
    );
  }
}
