import { updateProfile } from '@bo/contract';
import { senderOf } from '../api-client';

/** updateProfile: saves name, phone, Telegram, language and time zone; answers the saved profile. */
export const sendUpdateProfile = senderOf(updateProfile);
