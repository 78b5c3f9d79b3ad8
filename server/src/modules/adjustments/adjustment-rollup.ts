import { UNPRICED, type RollupSource } from '../../ledger/rollup-sources';

/**
 * A balance adjustment (unpriced, counted for its owner, a merchant or a reseller): where
 * `ledger:check` recomputes its rollups from.
 */
export const ADJUSTMENT_ROLLUP: RollupSource = {
  from: 'balance_adjustments t',
  owner: 't.owner_account_id',
  kind: `'adjustment'`,
  gateway: `''`,
  ...UNPRICED,
};
