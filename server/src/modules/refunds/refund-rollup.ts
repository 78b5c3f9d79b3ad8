import type { RollupSource } from '../../ledger/rollup-sources';

/**
 * A refund: its fee is the platform's alone (no commission, no gateway cost), counted net of
 * the pay-in fee the refund gives back (what the merchant paid for it): where `ledger:check` recomputes its rollups from.
 */
export const REFUND_ROLLUP: RollupSource = {
  from: 'refunds t JOIN payment_gateways g ON g.id = t.gateway_id',
  owner: 't.merchant_account_id',
  kind: `'refund'`,
  gateway: 'g.payment_gateway_code',
  fee: 'sum(t.fee - t.fee_returned)',
  gatewayCost: '0',
  resellerCommission: '0',
  platformProfit: 'sum(t.fee - t.fee_returned)',
};
