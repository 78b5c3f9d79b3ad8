import { setAccountStatus } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setAccountStatus: disables (sessions end at once) or enables a reseller or merchant. */
export const sendSetAccountStatus = senderOf(setAccountStatus);
