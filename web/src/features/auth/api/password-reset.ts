import { requestPasswordReset, resetPassword } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** requestPasswordReset: mails a reset link (the same answer for any email). Errors show in place. */
export const sendRequestPasswordReset = senderOf(requestPasswordReset, { errors: 'inline' });

/** resetPassword: sets a new password with the token of the mailed link. Errors show in place. */
export const sendResetPassword = senderOf(resetPassword, { errors: 'inline' });
