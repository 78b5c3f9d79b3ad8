import { adjustGatewayDeposit } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** adjustGatewayDeposit: moves a gateway's deposit balance by a journal entry, with a reason. */
export const sendAdjustGatewayDeposit = senderOf(adjustGatewayDeposit);
