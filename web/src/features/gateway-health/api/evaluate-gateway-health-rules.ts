import { evaluateGatewayHealthRules } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** evaluateGatewayHealthRules: evaluates every enabled rule now. */
export const sendEvaluateGatewayHealthRules = senderOf(evaluateGatewayHealthRules);
