import { UNPRICED, type RollupSource } from '../../ledger/rollup-sources';

/**
 * A reseller's withdrawal (unpriced): where `ledger:check` recomputes its rollups from.
 */
export const WITHDRAWAL_ROLLUP: RollupSource = {
  from: 'withdrawals t',
  owner: 't.reseller_account_id',
  kind: `'withdrawal'`,
  gateway: `''`,
  ...UNPRICED,
};
