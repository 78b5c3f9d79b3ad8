import { createSubAccount } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** createSubAccount: a sub-account with some of the caller's modules and a temporary password. */
export const sendCreateSubAccount = senderOf(createSubAccount);
