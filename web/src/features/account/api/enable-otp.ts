import { enableOtp } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** enableOtp: turns 2FA on with a first code; answers the recovery codes. */
export const sendEnableOtp = senderOf(enableOtp);
