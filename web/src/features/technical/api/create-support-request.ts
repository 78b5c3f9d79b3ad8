import { createSupportRequest } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** createSupportRequest: records the caller's support request (opens as `open`). */
export const sendCreateSupportRequest = senderOf(createSupportRequest);
