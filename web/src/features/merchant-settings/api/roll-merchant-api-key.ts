import { rollMerchantApiKey } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** rollMerchantApiKey: replaces a key; the old one works for the chosen window. */
export const sendRollMerchantApiKey = senderOf(rollMerchantApiKey);
