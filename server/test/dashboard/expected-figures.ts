import { DASHBOARD_KINDS, DASHBOARD_PERIODS, formatAmount } from '@bo/contract';
import type { Queryable } from '../../src/db/db';

/**
 * Dashboard figures computed the slow, obvious way — straight from the transaction tables and
 * the ledger's entries — to hold the rollup-based answers against.
 */
const TABLES = {
  payin: { table: 'payins', success: 'success', pending: ['created', 'processing'] },
  payout: {
    table: 'payouts',
    success: 'success',
    // The dashboard counts the pending queue's pay-outs: those awaiting approval.
    pending: ['pending_approval'],
  },
  settlement: { table: 'settlements', success: 'completed', pending: ['pending', 'approved'] },
} as const;

export async function merchantIdsOf(
  db: Queryable,
  scope: { level: 'platform' | 'reseller' | 'merchant'; code?: string },
) {
  const where =
    scope.level === 'platform'
      ? `account_type = 'merchant' AND parent_account_id IS NULL`
      : scope.level === 'reseller'
        ? `reseller_account_id = (SELECT id FROM accounts WHERE account_db_code = $1) AND parent_account_id IS NULL`
        : `account_db_code = $1`;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM accounts WHERE ${where}`,
    scope.level === 'platform' ? [] : [scope.code],
  );
  return rows.map((r) => r.id);
}

export async function expectedCurrencyRow(
  db: Queryable,
  merchantIds: string[],
  currency: string,
  now: Date,
) {
  const today = now.toISOString().slice(0, 10);
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const ranges: Record<(typeof DASHBOARD_PERIODS)[number], [string, string]> = {
    today: [today, 'infinity'],
    yesterday: [yesterday, today],
    this_month: [monthStart, 'infinity'],
  };
  const row: Record<string, string | number> = { currency };
  for (const kind of DASHBOARD_KINDS) {
    const t = TABLES[kind];
    for (const period of DASHBOARD_PERIODS) {
      const [from, to] = ranges[period];
      const { rows } = await db.query<{ total: bigint; success: bigint; volume: bigint }>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE status = $5) AS success,
                coalesce(sum(amount) FILTER (WHERE status = $5), 0)::bigint AS volume
           FROM ${t.table}
          WHERE merchant_account_id = ANY($1::uuid[]) AND currency = $2
            AND created_at >= $3::date AND created_at < $4::timestamptz`,
        [merchantIds, currency, from, to === 'infinity' ? 'infinity' : to, t.success],
      );
      row[`${kind}_${period}_total_count`] = Number(rows[0]!.total);
      row[`${kind}_${period}_success_count`] = Number(rows[0]!.success);
      row[`${kind}_${period}_volume`] = formatAmount(rows[0]!.volume, currency);
    }
    const pending = await db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM ${t.table} WHERE merchant_account_id = ANY($1::uuid[]) AND currency = $2 AND status = ANY($3::text[])`,
      [merchantIds, currency, t.pending],
    );
    row[`${kind}_pending_count`] = Number(pending.rows[0]!.n);
  }
  // The balance from the journal: the sum of the entries of the merchants' available accounts.
  const balance = await db.query<{ b: bigint }>(
    `SELECT coalesce(sum(e.amount), 0)::bigint AS b
       FROM entries e JOIN ledger_accounts la ON la.id = e.ledger_account_id
      WHERE la.owner_kind = 'account' AND la.owner_id = ANY($1::uuid[]) AND la.purpose = 'available' AND la.currency = $2`,
    [merchantIds, currency],
  );
  row.balance = formatAmount(balance.rows[0]!.b, currency);
  return row;
}

/** Successful pay-in volume of the merchants in one currency created in [from, to). */
export async function successVolume(
  db: Queryable,
  table: 'payins' | 'payouts',
  merchantIds: string[],
  currency: string,
  from: string,
  to: string,
) {
  const { rows } = await db.query<{ v: bigint }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS v FROM ${table}
      WHERE merchant_account_id = ANY($1::uuid[]) AND currency = $2 AND status = 'success'
        AND created_at >= $3::timestamptz AND created_at < $4::timestamptz`,
    [merchantIds, currency, from, to],
  );
  return rows[0]!.v;
}
