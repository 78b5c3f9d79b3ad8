import { getSettlementList, getSettlementWalletList } from '@bo/contract';
import { detailFacet } from '../money-lookup/detail-facet';
import { moneySearch } from '../money-lookup/search-facet';
import { viewSettlement } from './settlements.calls';
import { settlementList, settlementsTo } from './settlements.service';

/** A settlement row of one destination (the two kinds share one table). */
const isTo = (destination: 'bank' | 'usdt_wallet') => (s: { destination: string }) =>
  s.destination === destination;

/** How a settlement to a bank account is found and shown in the detail view. */
export const SETTLEMENT_DETAIL = detailFacet({
  rule: getSettlementList.rule,
  defaultCreator: 'system',
  initialStatus: 'pending',
  byId: settlementList.byId,
  view: viewSettlement,
  accepts: isTo('bank'),
});

/** How a settlement to the USDT wallet is found and shown in the detail view. */
export const SETTLEMENT_WALLET_DETAIL = detailFacet({
  rule: getSettlementWalletList.rule,
  defaultCreator: 'system',
  initialStatus: 'pending',
  byId: settlementList.byId,
  view: viewSettlement,
  accepts: isTo('usdt_wallet'),
});

/** How the global search finds settlements to a bank account. */
export const SETTLEMENT_SEARCH = moneySearch({
  kind: 'settlement',
  list: settlementList,
  view: viewSettlement,
  fixed: [settlementsTo('bank')],
});

/** How the global search finds settlements to the USDT wallet. */
export const SETTLEMENT_WALLET_SEARCH = moneySearch({
  kind: 'settlement_wallet',
  list: settlementList,
  view: viewSettlement,
  fixed: [settlementsTo('usdt_wallet')],
});
