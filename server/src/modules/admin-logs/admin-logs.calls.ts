import { getAdminLogs, type AdminLogRow } from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { findAdminLogs, readAdminLogs, type AdminLogRecord } from './admin-logs.queries';

/** An entry as the screen reads it: before and after as the objects they were. */
const viewAdminLog = (r: AdminLogRecord): AdminLogRow => ({
  ...r,
  created_at: r.created_at.toISOString(),
});

/** JSON text of a before/after state for a file cell (null stays an empty cell). */
const jsonText = (value: unknown) => (value === null ? null : JSON.stringify(value));

/**
 * The admin log as a list: its page, and every matching entry for the export, where before
 * and after are written as their JSON text. Only reads: the log is appended to by the changes
 * it records (`recordAdminLog`), and the database refuses any change to it.
 */
export function registerAdminLogCalls(registry: CallRegistry): void {
  registry.list(getAdminLogs, {
    async page(ctx, input) {
      const page = await findAdminLogs(ctx.db, input);
      return { ...page, rows: page.rows.map(viewAdminLog) };
    },
    async *chunks(ctx, input) {
      for await (const rows of readAdminLogs(ctx.db, input))
        yield rows.map((r) => ({
          ...viewAdminLog(r),
          before: jsonText(r.before),
          after: jsonText(r.after),
        }));
    },
  });
}
