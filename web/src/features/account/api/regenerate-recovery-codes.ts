import { regenerateRecoveryCodes } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** regenerateRecoveryCodes: replaces the recovery codes (a current code confirms it). */
export const sendRegenerateRecoveryCodes = senderOf(regenerateRecoveryCodes);
