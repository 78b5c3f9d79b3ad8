import { revokeMerchantApiKey } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** revokeMerchantApiKey: revokes a key at once. */
export const sendRevokeMerchantApiKey = senderOf(revokeMerchantApiKey);
