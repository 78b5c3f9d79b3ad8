import type { MoneyKindName, MoneyRequestKind } from '@bo/contract';
import type { GatewayKind } from '../connectors/connector';
import type { ApprovedKindName } from '../modules/approvals/approval-subjects';
import type { CallRegistry } from '../http/registry';
import type { Queryable } from '../db/db';
import { registerPayinCalls } from '../modules/payins/payins.calls';
import { registerPayoutCalls } from '../modules/payouts/payouts.calls';
import { registerSettlementCalls } from '../modules/settlements/settlements.calls';
import { registerWithdrawalCalls } from '../modules/withdrawals/withdrawals.calls';
import { registerTopUpCalls } from '../modules/top-ups/top-ups.calls';
import { registerRefundCalls } from '../modules/refunds/refunds.calls';
import { registerDisputeCalls } from '../modules/disputes/disputes.calls';
import { registerAdjustmentCalls } from '../modules/adjustments/adjustments.calls';
import { queueWordsOf, type QueueWords } from '../modules/alerts/queue-words';
import { PAYOUT_QUEUE_WORDS } from '../modules/payouts/payout-words';
import {
  SETTLEMENT_QUEUE_WORDS,
  SETTLEMENT_WALLET_QUEUE_WORDS,
} from '../modules/settlements/settlement-words';
import { WITHDRAWAL_QUEUE_WORDS } from '../modules/withdrawals/withdrawal-words';
import { TOP_UP_QUEUE_WORDS } from '../modules/top-ups/top-up-words';
import { REFUND_QUEUE_WORDS } from '../modules/refunds/refund-words';
import { ADJUSTMENT_QUEUE_WORDS } from '../modules/adjustments/adjustment-words';
import { rollupSources, type RollupSource } from '../ledger/rollup-sources';
import { PAYIN_ROLLUP } from '../modules/payins/payin-rollup';
import { PAYOUT_ROLLUP } from '../modules/payouts/payout-rollup';
import { WITHDRAWAL_ROLLUP } from '../modules/withdrawals/withdrawal-rollup';
import { TOP_UP_ROLLUP } from '../modules/top-ups/top-up-rollup';
import { REFUND_ROLLUP } from '../modules/refunds/refund-rollup';
import { DISPUTE_ROLLUP } from '../modules/disputes/dispute-rollup';
import {
  SETTLEMENT_ROLLUP,
  SETTLEMENT_WALLET_ROLLUP,
} from '../modules/settlements/settlement-rollup';
import { callbackFacets, type CallbackFacet } from '../modules/gateway-callbacks/callback-facet';
import { expiryFacets, type ExpiryFacet } from '../modules/money-flow/expiry-facet';
import { reviewFacets, type ReviewFacet } from '../modules/money-flow/review-facet';
import { detailFacets, type DetailFacet } from '../modules/money-lookup/detail-facet';
import { quoteFacets, type QuoteFacet } from '../modules/money-quotes/quote-facet';
import { searchFacets, type SearchFacet } from '../modules/money-lookup/search-facet';
import { DISPUTE_CALLBACKS } from '../modules/disputes/dispute-callbacks';
import { DISPUTE_DETAIL, DISPUTE_SEARCH } from '../modules/disputes/dispute-lookup';
import { PAYIN_CALLBACKS } from '../modules/payins/payin-callbacks';
import { PAYIN_DETAIL, PAYIN_SEARCH } from '../modules/payins/payin-lookup';
import { PAYOUT_CALLBACKS } from '../modules/payouts/payout-callbacks';
import { PAYIN_REVIEW } from '../modules/payins/payin-review';
import { PAYOUT_EXPIRY } from '../modules/payouts/payout-expiry';
import { PAYOUT_REVIEW } from '../modules/payouts/payout-review';
import { PAYOUT_DETAIL, PAYOUT_SEARCH } from '../modules/payouts/payout-lookup';
import { PAYOUT_QUOTE } from '../modules/payouts/payout-quote';
import { REFUND_CALLBACKS } from '../modules/refunds/refund-callbacks';
import { REFUND_EXPIRY } from '../modules/refunds/refund-expiry';
import { REFUND_DETAIL, REFUND_SEARCH } from '../modules/refunds/refund-lookup';
import {
  SETTLEMENT_EXPIRY,
  SETTLEMENT_WALLET_EXPIRY,
} from '../modules/settlements/settlement-expiry';
import {
  SETTLEMENT_REVIEW,
  SETTLEMENT_WALLET_REVIEW,
} from '../modules/settlements/settlement-review';
import {
  SETTLEMENT_DETAIL,
  SETTLEMENT_SEARCH,
  SETTLEMENT_WALLET_DETAIL,
  SETTLEMENT_WALLET_SEARCH,
} from '../modules/settlements/settlement-lookup';
import {
  SETTLEMENT_QUOTE,
  SETTLEMENT_WALLET_QUOTE,
} from '../modules/settlements/settlement-quotes';
import { TOP_UP_DETAIL, TOP_UP_SEARCH } from '../modules/top-ups/top-up-lookup';
import { TOP_UP_QUOTE } from '../modules/top-ups/top-up-quote';
import { WITHDRAWAL_EXPIRY } from '../modules/withdrawals/withdrawal-expiry';
import { WITHDRAWAL_REVIEW } from '../modules/withdrawals/withdrawal-review';
import { WITHDRAWAL_DETAIL, WITHDRAWAL_SEARCH } from '../modules/withdrawals/withdrawal-lookup';
import { WITHDRAWAL_QUOTE } from '../modules/withdrawals/withdrawal-quote';
import { ADJUSTMENT_ROLLUP } from '../modules/adjustments/adjustment-rollup';
import { ADJUSTMENT_DETAIL, ADJUSTMENT_SEARCH } from '../modules/adjustments/adjustment-lookup';
import { ADJUSTMENT_API } from '../modules/adjustments/adjustment-api';
import { seedDemoAdjustments } from '../modules/adjustments/adjustment-demo';
import { PAYIN_RECON } from '../modules/payins/payin-recon';
import { PAYOUT_RECON } from '../modules/payouts/payout-recon';
import { REFUND_RECON } from '../modules/refunds/refund-recon';
import { DISPUTE_RECON } from '../modules/disputes/dispute-recon';
import { reconFacets, type ReconFacet } from '../modules/reconciliation/recon-facet';
import { apiReadFacets, type ApiReadFacet } from '../modules/money-lookup/api-read-facet';

