import type { RollupSource } from '../../ledger/rollup-sources';

/**
 * A dispute: its fee is the gateway's, passed on at cost (all gateway cost), counted net of
 * the fee the gateway gave back on a win (what the merchant paid for it, as a refund's): where `ledger:check` recomputes its rollups from.
 */
export const DISPUTE_ROLLUP: RollupSource = {
  from: 'disputes t JOIN payment_gateways g ON g.id = t.gateway_id',
  owner: 't.merchant_account_id',
  kind: `'dispute'`,
  gateway: 'g.payment_gateway_code',
  fee: 'sum(t.fee - t.fee_returned)',
  gatewayCost: 'sum(t.fee - t.fee_returned)',
  resellerCommission: '0',
  platformProfit: '0',
};
