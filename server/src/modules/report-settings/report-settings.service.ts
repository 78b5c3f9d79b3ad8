import {
  DEFAULT_REPORT_TIME_ZONE,
  REPORT_COLUMN_SETTINGS,
  REPORT_IDS,
  TIMEZONE_CHOICES,
  type HiddenReportColumns,
  type ReportId,
  type ReportSettings,
  type TimezoneChoice,
} from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  findDefaultReportZone,
  findReportSettings,
  saveReportSettings,
} from './report-settings.queries';

/**
 * The report settings (/report-setting): the default time zone of reports and the optional
 * columns each report hides by default. Saved in one row (`report_settings`); what the row
 * holds is read through the contract's table, so a column no longer optional is ignored and
 * an unknown zone reads as the default one.
 */

const isZone = (text: unknown): text is TimezoneChoice =>
  typeof text === 'string' && (TIMEZONE_CHOICES as readonly string[]).includes(text);

/** The zone every report reads its days in when its request names none (one small row). */
export async function defaultReportZone(q: Queryable): Promise<TimezoneChoice> {
  const zone = await findDefaultReportZone(q);
  return isZone(zone) ? zone : DEFAULT_REPORT_TIME_ZONE;
}

/** The saved hidden columns that are still optional columns of a report, in the table's order. */
function hiddenOf(saved: unknown): HiddenReportColumns {
  const hidden: HiddenReportColumns = {};
  if (!saved || typeof saved !== 'object') return hidden;
  for (const report of REPORT_IDS) {
    const columns = (saved as Record<string, unknown>)[report];
    if (!Array.isArray(columns)) continue;
    const kept = REPORT_COLUMN_SETTINGS[report].optional.filter((column) =>
      columns.includes(column),
    );
    if (kept.length) hidden[report] = kept;
  }
  return hidden;
}

interface Setting {
  readonly default_time_zone: TimezoneChoice;
  readonly hidden_columns: HiddenReportColumns;
}

async function readSetting(q: Queryable, lock = false): Promise<Setting> {
  const row = await findReportSettings(q, lock);
  return {
    default_time_zone: isZone(row?.default_time_zone)
      ? row.default_time_zone
      : DEFAULT_REPORT_TIME_ZONE,
    hidden_columns: hiddenOf(row?.hidden_columns),
  };
}

/** The answer of both calls: every report's optional columns with whether each is shown. */
function answerOf(setting: Setting): ReportSettings {
  return {
    default_time_zone: setting.default_time_zone,
    reports: REPORT_IDS.map((report) => ({
      report,
      columns: REPORT_COLUMN_SETTINGS[report].optional.map((id) => ({
        id,
        shown: !(setting.hidden_columns[report] ?? []).includes(id),
      })),
    })),
  };
}

/** The report settings as they apply now. */
export async function readReportSettings(q: Queryable): Promise<ReportSettings> {
  return answerOf(await readSetting(q));
}

/** `report.column` pairs (checked by the request schema) as hidden columns per report. */
function hiddenFromPairs(pairs: readonly string[]): HiddenReportColumns {
  const named = new Map<string, Set<string>>();
  for (const pair of pairs) {
    const dot = pair.indexOf('.');
    const report = pair.slice(0, dot);
    if (!named.has(report)) named.set(report, new Set());
    named.get(report)!.add(pair.slice(dot + 1));
  }
  return hiddenOf(
    Object.fromEntries([...named].map(([report, columns]) => [report, [...columns]])),
  );
}

const sameSetting = (a: Setting, b: Setting) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the whole report setting in one transaction; a change is written to the admin log
 * (`report_settings.update`) with the setting before and after (saving what is already saved
 * changes nothing and logs nothing). Answers the settings as they now are.
 */
export async function changeReportSettings(
  ctx: UserCallContext,
  input: { defaultTimeZone: TimezoneChoice; hiddenColumns: readonly string[] },
): Promise<ReportSettings> {
  const next: Setting = {
    default_time_zone: input.defaultTimeZone,
    hidden_columns: hiddenFromPairs(input.hiddenColumns),
  };
  return ctx.db.transaction(async (tx) => {
    const before = await readSetting(tx, true);
    if (sameSetting(before, next)) return answerOf(before);
    await saveReportSettings(tx, {
      defaultTimeZone: next.default_time_zone,
      hiddenColumns: next.hidden_columns,
      accountId: ctx.actor.accountId,
    });
    const changed = Object.keys({ ...before.hidden_columns, ...next.hidden_columns }).filter(
      (report) =>
        JSON.stringify(before.hidden_columns[report as ReportId] ?? []) !==
        JSON.stringify(next.hidden_columns[report as ReportId] ?? []),
    );
    if (before.default_time_zone !== next.default_time_zone) changed.unshift('default_time_zone');
    await recordAdminLog(tx, ctx, {
      action: 'report_settings.update',
      actor: ctx.actor,
      targetType: 'report_settings',
      targetId: changed.join(','),
      before,
      after: next,
    });
    return answerOf(next);
  });
}
