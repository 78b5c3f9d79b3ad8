import { requestSettlement, requestSettlementWallet, type CallDef } from '@bo/contract';
import {
  movementToPrice,
  refuseOtherFormsFields,
  type QuoteFacet,
} from '../money-quotes/quote-facet';
import { priceSettlements } from './settlements.service';

/** A settlement's quote to `destination`: the merchant's balance, the fee and the USDT it buys. */
function settlementQuote(request: CallDef, destination: 'bank' | 'usdt_wallet'): QuoteFacet {
  return {
    request,
    requester: 'merchant',
    refusal: 'Only a merchant can ask for this',
    checkFields: (input) => refuseOtherFormsFields(input),
    price: async (db, actor, input, amount) => {
      const item = { ...movementToPrice(actor, input, amount), destination };
      const [priced] = await priceSettlements(db, [item]);
      return {
        ownerId: actor.scopeAccountId,
        fee: priced!.split.fee,
        usdtRateE8: priced!.usdtRateE8,
        usdtAmount: priced!.usdtAmount,
      };
    },
  };
}

/** A settlement to the merchant's bank account. */
export const SETTLEMENT_QUOTE = settlementQuote(requestSettlement, 'bank');
/** A settlement to the merchant's USDT wallet. */
export const SETTLEMENT_WALLET_QUOTE = settlementQuote(requestSettlementWallet, 'usdt_wallet');
