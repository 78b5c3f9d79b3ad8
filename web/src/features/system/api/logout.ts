import { logout } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/**
 * logout: ends the session on the server. The page signs out locally whatever it answers, so a
 * failure shows no popup.
 */
export const sendLogout = senderOf(logout, { errors: 'inline' });
