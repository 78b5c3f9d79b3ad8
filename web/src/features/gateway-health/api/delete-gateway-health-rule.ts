import { deleteGatewayHealthRule } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** deleteGatewayHealthRule: deletes a rule and closes its open alerts (audited). */
export const sendDeleteGatewayHealthRule = senderOf(deleteGatewayHealthRule);
