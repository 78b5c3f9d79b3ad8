import { getAdjustmentList } from '@bo/contract';
import { detailFacet } from '../money-lookup/detail-facet';
import { moneySearch } from '../money-lookup/search-facet';
import { viewAdjustment } from './adjustments.calls';
import { adjustmentList } from './adjustments.service';

/** How an adjustment is found and shown in the detail view (its timeline from the admin log). */
export const ADJUSTMENT_DETAIL = detailFacet({
  rule: getAdjustmentList.rule,
  defaultCreator: 'system',
  initialStatus: 'pending_approval',
  byId: adjustmentList.byId,
  view: viewAdjustment,
});

/** How the global search finds adjustments. */
export const ADJUSTMENT_SEARCH = moneySearch({
  kind: 'adjustment',
  list: adjustmentList,
  view: viewAdjustment,
});
