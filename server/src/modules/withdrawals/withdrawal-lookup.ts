import { getWithdrawalList } from '@bo/contract';
import { detailFacet } from '../money-lookup/detail-facet';
import { moneySearch } from '../money-lookup/search-facet';
import { viewWithdrawal } from './withdrawals.calls';
import { withdrawalList } from './withdrawals.service';

/** How a reseller's withdrawal is found and shown in the detail view. */
export const WITHDRAWAL_DETAIL = detailFacet({
  rule: getWithdrawalList.rule,
  defaultCreator: 'system',
  initialStatus: 'pending',
  byId: withdrawalList.byId,
  view: viewWithdrawal,
});

/** How the global search finds withdrawals. */
export const WITHDRAWAL_SEARCH = moneySearch({
  kind: 'withdrawal',
  list: withdrawalList,
  view: viewWithdrawal,
});
