import { revokeSession } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** revokeSession: ends one of the account's other sessions. */
export const sendRevokeSession = senderOf(revokeSession);
