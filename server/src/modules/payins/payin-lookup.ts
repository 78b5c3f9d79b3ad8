import { getPayinList } from '@bo/contract';
import { detailFacet } from '../money-lookup/detail-facet';
import { moneySearch } from '../money-lookup/search-facet';
import { isOpenPayinStatus } from './payin-gateway-query';
import { viewPayin } from './payins.calls';
import { findPayinInScope, payinList } from './payins.service';

/** How a pay-in is found and shown in the detail view: handed to its gateway when made. */
export const PAYIN_DETAIL = detailFacet({
  rule: getPayinList.rule,
  defaultCreator: 'merchant_api',
  initialStatus: 'created',
  handedOverAtCreation: true,
  isGatewayQueryable: isOpenPayinStatus,
  byId: findPayinInScope,
  view: viewPayin,
});

/** How the global search finds pay-ins: their list's search, shown as the list shows them. */
export const PAYIN_SEARCH = moneySearch({ kind: 'payin', list: payinList, view: viewPayin });
