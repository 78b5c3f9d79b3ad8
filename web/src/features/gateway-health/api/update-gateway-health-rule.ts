import { updateGatewayHealthRule } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** updateGatewayHealthRule: turns a rule on or off (audited). */
export const sendUpdateGatewayHealthRule = senderOf(updateGatewayHealthRule);
