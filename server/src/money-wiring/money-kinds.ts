import type { MoneyKindName, MoneyRequestKind } from '@bo/contract';
import type { GatewayKind } from '../connectors/connector';
import { callbackFacets, type CallbackFacet } from '../modules/gateway-callbacks/callback-facet';
import { quoteFacets, type QuoteFacet } from '../modules/money-quotes/quote-facet';
import { DISPUTE_CALLBACKS } from '../modules/disputes/dispute-callbacks';
import { PAYIN_CALLBACKS } from '../modules/payins/payin-callbacks';
import { PAYOUT_CALLBACKS } from '../modules/payouts/payout-callbacks';
import { PAYOUT_QUOTE } from '../modules/payouts/payout-quote';
import { REFUND_CALLBACKS } from '../modules/refunds/refund-callbacks';
import {
  SETTLEMENT_QUOTE,
  SETTLEMENT_WALLET_QUOTE,
} from '../modules/settlements/settlement-quotes';
import { TOP_UP_QUOTE } from '../modules/top-ups/top-up-quote';
import { WITHDRAWAL_QUOTE } from '../modules/withdrawals/withdrawal-quote';

/**
 * What one money kind brings to the shared rooms (its facets, each written in the kind's own
 * folder): a kind a gateway calls back about says how it takes its callbacks, a kind asked for
 * through a form how it is quoted.
 */
export type ServerMoneyKind<K extends MoneyKindName> = (K extends GatewayKind
  ? { readonly callback: CallbackFacet }
  : { readonly callback?: undefined }) &
  (K extends MoneyRequestKind ? { readonly quote: QuoteFacet } : { readonly quote?: undefined });

/**
 * The server's side of the money-kind registry (the contract's MONEY_KINDS): the compiler makes
 * a new kind fill its entry here, and nothing else in the shared rooms names it.
 */
export const SERVER_KINDS: { readonly [K in MoneyKindName]: ServerMoneyKind<K> } = {
  payin: { callback: PAYIN_CALLBACKS },
  payout: { callback: PAYOUT_CALLBACKS, quote: PAYOUT_QUOTE },
  settlement: { quote: SETTLEMENT_QUOTE },
  settlement_wallet: { quote: SETTLEMENT_WALLET_QUOTE },
  withdrawal: { quote: WITHDRAWAL_QUOTE },
  top_up: { quote: TOP_UP_QUOTE },
  refund: { callback: REFUND_CALLBACKS },
  dispute: { callback: DISPUTE_CALLBACKS },
};

/**
 * Hands each kind's facets to the tables of the rooms that ask them. Called wherever money is
 * opened (the app, the seed, the CLI, the benches, the tests' databases); calling it again
 * registers the same implementations again, which changes nothing.
 */
export function registerMoneyKinds(): void {
  for (const [kind, server] of Object.entries(SERVER_KINDS) as [
    MoneyKindName,
    ServerMoneyKind<MoneyKindName>,
  ][]) {
    if (server.callback) callbackFacets.register(kind, server.callback);
    if (server.quote) quoteFacets.register(kind, server.quote);
  }
}
