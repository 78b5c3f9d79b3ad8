import { updateReportSettings } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** updateReportSettings: saves the default zone and hidden columns; a refusal shows on the form. */
export const sendUpdateReportSettings = senderOf(updateReportSettings, { errors: 'inline' });
