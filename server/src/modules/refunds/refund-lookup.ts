import { getRefundList } from '@bo/contract';
import { detailFacet } from '../money-lookup/detail-facet';
import { moneySearch } from '../money-lookup/search-facet';
import { viewRefund } from './refunds.calls';
import { findRefundIdsOfPayin, refundList } from './refunds.service';

/** How a refund is found and shown in the detail view, and listed under its pay-in. */
export const REFUND_DETAIL = detailFacet({
  rule: getRefundList.rule,
  // A refund is made by a merchant's or an admin's request, or through the API.
  defaultCreator: 'merchant_api',
  initialStatus: 'processing',
  byId: refundList.byId,
  view: viewRefund,
  children: { idsOfParent: findRefundIdsOfPayin, byIds: refundList.byIds },
});

/** How the global search finds refunds. */
export const REFUND_SEARCH = moneySearch({ kind: 'refund', list: refundList, view: viewRefund });
