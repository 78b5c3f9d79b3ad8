import { requestWithdrawal } from '@bo/contract';
import { plainPrice, refuseOtherFormsFields, type QuoteFacet } from '../money-quotes/quote-facet';

/** A withdrawal's quote: the reseller's commission balance, no fee. */
export const WITHDRAWAL_QUOTE: QuoteFacet = {
  request: requestWithdrawal,
  requester: 'reseller',
  refusal: 'Only a reseller can withdraw commission',
  checkFields: (input) => refuseOtherFormsFields(input),
  price: (_db, actor) => Promise.resolve(plainPrice(actor.scopeAccountId)),
};
