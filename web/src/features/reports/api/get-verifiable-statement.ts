import { getVerifiableStatement } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/**
 * getVerifiableStatement: a verifiable statement (issue 44) for the download dialog; its
 * refusals (a day not sealed yet) show in the dialog, not in a popup.
 */
export const fetchVerifiableStatement = senderOf(getVerifiableStatement, { errors: 'inline' });
