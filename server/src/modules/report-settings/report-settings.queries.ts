import type { Queryable } from '../../db/db';

/** The one row of `report_settings` as stored (the migration inserts it). */
export interface ReportSettingsRow {
  readonly default_time_zone: string;
  /** Report id to its hidden optional columns, as saved. */
  readonly hidden_columns: unknown;
}

/** The saved report settings; `lock` holds the row until the transaction ends. */
export async function findReportSettings(
  q: Queryable,
  lock = false,
): Promise<ReportSettingsRow | undefined> {
  const { rows } = await q.query<ReportSettingsRow>(
    `SELECT default_time_zone, hidden_columns FROM report_settings WHERE id${lock ? ' FOR UPDATE' : ''}`,
  );
  return rows[0];
}

/** Only the default time zone: what every report without a zone reads. */
export async function findDefaultReportZone(q: Queryable): Promise<string | undefined> {
  const { rows } = await q.query<{ default_time_zone: string }>(
    'SELECT default_time_zone FROM report_settings WHERE id',
  );
  return rows[0]?.default_time_zone;
}

/** Saves the report settings (inserting the row if it is missing). */
export async function saveReportSettings(
  q: Queryable,
  values: { defaultTimeZone: string; hiddenColumns: unknown; accountId: string },
): Promise<void> {
  await q.query(
    `INSERT INTO report_settings (id, default_time_zone, hidden_columns, updated_by_account_id, updated_at)
     VALUES (true, $1, $2::jsonb, $3, now())
     ON CONFLICT (id) DO UPDATE SET default_time_zone = EXCLUDED.default_time_zone,
       hidden_columns = EXCLUDED.hidden_columns,
       updated_by_account_id = EXCLUDED.updated_by_account_id, updated_at = now()`,
    [values.defaultTimeZone, JSON.stringify(values.hiddenColumns), values.accountId],
  );
}
