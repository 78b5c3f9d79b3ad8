import type { NotifiedKind } from '@bo/contract';
import { conflict, notAllowed } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  findNotificationsOf,
  requeueNotifications,
} from '../merchant-notifications/merchant-notifications.service';
import { findItemForViewer, KIND_WORDS } from './money-detail.service';

/**
 * Queues a pay-in's or pay-out's last merchant notification again: a new notification with
 * the same URL and payload, sent by the notifier like any other (retried until acknowledged),
 * and the admin-log entry, in one transaction. Open to an admin and to the merchant who owns
 * the item (its sub-accounts act for it); a reseller may look but not resend.
 */
export async function resendLastNotification(ctx: UserCallContext, kind: NotifiedKind, id: string) {
  const { actor } = ctx;
  if (actor.accountType !== 'admin' && actor.accountType !== 'merchant')
    throw notAllowed('Only an admin or the merchant can resend a notification');
  await findItemForViewer(ctx.db, actor, kind, id);
  return ctx.db.transaction(async (tx) => {
    const last = (await findNotificationsOf(tx, id)).at(-1);
    if (!last) throw conflict(`This ${KIND_WORDS[kind]} has no notification to resend`);
    const at = new Date();
    await requeueNotifications(tx, [last], at);
    await recordAdminLog(tx, ctx, {
      action: `${kind}.resend_notification`,
      actor,
      targetType: kind,
      targetId: id,
      before: { notification_id: last.id, notification_status: last.status },
      after: { url: last.url, queued_at: at.toISOString() },
    });
    return { ref_id: id, url: last.url, status: 'pending' as const, queued_at: at.toISOString() };
  });
}
