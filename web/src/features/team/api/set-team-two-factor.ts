import { setTeamTwoFactor } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setTeamTwoFactor: requires 2FA of every admin, or stops requiring it. */
export const sendSetTeamTwoFactor = senderOf(setTeamTwoFactor);
