import { PRICED, type RollupSource } from '../../ledger/rollup-sources';

/**
 * A pay-in: where `ledger:check` recomputes its rollups from.
 */
export const PAYIN_ROLLUP: RollupSource = {
  from: 'payins t JOIN payment_gateways g ON g.id = t.gateway_id',
  owner: 't.merchant_account_id',
  kind: `'payin'`,
  gateway: 'g.payment_gateway_code',
  ...PRICED,
};
