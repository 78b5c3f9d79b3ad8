import { resendMerchantNotifications } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** resendMerchantNotifications: queues notifications again. */
export const sendResendMerchantNotifications = senderOf(resendMerchantNotifications);
