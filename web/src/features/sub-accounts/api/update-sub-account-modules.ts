import { updateSubAccountModules } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** updateSubAccountModules: replaces a sub-account's modules (a subset of the caller's). */
export const sendUpdateSubAccountModules = senderOf(updateSubAccountModules);
