import { approveSettingChange } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** approveSettingChange: a second admin applies a waiting guarded change. */
export const sendApproveSettingChange = senderOf(approveSettingChange);
