import { setLoginIpEnabled } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setLoginIpEnabled: turns the login whitelist on or off. */
export const sendSetLoginIpEnabled = senderOf(setLoginIpEnabled);
