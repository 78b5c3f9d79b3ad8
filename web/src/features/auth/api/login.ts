import { login } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/**
 * login: the first sign-in step, answering a session or the next step the server asks for.
 * Errors show in place, not in a popup.
 */
export const sendLogin = senderOf(login, { errors: 'inline' });
