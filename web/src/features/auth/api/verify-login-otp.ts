import { verifyLoginOtp } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** verifyLoginOtp: the 2FA sign-in step. Errors show in place, not in a popup. */
export const sendVerifyLoginOtp = senderOf(verifyLoginOtp, { errors: 'inline' });