/** The demo's first merchant lane, as a kind's `demoQueue` gets it. */
export interface DemoQueueLane {
  readonly merchantId: string;
  readonly resellerId: string | null;
  readonly currency: string;
  /** A typical pay-in amount of the merchant's, in minor units. */
  readonly typical: bigint;
  /** The demo admin, who asks for what needs an admin. */
  readonly adminId: string;
  readonly idOf: (name: string) => string;
  readonly at: (minutesAgo: number) => Date;
}

/**
 * What one money kind brings to the shared rooms (its facets, each written in the kind's own
 * folder): every kind how it is found and shown (the detail view) and searched; a kind a
 * gateway calls back about how it takes its callbacks; a kind asked for through a form how it
 * is quoted.
 */
export type ServerMoneyKind<K extends MoneyKindName> = {
  /**
   * Its back-office calls (list, requests, decisions), registered by `buildCallRegistry`; a kind
   * whose calls another kind registers (a settlement to the USDT wallet: the settlements') has none.
   */
  readonly calls?: (registry: CallRegistry) => void;
  /** Where `ledger:check` recomputes its rollups from. */
  readonly rollup: RollupSource;
  readonly detail: DetailFacet;
  readonly search: SearchFacet;
  /** For a kind whose requests wait for approval and expire: how one expires. */
  readonly expiry?: ExpiryFacet;
  /** For a kind risk rules may hold (issue 42): how a held item is reviewed. */
  readonly review?: ReviewFacet;
  /** For a kind the merchant API shows read-only: its list and read there. */
  readonly apiRead?: ApiReadFacet;
  /**
   * For a kind whose demo rows the lifecycles of others do not make: its rows waiting for
   * someone in the demo world at its start (`seedDemoQueues`), for the demo's first merchant.
   */
  readonly demoQueue?: (tx: Queryable, lane: DemoQueueLane) => Promise<void>;
} & (K extends GatewayKind
  ? {
      readonly callback: CallbackFacet;
      /** How it shows on its gateway's statement (the reconciliation's matching). */
      readonly recon: ReconFacet;
    }
  : { readonly callback?: undefined; readonly recon?: undefined }) &
  (K extends MoneyRequestKind ? { readonly quote: QuoteFacet } : { readonly quote?: undefined }) &
  (K extends ApprovedKindName
    ? { /** How the approvals digest names its queue. */ readonly queueWords: QueueWords }
    : { readonly queueWords?: undefined });

/**
 * The server's side of the money-kind registry (the contract's MONEY_KINDS): the compiler makes
 * a new kind fill its entry here, and nothing else in the shared rooms names it.
 */
