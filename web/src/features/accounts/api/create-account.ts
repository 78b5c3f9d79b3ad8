import { createAccount } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** createAccount: a new reseller or merchant with a temporary password (errors shown in the form). */
export const sendCreateAccount = senderOf(createAccount, { errors: 'inline' });
