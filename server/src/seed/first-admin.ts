import type { Queryable } from '../db/db';

/** What the log says when a server starts on a database without any admin. */
export const FIRST_ADMIN_HINT =
  'No admin account yet. Create the first one with: ' +
  'ADMIN_PASSWORD=… npm run admin:create -- --email you@example.com --username you --name "Your Name" ' +
  '(same DATABASE_URL), or start with `npm start -- --seed-demo` for the demo world.';

/** Whether the database has an admin to sign in with. */
export async function hasAnyAdmin(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM accounts WHERE account_type = 'admin' LIMIT 1`);
  return rows.length > 0;
}
