import { updatePaymentGateway } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** updatePaymentGateway: changes a gateway's settings (empty credentials keep the stored ones). */
export const sendUpdatePaymentGateway = senderOf(updatePaymentGateway);
