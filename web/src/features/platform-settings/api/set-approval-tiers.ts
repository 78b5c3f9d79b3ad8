import { setApprovalTiers } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setApprovalTiers: one kind's and currency's bands, asked for a second admin; refusals inline. */
export const sendSetApprovalTiers = senderOf(setApprovalTiers, { errors: 'inline' });
