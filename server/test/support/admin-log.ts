import type { Queryable } from '../../src/db/db';

export interface LoggedAction {
  action: string;
  outcome: string;
  actor_username: string;
  target_id: string;
  client_ip: string;
  before: unknown;
  after: unknown;
}

/** The admin-log entries with this action, oldest first, read straight from the table. */
export async function loggedActions(db: Queryable, action: string): Promise<LoggedAction[]> {
  const { rows } = await db.query<LoggedAction>(
    `SELECT action, outcome, actor_username, target_id, client_ip, before, after
       FROM admin_logs WHERE action = $1 ORDER BY created_at, id`,
    [action],
  );
  return rows;
}
