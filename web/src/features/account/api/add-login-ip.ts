import { addLoginIp } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** addLoginIp: puts an address on the account's login whitelist. */
export const sendAddLoginIp = senderOf(addLoginIp);
