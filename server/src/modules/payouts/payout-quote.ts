import { createPayout } from '@bo/contract';
import {
  movementToPrice,
  plainPrice,
  refuseOtherFormsFields,
  type QuoteFacet,
} from '../money-quotes/quote-facet';
import { pricePayouts } from './payouts.service';

/** A pay-out's quote: the merchant's pay-out balance, the fee its request will charge. */
export const PAYOUT_QUOTE: QuoteFacet = {
  request: createPayout,
  requester: 'merchant',
  refusal: 'Only a merchant can ask for this',
  checkFields: (input) => refuseOtherFormsFields(input, { inHouse: true }),
  price: async (db, actor, input, amount) => {
    const item = { ...movementToPrice(actor, input, amount), inHouse: input.inHouse ?? false };
    const { priced } = await pricePayouts(db, [item]);
    return { ...plainPrice(actor.scopeAccountId), fee: priced[0]!.split.fee };
  },
};
