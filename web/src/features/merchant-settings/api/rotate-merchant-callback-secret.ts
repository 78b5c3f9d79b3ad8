import { rotateMerchantCallbackSecret } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** rotateMerchantCallbackSecret: makes a new callback signing secret, shown once. */
export const sendRotateMerchantCallbackSecret = senderOf(rotateMerchantCallbackSecret);
