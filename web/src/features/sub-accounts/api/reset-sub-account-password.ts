import { resetSubAccountPassword } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** resetSubAccountPassword: a new temporary password; the first-time password step again. */
export const sendResetSubAccountPassword = senderOf(resetSubAccountPassword);
