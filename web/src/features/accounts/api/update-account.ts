import { updateAccount } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** updateAccount: a reseller's or merchant's profile, modules and currencies (errors in the form). */
export const sendUpdateAccount = senderOf(updateAccount, { errors: 'inline' });
