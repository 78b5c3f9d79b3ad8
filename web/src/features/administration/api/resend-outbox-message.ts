import { getOutbox, resendOutboxMessage } from '@bo/contract';
import { senderOf } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/**
 * resendOutboxMessage: a held or abandoned message goes back to the queue (a pending one stays
 * as it is, `requeued: false`); the outbox is read again after it.
 */
const send = senderOf(resendOutboxMessage);

export async function sendResendOutboxMessage(id: string) {
  const answer = await send({ id });
  await queryClient.invalidateQueries({ queryKey: ['list', getOutbox.name] });
  return answer;
}
