import { getPayoutList } from '@bo/contract';
import { detailFacet } from '../money-lookup/detail-facet';
import { moneySearch } from '../money-lookup/search-facet';
import { viewPayout } from './payouts.calls';
import { findPayoutInScope, payoutList } from './payouts.service';

/** How a pay-out is found and shown in the detail view. */
export const PAYOUT_DETAIL = detailFacet({
  rule: getPayoutList.rule,
  // A pay-out made through the API goes to its gateway at once.
  defaultCreator: 'merchant_api',
  initialStatus: 'processing',
  byId: findPayoutInScope,
  view: viewPayout,
});

/** How the global search finds pay-outs. */
export const PAYOUT_SEARCH = moneySearch({ kind: 'payout', list: payoutList, view: viewPayout });
