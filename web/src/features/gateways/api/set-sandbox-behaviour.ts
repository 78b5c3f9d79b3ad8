import { setSandboxBehaviour } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setSandboxBehaviour: how a sandbox gateway pays, answers and whether it is down. */
export const sendSetSandboxBehaviour = senderOf(setSandboxBehaviour);
