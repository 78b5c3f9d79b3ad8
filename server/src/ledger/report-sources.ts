import { currentBalanceSql } from './ledger-accounts';

/**
 * The SQL that reads report figures, for the report modules to group and join as each report
 * needs. Every reader sums the day rows of its zone and the 30-minute buckets not yet folded
 * (`foldReportRollups`), so what it reads never depends on when the fold job ran. Each function
 * returns a sub-query whose placeholders start after `offset` parameters the caller already has.
 */
export interface SqlPart {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** Whole days of one report zone, first and last included (YYYY-MM-DD, in that zone). */
export interface ZoneDays {
  /** An IANA zone of `REPORT_ZONES` (`ianaZoneOf` of the user's time zone choice). */
  readonly zone: string;
  readonly fromDay: string;
  readonly toDay: string;
}

const at = (offset: number) => (n: number) => `$${offset + n}`;

/** A date (YYYY-MM-DD) moved by whole days. */
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The whole months inside the days (first day of the first, last day of the last), read from
 * the month rows; the days before and after them are read from the day rows. None: an empty
 * range (`infinity` to `-infinity`), so every day is read from the day rows.
 */
export function wholeMonthsOf(days: ZoneDays): { first: string; last: string } {
  const first = days.fromDay.endsWith('-01')
    ? days.fromDay
    : `${addDays(`${days.fromDay.slice(0, 8)}01`, 32).slice(0, 8)}01`;
  const nextDay = addDays(days.toDay, 1);
  const last = nextDay.endsWith('-01') ? days.toDay : addDays(`${days.toDay.slice(0, 8)}01`, -1);
  return first <= last ? { first, last } : { first: 'infinity', last: '-infinity' };
}

const REPORT_COLUMNS = `currency, kind, status, gateway_code, count, volume, fee, gateway_cost,
                reseller_commission, platform_profit`;

/** How a report groups its figures: per day of the zone, per tenant. */
export interface FigureGrain {
  readonly byDay: boolean;
  readonly byOwner: boolean;
}

/**
 * Transaction figures by creation time (as the dashboard counts them) of the zone's days:
 * columns `day, owner_account_id, currency, kind, status, gateway_code, count, volume, fee,
 * gateway_cost, reseller_commission, platform_profit` (several rows per key: sum them).
 * `owners`: the tenants (merchants; resellers for withdrawals) to read, or null for all.
 * Reads the coarsest rollup the grain allows: without `byDay`, whole months from the month
 * rows (`day` is null); every tenant summed per day (no owners, not `byOwner`) from the
 * platform's days (`owner_account_id` is null there); else the day rows. Buckets not yet
 * folded are always added.
 */
export function reportFigureRows(
  days: ZoneDays,
  owners: readonly string[] | null,
  grain: FigureGrain,
  offset = 0,
): SqlPart {
  const p = at(offset);
  const months = wholeMonthsOf(days);
  const perMonth = !grain.byDay;
  const params: unknown[] = [days.zone, days.fromDay, days.toDay];
  if (perMonth) params.push(months.first, months.last);
  if (owners) params.push(owners);
  const ownerOnly = owners ? `AND owner_account_id = ANY(${p(params.length)}::uuid[])` : '';
  const inDays = `zone = ${p(1)} AND day BETWEEN ${p(2)}::date AND ${p(3)}::date`;
  let folded: string;
  if (perMonth)
    folded = `SELECT NULL::date AS day, owner_account_id, ${REPORT_COLUMNS} FROM report_months
           WHERE zone = ${p(1)} AND month BETWEEN ${p(4)}::date AND ${p(5)}::date ${ownerOnly}
          UNION ALL
          SELECT NULL::date, owner_account_id, ${REPORT_COLUMNS} FROM report_days
           WHERE ${inDays} AND NOT (day BETWEEN ${p(4)}::date AND ${p(5)}::date) ${ownerOnly}`;
  else if (!owners && !grain.byOwner)
    folded = `SELECT day, NULL::uuid AS owner_account_id, ${REPORT_COLUMNS} FROM report_platform_days
           WHERE ${inDays}`;
  else
    folded = `SELECT day, owner_account_id, ${REPORT_COLUMNS} FROM report_days
           WHERE ${inDays} ${ownerOnly}`;
  return {
    sql: `${folded}
          UNION ALL
          SELECT ${perMonth ? 'NULL::date' : `(bucket AT TIME ZONE ${p(1)})::date`}, owner_account_id, ${REPORT_COLUMNS}
            FROM report_halfhours
           WHERE bucket >= ${p(2)}::date::timestamp AT TIME ZONE ${p(1)}
             AND bucket < (${p(3)}::date + 1)::timestamp AT TIME ZONE ${p(1)} ${ownerOnly}`,
    params,
  };
}

/**
 * Transaction figures of all time, every day summed: the columns of `reportFigureRows` (`day`
 * null), from the all-time rows (`report_totals`, the same in every zone: UTC's are read) and
 * the buckets not yet folded, so no more rows per key whatever the history kept.
 */
export function allTimeFigureRows(offset = 0): SqlPart {
  const p = at(offset);
  return {
    sql: `SELECT NULL::date AS day, owner_account_id, ${REPORT_COLUMNS} FROM report_totals WHERE zone = ${p(1)}
          UNION ALL
          SELECT NULL::date, owner_account_id, ${REPORT_COLUMNS} FROM report_halfhours`,
    params: ['UTC'],
  };
}

/**
 * Ledger movements by posting time over the zone's days: columns `ledger_account_id, kind,
 * credit, debit, count` (credit: the positive entries; debit: the negative ones as a positive
 * amount; several rows per key). Whole months from the month rows, the days around them from
 * the day rows, and the buckets not yet folded. `accounts`: ledger account ids
 * (`ledgerAccountId`), or null for every account.
 */
export function movementRows(
  days: ZoneDays,
  accounts: readonly string[] | null,
  offset = 0,
): SqlPart {
  const p = at(offset);
  const only = accounts ? `AND ledger_account_id = ANY(${p(6)}::uuid[])` : '';
  const months = wholeMonthsOf(days);
  const params = [days.zone, days.fromDay, days.toDay, months.first, months.last];
  return {
    sql: `SELECT ledger_account_id, kind, credit, debit, count FROM movement_months
           WHERE zone = ${p(1)} AND month BETWEEN ${p(4)}::date AND ${p(5)}::date ${only}
          UNION ALL
          SELECT ledger_account_id, kind, credit, debit, count FROM movement_days
           WHERE zone = ${p(1)} AND day BETWEEN ${p(2)}::date AND ${p(3)}::date
             AND NOT (day BETWEEN ${p(4)}::date AND ${p(5)}::date) ${only}
          UNION ALL
          SELECT ledger_account_id, kind, credit, debit, count FROM movement_halfhours
           WHERE bucket >= ${p(2)}::date::timestamp AT TIME ZONE ${p(1)}
             AND bucket < (${p(3)}::date + 1)::timestamp AT TIME ZONE ${p(1)} ${only}`,
    params: accounts ? [...params, accounts] : params,
  };
}

/**
 * Ledger movements before a day of a report zone starts (rows `ledger_account_id, amount`):
 * that zone's months before the day's month, that month's days before the day, and the
 * buckets not yet folded before it (every zone midnight falls between buckets). Parameters
 * 1, 2 and 3 are the zone, the day and the first day of its month (`dayStartParams`).
 */
const movedBeforeDaySql = (p: (n: number) => string, only: string) => `
            SELECT ledger_account_id, credit - debit AS amount FROM movement_months
             WHERE zone = ${p(1)} AND month < ${p(3)}::date ${only}
            UNION ALL
            SELECT ledger_account_id, credit - debit FROM movement_days
             WHERE zone = ${p(1)} AND day >= ${p(3)}::date AND day < ${p(2)}::date ${only}
            UNION ALL
            SELECT ledger_account_id, credit - debit FROM movement_halfhours
             WHERE bucket < ${zoneDayStartSql(p(2), p(1))} ${only}`;

/**
 * Ledger movements from a day of a report zone on (rows `ledger_account_id, amount`): the
 * buckets not yet folded from the day's start, and either the months after the day's month and
 * that month's days from the day, or (`viaMonth`, fewer rows when the day is early in its
 * month) the months from the day's month on less that month's days before the day. The
 * complement of `movedBeforeDaySql`; same parameters.
 */
const movedFromDaySql = (p: (n: number) => string, only: string, viaMonth: boolean) => `
            SELECT ledger_account_id, credit - debit AS amount FROM movement_months
             WHERE zone = ${p(1)} AND month ${viaMonth ? '>=' : '>'} ${p(3)}::date ${only}
            UNION ALL
            ${
              viaMonth
                ? `SELECT ledger_account_id, debit - credit FROM movement_days
             WHERE zone = ${p(1)} AND day >= ${p(3)}::date AND day < ${p(2)}::date ${only}`
                : `SELECT ledger_account_id, credit - debit FROM movement_days
             WHERE zone = ${p(1)} AND day >= ${p(2)}::date
               AND day < (${p(3)}::date + interval '1 month')::date ${only}`
            }
            UNION ALL
            SELECT ledger_account_id, credit - debit FROM movement_halfhours
             WHERE bucket >= ${zoneDayStartSql(p(2), p(1))} ${only}`;

/**
 * Whether the days of `day`'s month before it are fewer than those from it on that can hold
 * rows (none after today): then its month's row less those days reads fewer rows.
 */
function fewerDaysBefore(day: string, now = new Date()): boolean {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const monthEnd = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const today = now.toISOString().slice(0, 10);
  const last = today.slice(0, 7) === day.slice(0, 7) ? Number(today.slice(8, 10)) : monthEnd;
  return date - 1 < last - date + 1;
}

const dayStartParams = (zone: string, day: string) => [zone, day, `${day.slice(0, 8)}01`];

/**
 * Each of `accounts`' balances when a day of a report zone starts (the sum of its entries
 * before that zone midnight): columns `ledger_account_id, balance`, every account given (zero
 * when it had none). Its live balance (`currentBalanceSql`: the cached balance, kept in the
 * same transaction as the entries) less what moved from that day on (`movedFromDaySql`), read
 * in one statement: a recent day costs the same however long the journal, where summing every
 * month before it (`movedBeforeDaySql`) grew with the history (issue 46). No entry is read.
 */
export function balancesAtDayStartRows(
  zone: string,
  day: string,
  accounts: readonly string[],
  offset = 0,
): SqlPart {
  const p = at(offset);
  const only = `AND ledger_account_id = ANY(${p(4)}::uuid[])`;
  return {
    sql: `SELECT la.id AS ledger_account_id, (${currentBalanceSql('la')} - coalesce(m.amount, 0))::bigint AS balance
            FROM ledger_accounts la
            LEFT JOIN (SELECT ledger_account_id, sum(amount) AS amount FROM (${movedFromDaySql(p, only, fewerDaysBefore(day))}) x
                        GROUP BY ledger_account_id) m ON m.ledger_account_id = la.id
           WHERE la.id = ANY(${p(4)}::uuid[])`,
    params: [...dayStartParams(zone, day), accounts],
  };
}

/**
 * Each ledger account's balance at an instant (the sum of its entries before it): columns
 * `ledger_account_id, balance`. The balance when its UTC day started (`movedBeforeDaySql`)
 * and only that (partial) day's entries, so the cost does not grow with the journal.
 * `accounts`: ledger account ids, or null for all.
 */
export function balancesAtRows(
  instant: Date,
  accounts: readonly string[] | null,
  offset = 0,
): SqlPart {
  const p = at(offset);
  const only = accounts ? `AND ledger_account_id = ANY(${p(5)}::uuid[])` : '';
  const params = [
    ...dayStartParams('UTC', instant.toISOString().slice(0, 10)),
    instant.toISOString(),
  ];
  return {
    sql: `SELECT ledger_account_id, sum(amount)::bigint AS balance FROM (${movedBeforeDaySql(p, only)}
            UNION ALL
            SELECT ledger_account_id, amount FROM entries
             WHERE created_at >= ${zoneDayStartSql(p(2), p(1))} AND created_at < ${p(4)}::timestamptz ${only}
          ) x GROUP BY ledger_account_id`,
    params: accounts ? [...params, accounts] : params,
  };
}

/** The instant a zone's day starts, in SQL (for the caller's own entry reads over a period). */
export const zoneDayStartSql = (dayParam: string, zoneParam: string) =>
  `${dayParam}::date::timestamp AT TIME ZONE ${zoneParam}`;
