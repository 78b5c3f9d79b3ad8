import { setAdminStatus } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setAdminStatus: deactivates an admin (its sessions end) or activates it again. */
export const sendSetAdminStatus = senderOf(setAdminStatus);
