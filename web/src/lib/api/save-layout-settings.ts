import { saveLayoutSettings } from '@bo/contract';
import { senderOf } from '../api-client';

/** saveLayoutSettings: saves the layout settings to the account. */
export const sendSaveLayoutSettings = senderOf(saveLayoutSettings);
