import { UNPRICED, type RollupSource } from '../../ledger/rollup-sources';

/**
 * The SQL of an adjustment's amount with its direction's sign (a credit plus, a debit minus):
 * what it credits its owner, the twin of `adjustmentPlatformProfit` negated. The list's
 * `signed_amount` and totals and the rollups `ledger:check` recomputes read this one rule.
 */
export const signedAmountSql = (alias: string) =>
  `CASE WHEN ${alias}.direction = 'debit' THEN -${alias}.amount ELSE ${alias}.amount END`;

/**
 * What an adjustment makes the platform earn: minus the amount it credits the owner (a debit:
 * plus the amount it takes), its journal's entry on `platform_fees`. The one rule of the rollups
 * written at each step (`adjustmentSplit`) and of those `ledger:check` recomputes (below).
 */
export const adjustmentPlatformProfit = (row: {
  readonly direction: 'credit' | 'debit';
  readonly amount: bigint;
}): bigint => (row.direction === 'credit' ? -row.amount : row.amount);

/**
 * A balance adjustment, counted for its owner (a merchant or a reseller): where `ledger:check`
 * recomputes its rollups from. No fee, no gateway, no commission; its platform profit is the
 * platform's gain or cost (`adjustmentPlatformProfit`): the profit reports count an approved
 * one's volume as minus it, the net credited (the contract's `platformPaysVolume`), while the
 * rollup volume stays the amount, which the adjustments list's totals add up.
 */
export const ADJUSTMENT_ROLLUP: RollupSource = {
  from: 'balance_adjustments t',
  owner: 't.owner_account_id',
  kind: `'adjustment'`,
  gateway: `''`,
  ...UNPRICED,
  platformProfit: `sum(-(${signedAmountSql('t')}))`,
};
