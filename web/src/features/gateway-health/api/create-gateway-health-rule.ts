import { createGatewayHealthRule } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** createGatewayHealthRule: adds a rule (audited). */
export const sendCreateGatewayHealthRule = senderOf(createGatewayHealthRule);
