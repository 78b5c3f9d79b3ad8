import {
  ianaZoneOf,
  REPORT_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  type ReportPeriod,
  type SortDirection,
  type TimezoneChoice,
} from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { Actor, UserCallContext } from '../../core/context';
import type { ZoneDays } from '../../ledger/report-sources';
import { defaultReportZone } from '../report-settings/report-settings.service';

const DAY_MS = 86_400_000;

/** How far ahead of the server's clock an instant may be (two clocks a minute apart agree). */
const CLOCK_SLACK_MS = 60_000;

/** An instant a balance is asked for: not in the future (400 naming `at`), else itself. */
export function pastInstant(at: Date): Date {
  if (at.getTime() > Date.now() + CLOCK_SLACK_MS) throw badInput('at: must not be in the future');
  return at;
}

/** The day (YYYY-MM-DD) an instant falls on in an IANA zone. */
export function dayInZone(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A report's period as the server reads it: whole days of the chosen zone (see reportRequest). */
export interface ReportDays extends ZoneDays {
  readonly choice: TimezoneChoice;
  readonly period: ReportPeriod;
}

/**
 * The whole days a report covers in its zone, from the list kit's `from`/`to` instants and
 * `timeZone` (missing: the last `REPORT_DEFAULT_DAYS` days to today). A period ending before
 * it starts, or longer than `REPORT_MAX_DAYS`, is refused naming the field.
 */
export function reportDaysOf(
  input: { from?: Date | string; to?: Date | string; timeZone?: TimezoneChoice },
  defaultZone: TimezoneChoice = 'Default',
  now = new Date(),
): ReportDays {
  const choice = input.timeZone ?? defaultZone;
  const zone = ianaZoneOf(choice);
  const toDay = dayInZone(input.to ? new Date(input.to) : now, zone);
  const fromDay = input.from
    ? dayInZone(new Date(input.from), zone)
    : dayInZone(
        new Date(Date.parse(`${toDay}T12:00:00Z`) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS),
        'UTC',
      );
  const span = daysBetween(fromDay, toDay);
  if (span < 0) throw badInput('to: must not be before from');
  if (span + 1 > REPORT_MAX_DAYS)
    throw badInput(`from: a report covers at most ${REPORT_MAX_DAYS} days`);
  return {
    zone,
    fromDay,
    toDay,
    choice,
    period: { from_day: fromDay, to_day: toDay, time_zone: choice },
  };
}

/**
 * A report's days as `reportDaysOf` reads them, in the default report zone of the report
 * settings (/report-setting) when the request names no zone: every report reads its period
 * through here. The setting is one small row, read only when it applies.
 */
export async function readReportDays(
  ctx: Pick<UserCallContext, 'db'>,
  input: { from?: Date | string; to?: Date | string; timeZone?: TimezoneChoice },
  now = new Date(),
): Promise<ReportDays> {
  return reportDaysOf(input, input.timeZone ?? (await defaultReportZone(ctx.db)), now);
}

/**
 * The tenants a report may read for the caller: null (everyone) for an admin, the reseller's
 * merchants and itself for a reseller, the merchant itself (a sub-account: its parent's).
 */
export async function reportOwners(
  ctx: Pick<UserCallContext, 'db' | 'actor'>,
): Promise<readonly string[] | null> {
  const actor: Pick<Actor, 'accountType' | 'scopeAccountId'> = ctx.actor;
  if (actor.accountType === 'admin') return null;
  if (actor.accountType === 'merchant') return [actor.scopeAccountId];
  const { rows } = await ctx.db.query<{ id: string }>(
    'SELECT id FROM accounts WHERE reseller_account_id = $1 AND parent_account_id IS NULL',
    [actor.scopeAccountId],
  );
  return [actor.scopeAccountId, ...rows.map((r) => r.id)];
}

/**
 * What a report computes for one request: every row of the period, their totals, differences.
 * `rows` may be kept unformatted (`Raw`) with `view` making a row of the answer from one, so a
 * page formats only its own rows.
 */
export interface ComputedReport<Row, Totals, Raw = Row> {
  readonly rows: readonly Raw[];
  readonly view?: (raw: Raw) => Row;
  readonly totals: readonly Totals[];
  readonly differences?: readonly string[];
  readonly period: ReportPeriod;
}

/**
 * Serves a report as a list (`registry.list`): the page of the computed rows, every row for
 * an export. Reports aggregate to at most days × tenants × currencies rows, so the rows are
 * computed once per request and paged in memory. Statements that list entries page in SQL.
 */
export function serveReport<I extends { page: number; pageSize: number }, Row, Totals, Raw = Row>(
  compute: (ctx: UserCallContext, input: I) => Promise<ComputedReport<Row, Totals, Raw>>,
) {
  const viewOf = (report: ComputedReport<Row, Totals, Raw>) =>
    report.view ?? ((raw: Raw) => raw as unknown as Row);
  return {
    async page(ctx: UserCallContext, input: I) {
      const report = await compute(ctx, input);
      const start = (input.page - 1) * input.pageSize;
      return {
        rows: report.rows.slice(start, start + input.pageSize).map(viewOf(report)),
        total: report.rows.length,
        page: input.page,
        page_size: input.pageSize,
        totals: [...report.totals],
        period: report.period,
        differences: [...(report.differences ?? [])],
      };
    },
    async *chunks(ctx: UserCallContext, input: I) {
      const report = await compute(ctx, input);
      const view = viewOf(report);
      for (let i = 0; i < report.rows.length; i += 1_000)
        yield report.rows.slice(i, i + 1_000).map(view);
    },
  };
}

/**
 * The order of a report's rows by day (issue 40): the newest day first unless `direction` is
 * `asc` (operators read the latest first), then by `within` (the report's other keys, always
 * ascending). One rule for every report by day.
 */
export function byDay<R extends { day: string }>(
  direction: SortDirection | undefined,
  within: (a: R, b: R) => number,
): (a: R, b: R) => number {
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => (a.day !== b.day ? (a.day < b.day ? -sign : sign) : within(a, b));
}
