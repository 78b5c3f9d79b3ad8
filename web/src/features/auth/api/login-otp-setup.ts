import { beginLoginOtpSetup, enableLoginOtp } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** beginLoginOtpSetup: the QR code of the 2FA set-up the team requires at sign-in; errors in place. */
export const sendBeginLoginOtpSetup = senderOf(beginLoginOtpSetup, { errors: 'inline' });

/** enableLoginOtp: a code of the new secret turns 2FA on and goes on signing in; errors in place. */
export const sendEnableLoginOtp = senderOf(enableLoginOtp, { errors: 'inline' });
