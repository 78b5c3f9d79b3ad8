import { resetAccountOtp } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** resetAccountOtp: turns an account's 2FA off so it sets it up again. */
export const sendResetAccountOtp = senderOf(resetAccountOtp);