export const SERVER_KINDS: { readonly [K in MoneyKindName]: ServerMoneyKind<K> } = {
  payin: {
    calls: registerPayinCalls,
    rollup: PAYIN_ROLLUP,
    detail: PAYIN_DETAIL,
    search: PAYIN_SEARCH,
    callback: PAYIN_CALLBACKS,
    recon: PAYIN_RECON,
    review: PAYIN_REVIEW,
  },
  payout: {
    queueWords: PAYOUT_QUEUE_WORDS,
    calls: registerPayoutCalls,
    rollup: PAYOUT_ROLLUP,
    detail: PAYOUT_DETAIL,
    search: PAYOUT_SEARCH,
    callback: PAYOUT_CALLBACKS,
    recon: PAYOUT_RECON,
    quote: PAYOUT_QUOTE,
    expiry: PAYOUT_EXPIRY,
    review: PAYOUT_REVIEW,
  },
  settlement: {
    queueWords: SETTLEMENT_QUEUE_WORDS,
    calls: registerSettlementCalls,
    rollup: SETTLEMENT_ROLLUP,
    detail: SETTLEMENT_DETAIL,
    search: SETTLEMENT_SEARCH,
    quote: SETTLEMENT_QUOTE,
    expiry: SETTLEMENT_EXPIRY,
    review: SETTLEMENT_REVIEW,
  },
  settlement_wallet: {
    queueWords: SETTLEMENT_WALLET_QUEUE_WORDS,
    rollup: SETTLEMENT_WALLET_ROLLUP,
    detail: SETTLEMENT_WALLET_DETAIL,
    search: SETTLEMENT_WALLET_SEARCH,
    quote: SETTLEMENT_WALLET_QUOTE,
    expiry: SETTLEMENT_WALLET_EXPIRY,
    review: SETTLEMENT_WALLET_REVIEW,
  },
  withdrawal: {
    queueWords: WITHDRAWAL_QUEUE_WORDS,
    calls: registerWithdrawalCalls,
    rollup: WITHDRAWAL_ROLLUP,
    detail: WITHDRAWAL_DETAIL,
    search: WITHDRAWAL_SEARCH,
    quote: WITHDRAWAL_QUOTE,
    expiry: WITHDRAWAL_EXPIRY,
    review: WITHDRAWAL_REVIEW,
  },
  top_up: {
    queueWords: TOP_UP_QUEUE_WORDS,
    calls: registerTopUpCalls,
    rollup: TOP_UP_ROLLUP,
    detail: TOP_UP_DETAIL,
    search: TOP_UP_SEARCH,
    quote: TOP_UP_QUOTE,
  },
  refund: {
    queueWords: REFUND_QUEUE_WORDS,
    calls: registerRefundCalls,
    rollup: REFUND_ROLLUP,
    detail: REFUND_DETAIL,
    search: REFUND_SEARCH,
    callback: REFUND_CALLBACKS,
    recon: REFUND_RECON,
    expiry: REFUND_EXPIRY,
  },
  dispute: {
    calls: registerDisputeCalls,
    rollup: DISPUTE_ROLLUP,
    detail: DISPUTE_DETAIL,
    search: DISPUTE_SEARCH,
    callback: DISPUTE_CALLBACKS,
    recon: DISPUTE_RECON,
  },
  adjustment: {
    queueWords: ADJUSTMENT_QUEUE_WORDS,
    calls: registerAdjustmentCalls,
    rollup: ADJUSTMENT_ROLLUP,
    detail: ADJUSTMENT_DETAIL,
    search: ADJUSTMENT_SEARCH,
    apiRead: ADJUSTMENT_API,
    demoQueue: seedDemoAdjustments,
  },
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
    rollupSources.register(kind, server.rollup);
    detailFacets.register(kind, server.detail);
    searchFacets.register(kind, server.search);
    if (server.callback) callbackFacets.register(kind, server.callback);
    if (server.recon) reconFacets.register(kind, server.recon);
    if (server.quote) quoteFacets.register(kind, server.quote);
    if (server.expiry) expiryFacets.register(kind, server.expiry);
    if (server.review) reviewFacets.register(kind, server.review);
    if (server.apiRead) apiReadFacets.register(kind, server.apiRead);
    if (server.queueWords) queueWordsOf.register(kind, server.queueWords);
  }
}

/** Registers every kind's back-office calls, in the registry's order. */
export function registerKindCalls(registry: CallRegistry): void {
  for (const server of Object.values(SERVER_KINDS) as ServerMoneyKind<MoneyKindName>[])
    server.calls?.(registry);
}

/** The kinds' demo queues (`demoQueue`), in the registry's order. */
export const demoQueueSeeds = () =>
  (Object.values(SERVER_KINDS) as ServerMoneyKind<MoneyKindName>[]).flatMap((server) =>
    server.demoQueue ? [server.demoQueue] : [],
  );
