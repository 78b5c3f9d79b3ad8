import { UNPRICED, type RollupSource } from '../../ledger/rollup-sources';

/**
 * A top-up (unpriced): where `ledger:check` recomputes its rollups from.
 */
export const TOP_UP_ROLLUP: RollupSource = {
  from: 'top_ups t',
  owner: 't.merchant_account_id',
  kind: `'top_up'`,
  gateway: `''`,
  ...UNPRICED,
};
