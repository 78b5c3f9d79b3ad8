import { updateSupportRequestStatus } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** updateSupportRequestStatus: an admin answers or closes a request; its owner may close it. */
export const sendUpdateSupportRequestStatus = senderOf(updateSupportRequestStatus);
