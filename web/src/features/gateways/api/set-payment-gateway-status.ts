import { setPaymentGatewayStatus } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setPaymentGatewayStatus: activates or deactivates a gateway with a reason. */
export const sendSetPaymentGatewayStatus = senderOf(setPaymentGatewayStatus);
