import { sendMerchantTestNotification } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** sendMerchantTestNotification: sends a signed sample notification and answers what came back; a refused URL is shown under the field. */
export const sendSendMerchantTestNotification = senderOf(sendMerchantTestNotification, {
  errors: 'inline',
});
