import { getDisputeList } from '@bo/contract';
import { detailFacet } from '../money-lookup/detail-facet';
import { moneySearch } from '../money-lookup/search-facet';
import { viewDispute } from './disputes.calls';
import { disputeList, findDisputeIdsOfPayin } from './disputes.service';

/** How a dispute is found and shown in the detail view, and listed under its pay-in. */
export const DISPUTE_DETAIL = detailFacet({
  rule: getDisputeList.rule,
  // A dispute is opened by its gateway (the sandbox's simulation records the admin who asked).
  defaultCreator: 'system',
  initialStatus: 'opened',
  byId: disputeList.byId,
  view: viewDispute,
  children: { idsOfParent: findDisputeIdsOfPayin, byIds: disputeList.byIds },
});

/** How the global search finds disputes. */
export const DISPUTE_SEARCH = moneySearch({
  kind: 'dispute',
  list: disputeList,
  view: viewDispute,
});
