import { setMerchantNotifyUrl } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setMerchantNotifyUrl: saves (or clears) the default notify URL; a refusal is shown under the field. */
export const sendSetMerchantNotifyUrl = senderOf(setMerchantNotifyUrl, { errors: 'inline' });
