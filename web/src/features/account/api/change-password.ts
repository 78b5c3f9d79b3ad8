import { changePassword } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** changePassword: changes the password; answers how many other sessions were ended. */
export const sendChangePassword = senderOf(changePassword);
