import type { Queryable } from '../../db/db';
import { runWrites, type Writes } from '../../db/writes';
import { rollupWrites } from '../../ledger/rollups';
import { findGatewayCodes } from '../gateways/gateways.service';
import {
  gatewayWriter,
  movedDeltas,
  type GatewayMoneyKind,
  type GatewayMoneyRecord,
  type MoneyChange,
} from './money-writer';

/**
 * Points a row of a gateway kind at another gateway where it stands (the fallback at hand-over,
 * issue 43), in the caller's transaction with the row locked: `moved`'s gateway and `priced`
 * columns (its price there) written over the row's, its report rollups moved off the old
 * gateway onto the new (`movedDeltas`: exact at any status, since rollups count by the
 * creation's half-hour), and `also` (its routing decision), in one statement. No journal entry:
 * a caller moves only a row whose money has not moved with its gateway (a pay-in posts on
 * success; a pay-out's reservation is the merchant's, the same at any gateway).
 */
export async function repointGatewayMoney<
  S extends string,
  R extends GatewayMoneyRecord<S> & { readonly updated_at: Date },
  C extends MoneyChange<S>,
  Carried extends keyof R,
>(
  tx: Queryable,
  kind: GatewayMoneyKind<S, R, C, Carried>,
  move: { readonly row: R; readonly moved: R; readonly priced: readonly (keyof R & string)[] },
  also: Writes,
): Promise<void> {
  const { row, moved, priced } = move;
  const gateways = [row.gateway_id, moved.gateway_id].filter((id): id is string => id !== null);
  const gatewayCodes = await findGatewayCodes(tx, gateways);
  const columns = ['gateway_id', ...priced, 'updated_at'] as const;
  const sets = columns.map((column, i) => `${column} = $${i + 2}`).join(', ');
  await runWrites(tx, [
    {
      statements: [`UPDATE ${kind.table.table} SET ${sets} WHERE id = $1`],
      params: [
        moved.id,
        moved.gateway_id,
        ...priced.map((column) => moved[column]),
        moved.updated_at.toISOString(),
      ],
    },
    rollupWrites(movedDeltas(gatewayWriter(kind, gatewayCodes), row, moved)),
    also,
  ]);
}
