import type { MoneyKindName } from '@bo/contract';

/**
 * Where each money kind's rollup figures come from in its own table: the rows grouped by owner,
 * currency, kind, status and gateway, with the fee split it recorded. `ledger:check` recomputes
 * the dashboard's and the reports' rollups from these; the Record type makes the compiler ask
 * a new kind for its source.
 */
export interface RollupSource {
  /** The table and its joins, alias `t`. */
  readonly from: string;
  readonly owner: string;
  /** The kind's name, or an expression when one table holds two kinds. */
  readonly kind: string;
  readonly gateway: string;
  readonly fee: string;
  readonly gatewayCost: string;
  readonly resellerCommission: string;
  readonly platformProfit: string;
  readonly where?: string;
}

const unpriced = { fee: '0', gatewayCost: '0', resellerCommission: '0', platformProfit: '0' };
const priced = {
  fee: 'sum(t.fee)',
  gatewayCost: 'sum(t.gateway_cost)',
  resellerCommission: 'sum(t.reseller_commission)',
  platformProfit: 'sum(t.platform_profit)',
};
const settlements = {
  from: 'settlements t',
  owner: 't.merchant_account_id',
  gateway: `''`,
  ...priced,
  gatewayCost: '0',
};

const ROLLUP_SOURCES: Readonly<Record<MoneyKindName, RollupSource>> = {
  payin: {
    from: 'payins t JOIN payment_gateways g ON g.id = t.gateway_id',
    owner: 't.merchant_account_id',
    kind: `'payin'`,
    gateway: 'g.payment_gateway_code',
    ...priced,
  },
  payout: {
    from: 'payouts t LEFT JOIN payment_gateways g ON g.id = t.gateway_id',
    owner: 't.merchant_account_id',
    kind: `'payout'`,
    gateway: `coalesce(g.payment_gateway_code, '')`,
    ...priced,
  },
  settlement: { ...settlements, kind: `'settlement'`, where: `t.destination = 'bank'` },
  settlement_wallet: {
    ...settlements,
    kind: `'settlement_wallet'`,
    where: `t.destination = 'usdt_wallet'`,
  },
  withdrawal: {
    from: 'withdrawals t',
    owner: 't.reseller_account_id',
    kind: `'withdrawal'`,
    gateway: `''`,
    ...unpriced,
  },
  // A refund's fee is the platform's alone; it gives no commission and costs no gateway fee.
  // It counts net of the pay-in fee the refund gives back (what the merchant paid for it).
  refund: {
    from: 'refunds t JOIN payment_gateways g ON g.id = t.gateway_id',
    owner: 't.merchant_account_id',
    kind: `'refund'`,
    gateway: 'g.payment_gateway_code',
    fee: 'sum(t.fee - t.fee_returned)',
    gatewayCost: '0',
    resellerCommission: '0',
    platformProfit: 'sum(t.fee - t.fee_returned)',
  },
  // A dispute's fee is the gateway's, passed on at cost: its fee is all gateway cost. It counts
  // net of the fee the gateway gave back on a win (what the merchant paid for it, as a refund's).
  dispute: {
    from: 'disputes t JOIN payment_gateways g ON g.id = t.gateway_id',
    owner: 't.merchant_account_id',
    kind: `'dispute'`,
    gateway: 'g.payment_gateway_code',
    fee: 'sum(t.fee - t.fee_returned)',
    gatewayCost: 'sum(t.fee - t.fee_returned)',
    resellerCommission: '0',
    platformProfit: '0',
  },
  top_up: {
    from: 'top_ups t',
    owner: 't.merchant_account_id',
    kind: `'top_up'`,
    gateway: `''`,
    ...unpriced,
  },
};

/**
 * Every kind's rows grouped by `period` (an SQL expression over `t.created_at`), owner,
 * currency, kind, status and gateway: columns period, owner, currency, kind, status,
 * gateway_code, n, v, f, gc, rc, pp.
 */
export function rollupSourcesSql(period: string): string {
  return Object.values(ROLLUP_SOURCES)
    .map(
      (s) => `
  SELECT ${period} AS period, ${s.owner} AS owner, t.currency, ${s.kind}::text AS kind, t.status,
         ${s.gateway}::text AS gateway_code, count(*)::bigint AS n, sum(t.amount)::bigint AS v,
         (${s.fee})::bigint AS f, (${s.gatewayCost})::bigint AS gc,
         (${s.resellerCommission})::bigint AS rc, (${s.platformProfit})::bigint AS pp
    FROM ${s.from}${s.where ? ` WHERE ${s.where}` : ''} GROUP BY 1, 2, 3, 4, 5, 6`,
    )
    .join('\n  UNION ALL');
}
