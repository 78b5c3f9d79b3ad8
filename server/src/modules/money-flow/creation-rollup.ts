import type { Queryable } from '../../db/db';
import { applyRollups, transitionDeltas } from '../../ledger/rollups';
import { findGatewayCodes } from '../gateways/gateways.service';
import type { GatewayMoneyKind, GatewayMoneyRecord } from './gateway-money-writer';

/** What the rollups count of a kind's row: the kind's name, fee split and rollup fee. */
type RollupFigures<S extends string, R extends GatewayMoneyRecord<S>> = Pick<
  GatewayMoneyKind<S, R, never, never>,
  'kind' | 'split' | 'rollupFee'
>;

/**
 * Counts a new row of a gateway money kind (a refund, a dispute) in the rollups, in the caller's
 * transaction: one into its first status, with the fee and split its kind counts (`rollupFee`,
 * else the row's fee), as `changeGatewayMoney` counts every later step.
 */
export async function applyCreationRollup<S extends string, R extends GatewayMoneyRecord<S>>(
  tx: Queryable,
  kind: RollupFigures<S, R>,
  row: R,
): Promise<void> {
  const codes = row.gateway_id ? await findGatewayCodes(tx, [row.gateway_id]) : null;
  await applyRollups(
    tx,
    transitionDeltas(
      {
        ownerAccountId: row.merchant_account_id,
        currency: row.currency,
        createdAt: row.created_at,
        kind: kind.kind,
        gatewayCode: (row.gateway_id && codes?.get(row.gateway_id)) ?? '',
      },
      null,
      row.status,
      row.amount,
      kind.rollupFee?.(row) ?? row.fee,
      kind.split(row),
    ),
  );
}
