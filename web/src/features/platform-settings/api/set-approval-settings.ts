import { setApprovalSettings } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setApprovalSettings: the request expiry or one currency's threshold; refusals inline. */
export const sendSetApprovalSettings = senderOf(setApprovalSettings, { errors: 'inline' });
