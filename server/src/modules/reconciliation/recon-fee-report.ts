/**
 * The fee report (docs/reconciliation.md): per gateway, day and currency, our computed gateway
 * cost against the fee the gateway charged, from the runs' lines that name a transaction of
 * ours with a fee on both sides. A transaction in several runs (statements overlapping) counts
 * once, by the newest run's line; a duplicate line never counts.
 */
import { formatAmount, type ReconFeeRow } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';

export interface FeeReportInput {
  page: number;
  pageSize: number;
  direction?: 'asc' | 'desc';
  gatewayCode?: string;
  currency?: string;
  from?: string;
  to?: string;
}

interface FeeRecord {
  day: string;
  payment_gateway_code: string;
  currency: string;
  line_count: bigint;
  fee_mismatch_count: bigint;
  our_fee: bigint;
  gateway_fee: bigint;
}

/** The report's rows under the filters, newest day first (or oldest), `limit` from `offset`. */
async function findFeeRows(
  db: Queryable,
  input: FeeReportInput,
  page: { limit: number; offset: number },
): Promise<{ rows: FeeRecord[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (input.gatewayCode) where.push(`g.payment_gateway_code = $${params.push(input.gatewayCode)}`);
  if (input.currency) where.push(`f.currency = $${params.push(input.currency)}`);
  if (input.from)
    where.push(`f.day >= ($${params.push(input.from)}::timestamptz AT TIME ZONE 'UTC')::date`);
  if (input.to)
    where.push(`f.day <= ($${params.push(input.to)}::timestamptz AT TIME ZONE 'UTC')::date`);
  const dir = input.direction === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await db.query<FeeRecord & { total: bigint }>(
    `WITH latest AS (
       SELECT DISTINCT ON (l.our_kind, l.our_id) r.gateway_id, l.currency, l.class, l.fee, l.our_fee,
              (coalesce(l.occurred_at, r.period_from) AT TIME ZONE 'UTC')::date AS day
         FROM recon_lines l JOIN recon_runs r ON r.id = l.run_id
        WHERE l.our_id IS NOT NULL AND l.fee IS NOT NULL AND l.our_fee IS NOT NULL
          AND l.class <> 'duplicate_at_gateway'
        ORDER BY l.our_kind, l.our_id, r.created_at DESC),
     f AS (
       SELECT gateway_id, day, currency, count(*) AS line_count,
              count(*) FILTER (WHERE class = 'fee_mismatch') AS fee_mismatch_count,
              sum(our_fee)::bigint AS our_fee, sum(fee)::bigint AS gateway_fee
         FROM latest GROUP BY gateway_id, day, currency)
     SELECT f.day::text AS day, g.payment_gateway_code, f.currency, f.line_count,
            f.fee_mismatch_count, f.our_fee, f.gateway_fee, count(*) OVER () AS total
       FROM f JOIN payment_gateways g ON g.id = f.gateway_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY f.day ${dir}, g.payment_gateway_code, f.currency
      LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`,
    params,
  );
  return { rows, total: Number(rows[0]?.total ?? 0n) };
}

const viewFeeRow = (r: FeeRecord): ReconFeeRow => ({
  id: `${r.day}:${r.payment_gateway_code}:${r.currency}`,
  day: r.day,
  payment_gateway_code: r.payment_gateway_code,
  currency: r.currency,
  line_count: Number(r.line_count),
  fee_mismatch_count: Number(r.fee_mismatch_count),
  our_fee: formatAmount(r.our_fee, r.currency),
  gateway_fee: formatAmount(r.gateway_fee, r.currency),
  difference: formatAmount(r.gateway_fee - r.our_fee, r.currency),
});

/** `getReconFeeReport` and its export (the list kit). */
export const feeReportService = {
  async page(ctx: UserCallContext, input: FeeReportInput) {
    const offset = (input.page - 1) * input.pageSize;
    const { rows, total } = await findFeeRows(ctx.db, input, { limit: input.pageSize, offset });
    return { rows: rows.map(viewFeeRow), total, page: input.page, page_size: input.pageSize };
  },
  async *chunks(ctx: UserCallContext, input: FeeReportInput) {
    for (let offset = 0; ; offset += 2000) {
      const { rows } = await findFeeRows(ctx.db, input, { limit: 2000, offset });
      if (rows.length) yield rows.map(viewFeeRow);
      if (rows.length < 2000) return;
    }
  },
};
