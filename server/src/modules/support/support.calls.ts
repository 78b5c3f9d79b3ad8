import {
  createSupportRequest,
  getSupportRequestList,
  getTechnicalInformation,
  updateSupportRequestStatus,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import {
  decideSupportRequest,
  fileSupportRequest,
  supportRequestListService,
} from './support.service';
import { readTechnicalInformation } from './tech-info';

/** Technical support (requests and their answers) and the technical information page. */
export function registerSupportCalls(registry: CallRegistry): void {
  registry
    .user(createSupportRequest, (ctx, input) => fileSupportRequest(ctx, input))
    .list(getSupportRequestList, supportRequestListService)
    .user(updateSupportRequestStatus, (ctx, input) => decideSupportRequest(ctx, input))
    .user(getTechnicalInformation, (ctx) => readTechnicalInformation(ctx));
}
