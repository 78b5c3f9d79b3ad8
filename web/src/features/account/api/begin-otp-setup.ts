import { beginOtpSetup } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** beginOtpSetup: starts 2FA setup: the secret and its QR code. */
export const sendBeginOtpSetup = senderOf(beginOtpSetup);
