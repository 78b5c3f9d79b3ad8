import { changeUsdtRate, type CallResponse } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** The rate in force after a change, and the change waiting for a second admin (if any). */
export type UsdtRateChangeAnswer = CallResponse<typeof changeUsdtRate>;

/**
 * changeUsdtRate: sets a currency's USDT rate with a reason (history and admin log); beyond
 * the band it waits for a second admin instead (`pending_change`).
 */
export const sendChangeUsdtRate = senderOf(changeUsdtRate);
