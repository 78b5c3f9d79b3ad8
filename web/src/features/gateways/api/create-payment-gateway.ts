import { createPaymentGateway } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** createPaymentGateway: adds a gateway (activated; credentials stored encrypted). */
export const sendCreatePaymentGateway = senderOf(createPaymentGateway);
