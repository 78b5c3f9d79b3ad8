import { PRICED, type RollupSource } from '../../ledger/rollup-sources';

/**
 * A pay-out (its gateway may be unknown): where `ledger:check` recomputes its rollups from.
 */
export const PAYOUT_ROLLUP: RollupSource = {
  from: 'payouts t LEFT JOIN payment_gateways g ON g.id = t.gateway_id',
  owner: 't.merchant_account_id',
  kind: `'payout'`,
  gateway: `coalesce(g.payment_gateway_code, '')`,
  ...PRICED,
};
