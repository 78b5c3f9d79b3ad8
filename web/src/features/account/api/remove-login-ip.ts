import { removeLoginIp } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** removeLoginIp: takes an address off the login whitelist. */
export const sendRemoveLoginIp = senderOf(removeLoginIp);
