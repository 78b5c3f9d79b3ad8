import { disableOtp } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** disableOtp: turns 2FA off (a current code confirms it). */
export const sendDisableOtp = senderOf(disableOtp);
