import type { Queryable } from '../../db/db';
import { applyRollups } from '../../ledger/rollups';
import { findGatewayCodes } from '../gateways/gateways.service';
import {
  creationDeltas,
  gatewayWriter,
  type GatewayMoneyKind,
  type GatewayMoneyRecord,
  type MoneyChange,
} from './money-writer';

/**
 * Counts a new row of a gateway money kind made one at a time (a refund, a dispute) in the
 * rollups, in the caller's transaction, as its writer counts it (`creationDeltas`).
 */
export async function applyCreationRollup<
  S extends string,
  R extends GatewayMoneyRecord<S>,
  C extends MoneyChange<S>,
  Carried extends keyof R,
>(tx: Queryable, kind: GatewayMoneyKind<S, R, C, Carried>, row: R): Promise<void> {
  const codes = row.gateway_id ? await findGatewayCodes(tx, [row.gateway_id]) : new Map();
  await applyRollups(tx, creationDeltas(gatewayWriter(kind, codes), [row]));
}
