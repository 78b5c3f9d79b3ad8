import { PRICED, type RollupSource } from '../../ledger/rollup-sources';

/** A settlement, of either destination: priced by its contract, no gateway cost. */
const settlements = {
  from: 'settlements t',
  owner: 't.merchant_account_id',
  gateway: `''`,
  ...PRICED,
  gatewayCost: '0',
};

/** A settlement to a bank account: where `ledger:check` recomputes its rollups from. */
export const SETTLEMENT_ROLLUP: RollupSource = {
  ...settlements,
  kind: `'settlement'`,
  where: `t.destination = 'bank'`,
};

/** A settlement to the USDT wallet: where `ledger:check` recomputes its rollups from. */
export const SETTLEMENT_WALLET_ROLLUP: RollupSource = {
  ...settlements,
  kind: `'settlement_wallet'`,
  where: `t.destination = 'usdt_wallet'`,
};
