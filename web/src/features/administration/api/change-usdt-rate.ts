import { changeUsdtRate } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** changeUsdtRate: sets a currency's USDT rate with a reason (history and admin log). */
export const sendChangeUsdtRate = senderOf(changeUsdtRate);
