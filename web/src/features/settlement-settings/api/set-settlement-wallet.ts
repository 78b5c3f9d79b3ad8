import { setSettlementWallet } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setSettlementWallet: sets or replaces the USDT wallet address (checked for its network). */
export const sendSetSettlementWallet = senderOf(setSettlementWallet);
