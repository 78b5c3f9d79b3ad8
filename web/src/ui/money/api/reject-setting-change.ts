import { rejectSettingChange } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** rejectSettingChange: a waiting guarded change is rejected; the old value stays. */
export const sendRejectSettingChange = senderOf(rejectSettingChange);
