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

/**
 * Transaction figures by creation time (as the dashboard counts them) per day of the zone:
 * columns `day, owner_account_id, currency, kind, status, gateway_code, count, volume, fee,
 * gateway_cost, reseller_commission, platform_profit` (several rows per key: sum them).
 * `owners`: the tenants (merchants; resellers for withdrawals) to read, or null for all.
 */
export function reportFigureRows(
  days: ZoneDays,
  owners: readonly string[] | null,
  offset = 0,
): SqlPart {
  const p = at(offset);
  const ownerOnly = owners ? `AND owner_account_id = ANY(${p(4)}::uuid[])` : '';
  const cols = `owner_account_id, currency, kind, status, gateway_code, count, volume, fee, gateway_cost,
                reseller_commission, platform_profit`;
  return {
    sql: `SELECT day, ${cols} FROM report_days
           WHERE zone = ${p(1)} AND day BETWEEN ${p(2)}::date AND ${p(3)}::date ${ownerOnly}
          UNION ALL
          SELECT (bucket AT TIME ZONE ${p(1)})::date, ${cols} FROM report_halfhours
           WHERE bucket >= ${p(2)}::date::timestamp AT TIME ZONE ${p(1)}
             AND bucket < (${p(3)}::date + 1)::timestamp AT TIME ZONE ${p(1)} ${ownerOnly}`,
    params: owners
      ? [days.zone, days.fromDay, days.toDay, owners]
      : [days.zone, days.fromDay, days.toDay],
  };
}

/**
 * Ledger movements by posting time per day of the zone: columns `day, ledger_account_id, kind,
 * credit, debit, count` (credit: the positive entries; debit: the negative ones as a positive
 * amount; several rows per key). `accounts`: ledger account ids (`ledgerAccountId`), or null
 * for every account.
 */
export function movementRows(
  days: ZoneDays,
  accounts: readonly string[] | null,
  offset = 0,
): SqlPart {
  const p = at(offset);
  const only = accounts ? `AND ledger_account_id = ANY(${p(4)}::uuid[])` : '';
  return {
    sql: `SELECT day, ledger_account_id, kind, credit, debit, count FROM movement_days
           WHERE zone = ${p(1)} AND day BETWEEN ${p(2)}::date AND ${p(3)}::date ${only}
          UNION ALL
          SELECT (bucket AT TIME ZONE ${p(1)})::date, ledger_account_id, kind, credit, debit, count
            FROM movement_halfhours
           WHERE bucket >= ${p(2)}::date::timestamp AT TIME ZONE ${p(1)}
             AND bucket < (${p(3)}::date + 1)::timestamp AT TIME ZONE ${p(1)} ${only}`,
    params: accounts
      ? [days.zone, days.fromDay, days.toDay, accounts]
      : [days.zone, days.fromDay, days.toDay],
  };
}

/**
 * Each ledger account's balance at an instant (the sum of its entries before it): columns
 * `ledger_account_id, balance`. Days before the instant's UTC day come from the day rows and
 * unfolded buckets; only the instant's own (partial) UTC day is read from the entries, so the
 * cost does not grow with the journal. `accounts`: ledger account ids, or null for all.
 */
export function balancesAtRows(
  instant: Date,
  accounts: readonly string[] | null,
  offset = 0,
): SqlPart {
  const p = at(offset);
  const only = accounts ? `AND ledger_account_id = ANY(${p(3)}::uuid[])` : '';
  const dayStart = new Date(Math.floor(instant.getTime() / 86_400_000) * 86_400_000);
  return {
    sql: `SELECT ledger_account_id, sum(amount)::bigint AS balance FROM (
            SELECT ledger_account_id, credit - debit AS amount FROM movement_days
             WHERE zone = 'UTC' AND day < (${p(1)}::timestamptz AT TIME ZONE 'UTC')::date ${only}
            UNION ALL
            SELECT ledger_account_id, credit - debit FROM movement_halfhours WHERE bucket < ${p(1)}::timestamptz ${only}
            UNION ALL
            SELECT ledger_account_id, amount FROM entries
             WHERE created_at >= ${p(1)}::timestamptz AND created_at < ${p(2)}::timestamptz ${only}
          ) x GROUP BY ledger_account_id`,
    params: accounts
      ? [dayStart.toISOString(), instant.toISOString(), accounts]
      : [dayStart.toISOString(), instant.toISOString()],
  };
}

/** The instant a zone's day starts, in SQL (for the caller's own entry reads over a period). */
export const zoneDayStartSql = (dayParam: string, zoneParam: string) =>
  `${dayParam}::date::timestamp AT TIME ZONE ${zoneParam}`;
