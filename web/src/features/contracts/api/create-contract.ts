import { createContract } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** createContract: adds a new version of a merchant's contract line (admin only); the form shows refusals. */
export const sendCreateContract = senderOf(createContract, { errors: 'inline' });
