import { getTopUpList } from '@bo/contract';
import { detailFacet } from '../money-lookup/detail-facet';
import { moneySearch } from '../money-lookup/search-facet';
import { viewTopUp } from './top-ups.calls';
import { topUpList } from './top-ups.service';

/** How a top-up is found and shown in the detail view. */
export const TOP_UP_DETAIL = detailFacet({
  rule: getTopUpList.rule,
  defaultCreator: 'system',
  initialStatus: 'pending',
  byId: topUpList.byId,
  view: viewTopUp,
});

/** How the global search finds top-ups. */
export const TOP_UP_SEARCH = moneySearch({ kind: 'top_up', list: topUpList, view: viewTopUp });
