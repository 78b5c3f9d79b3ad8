import { setPlatformSettings } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setPlatformSettings: saves the settings sent; a refusal is shown under its field. */
export const sendSetPlatformSettings = senderOf(setPlatformSettings, { errors: 'inline' });
