import { inviteAdmin } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** inviteAdmin: invites an admin by email (with administrator: waits for a second admin). */
export const sendInviteAdmin = senderOf(inviteAdmin, { errors: 'inline' });
