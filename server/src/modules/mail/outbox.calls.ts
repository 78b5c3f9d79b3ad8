import { getHeldMailBody, getOutbox, resendOutboxMessage as resendCall } from '@bo/contract';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { serveList, type ListInput } from '../scoped-lists/list-query';
import { readHeldMailBody } from './held-mail-body';
import { outboxList, viewOutboxMessage } from './outbox-list';
import { resendOutboxMessage } from './outbox-resend';

const served = serveList(outboxList, viewOutboxMessage);

/**
 * The outbox of /admin-outbox (rule administrator): every message with its state, as a list
 * (page and export alike), resend, and a held mail's body (`getHeldMailBody`).
 */
export function registerOutboxCalls(registry: CallRegistry): void {
  registry
    .list(getOutbox, {
      page: (ctx: UserCallContext, input: ListInput) => served.page(ctx, input),
      chunks: (ctx: UserCallContext, input: ListInput) => served.chunks(ctx, input),
    })
    .user(resendCall, (ctx, input) => resendOutboxMessage(ctx, input.id))
    .user(getHeldMailBody, (ctx, input) => readHeldMailBody(ctx, input.id));
}
