import { setSubAccountStatus } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setSubAccountStatus: disables a sub-account (signed out at once) or enables it again. */
export const sendSetSubAccountStatus = senderOf(setSubAccountStatus);
