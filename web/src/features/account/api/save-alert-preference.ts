import { saveAlertPreference } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** saveAlertPreference: turns one optional alert on or off; answers them all. */
export const sendSaveAlertPreference = senderOf(saveAlertPreference);
