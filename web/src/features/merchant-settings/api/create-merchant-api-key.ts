import { createMerchantApiKey } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** createMerchantApiKey: makes a named key; the answer carries its secret, shown once. */
export const sendCreateMerchantApiKey = senderOf(createMerchantApiKey);
