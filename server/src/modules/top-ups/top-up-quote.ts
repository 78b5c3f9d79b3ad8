import { createTopUp } from '@bo/contract';
import { badInput } from '../../core/app-error';
import { findAccountInScope } from '../scoped-lists/scope';
import { plainPrice, refuseOtherFormsFields, type QuoteFacet } from '../money-quotes/quote-facet';

/** A top-up's quote: the named merchant's pay-out balance, no fee (an admin records it). */
export const TOP_UP_QUOTE: QuoteFacet = {
  request: createTopUp,
  requester: 'admin',
  refusal: 'Only an admin can record a top-up',
  checkFields: (input) => {
    if (!input.merchantDbCode) throw badInput('merchantDbCode is required for a top-up');
    refuseOtherFormsFields(input, { merchantDbCode: true });
  },
  price: async (db, actor, input) => {
    const merchant = await findAccountInScope(db, actor, input.merchantDbCode!);
    if (merchant.account_type !== 'merchant') throw badInput('merchantDbCode must name a merchant');
    return plainPrice(merchant.id);
  },
};
