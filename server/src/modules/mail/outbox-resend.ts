import type { OutboxRow } from '@bo/contract';
import { conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { outboxList, viewOutboxMessage } from './outbox-list';
import { requeueMail } from './outbox.queries';

/** What the admin log keeps of a message around a resend: its sending state, never its body. */
const sendingState = (m: OutboxRow) => ({
  status: m.status,
  attempts: m.attempts,
  last_error: m.last_error,
});

/**
 * Resends an outbox message: a held or abandoned one goes back to the queue, to be tried now
 * (admin-logged, with its state before and after). Idempotent: a pending one is already queued
 * and stays as it is, unlogged. A sent one is refused, never sent twice.
 */
export function resendOutboxMessage(ctx: UserCallContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const find = async () => {
      const row = await outboxList.byId(tx, ctx.actor, id);
      if (!row) throw notFound('No message in the outbox has this id');
      return viewOutboxMessage(row);
    };
    // Locked, so two resends at once queue it once and log it once.
    await tx.query('SELECT id FROM mail_outbox WHERE id = $1::uuid FOR UPDATE', [id]);
    const before = await find();
    if (before.status === 'sent')
      throw conflict('This message was sent already; it is never sent twice');
    if (!(await requeueMail(tx, id))) return { message: before, requeued: false };
    const after = await find();
    await recordAdminLog(tx, ctx, {
      action: 'outbox.resend',
      actor: ctx.actor,
      targetType: 'mail_outbox',
      targetId: id,
      before: sendingState(before),
      after: sendingState(after),
    });
    return { message: after, requeued: true };
  });
}
