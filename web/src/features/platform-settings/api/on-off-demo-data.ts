import { onOffDemoData } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';

/** onOffDemoData: includes (1) or leaves out (0) the demo accounts in the dashboard's figures. */
export const sendOnOffDemoData = senderOf(onOffDemoData);
