import { setAdminModules } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** setAdminModules: an admin's modules (administrator given: waits for a second admin). */
export const sendSetAdminModules = senderOf(setAdminModules, { errors: 'inline' });
