import { removeSettlementWallet } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** removeSettlementWallet: removes the USDT wallet address. */
export const sendRemoveSettlementWallet = senderOf(removeSettlementWallet);
