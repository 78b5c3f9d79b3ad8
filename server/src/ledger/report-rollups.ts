import type { Writes } from '../db/writes';
import { halfHourOf } from './half-hours';
import type { RollupDelta } from './rollup-delta';

interface Sum {
  d: RollupDelta;
  bucket: string;
  count: number;
  figures: [bigint, bigint, bigint, bigint, bigint];
}

/**
 * The report rollup writes of the deltas: count, volume and the whole fee split per tenant,
 * currency, kind, status and gateway in the 30-minute bucket of the transaction's creation
 * (folded into days of each report zone later, `foldReportRollups`). Null when nothing changes;
 * rows in key order so concurrent writers do not deadlock.
 */
export function reportRollupWrites(deltas: readonly RollupDelta[], slot: number): Writes | null {
  const sums = new Map<string, Sum>();
  for (const d of deltas) {
    const bucket = halfHourOf(d.createdAt);
    const key = `${bucket}|${d.ownerAccountId}|${d.currency}|${d.kind}|${d.status}|${d.gatewayCode ?? ''}`;
    const s = sums.get(key) ?? { d, bucket, count: 0, figures: [0n, 0n, 0n, 0n, 0n] };
    s.count += d.count;
    s.figures[0] += d.volume;
    s.figures[1] += d.fee;
    s.figures[2] += d.split?.gatewayCost ?? 0n;
    s.figures[3] += d.split?.resellerCommission ?? 0n;
    s.figures[4] += d.split?.platformProfit ?? 0n;
    sums.set(key, s);
  }
  const rows = [...sums.entries()]
    .filter(([, s]) => s.count !== 0 || s.figures.some((f) => f !== 0n))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, s]) => s);
  if (!rows.length) return null;
  const figure = (i: number) => rows.map((r) => r.figures[i]!.toString());
  return {
    statements: [
      `INSERT INTO report_halfhours (bucket, owner_account_id, currency, kind, status, gateway_code, slot,
         count, volume, fee, gateway_cost, reseller_commission, platform_profit)
       SELECT b, o, c, k, s, g, $7::smallint, n, v, f, gc, rc, pp
         FROM unnest($1::timestamptz[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
                     $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[])
              AS t(b, o, c, k, s, g, n, v, f, gc, rc, pp)
       ON CONFLICT (bucket, owner_account_id, currency, kind, status, gateway_code, slot) DO UPDATE
         SET count = report_halfhours.count + EXCLUDED.count,
             volume = report_halfhours.volume + EXCLUDED.volume,
             fee = report_halfhours.fee + EXCLUDED.fee,
             gateway_cost = report_halfhours.gateway_cost + EXCLUDED.gateway_cost,
             reseller_commission = report_halfhours.reseller_commission + EXCLUDED.reseller_commission,
             platform_profit = report_halfhours.platform_profit + EXCLUDED.platform_profit`,
    ],
    params: [
      rows.map((r) => r.bucket),
      rows.map((r) => r.d.ownerAccountId),
      rows.map((r) => r.d.currency),
      rows.map((r) => r.d.kind),
      rows.map((r) => r.d.status),
      rows.map((r) => r.d.gatewayCode ?? ''),
      slot,
      rows.map((r) => String(r.count)),
      figure(0),
      figure(1),
      figure(2),
      figure(3),
      figure(4),
    ],
  };
}

/** One entry as the movement rollups see it. */
export interface MovementEntry {
  readonly accountId: string;
  readonly kind: string;
  readonly createdAt: Date;
  readonly amount: bigint;
}

/**
 * The movement rollup writes of entries: credits, debits and count per ledger account, journal
 * kind and 30-minute bucket of the posting time, in the journal's own statement. `slot` spreads
 * the house accounts' concurrent writers (every pay-in credits the platform's fee account).
 */
export function movementWrites(entries: readonly MovementEntry[], slot: number): Writes | null {
  const sums = new Map<
    string,
    { bucket: string; e: MovementEntry; credit: bigint; debit: bigint; n: number }
  >();
  for (const e of entries) {
    const bucket = halfHourOf(e.createdAt);
    const key = `${bucket}|${e.accountId}|${e.kind}`;
    const s = sums.get(key) ?? { bucket, e, credit: 0n, debit: 0n, n: 0 };
    if (e.amount > 0n) s.credit += e.amount;
    else s.debit -= e.amount;
    s.n += 1;
    sums.set(key, s);
  }
  const rows = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, s]) => s);
  if (!rows.length) return null;
  return {
    statements: [
      `INSERT INTO movement_halfhours (bucket, ledger_account_id, kind, slot, credit, debit, count)
       SELECT b, a, k, $4::smallint, c, d, n
         FROM unnest($1::timestamptz[], $2::uuid[], $3::text[], $5::bigint[], $6::bigint[], $7::bigint[])
              AS t(b, a, k, c, d, n)
       ON CONFLICT (bucket, ledger_account_id, kind, slot) DO UPDATE
         SET credit = movement_halfhours.credit + EXCLUDED.credit,
             debit = movement_halfhours.debit + EXCLUDED.debit,
             count = movement_halfhours.count + EXCLUDED.count`,
    ],
    params: [
      rows.map((r) => r.bucket),
      rows.map((r) => r.e.accountId),
      rows.map((r) => r.e.kind),
      slot,
      rows.map((r) => r.credit.toString()),
      rows.map((r) => r.debit.toString()),
      rows.map((r) => String(r.n)),
    ],
  };
}
