import { updateNewPassword } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** updateNewPassword: the forced password change sign-in step. Errors show in place, not in a popup. */
export const sendUpdateNewPassword = senderOf(updateNewPassword, { errors: 'inline' });
