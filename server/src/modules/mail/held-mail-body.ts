import { conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';

/** A reset link's token, as `resetLinkOf` writes it (in the URL's fragment). */
const RESET_TOKEN = /#token=[^\s"'<>]+/g;

/** What a hidden token reads as. */
export const HIDDEN_TOKEN = '#token=[hidden]';

interface HeldMail {
  status: string;
  channel: string;
  text_body: string;
  to_admin: boolean;
}

/**
 * `getHeldMailBody`: a held mail's plain-text body for an administrator (admin-logged, never
 * its text). A reset link to an admin account is hidden: reading it would let one administrator
 * sign in as another (its owner takes it from the server log instead: `logHeldResetLink`).
 */
export function readHeldMailBody(ctx: UserCallContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<HeldMail>(
      `SELECT o.status, o.channel, o.text_body,
              coalesce(a.account_type = 'admin', false) AS to_admin
         FROM mail_outbox o LEFT JOIN accounts a ON a.id = o.recipient_account_id
        WHERE o.id = $1::uuid`,
      [id],
    );
    const mail = rows[0];
    if (!mail) throw notFound('No message in the outbox has this id');
    if (mail.status !== 'held' || mail.channel !== 'mail')
      throw conflict('Only a held mail can be read here; this one was or will be sent');
    const masked = mail.text_body.replace(RESET_TOKEN, HIDDEN_TOKEN);
    const hidden = mail.to_admin && masked !== mail.text_body;
    const text = hidden ? masked : mail.text_body;
    await recordAdminLog(tx, ctx, {
      action: 'outbox.body_read',
      actor: ctx.actor,
      targetType: 'mail_outbox',
      targetId: id,
      after: { link_hidden: hidden },
    });
    return { id, text_body: text, link_hidden: hidden };
  });
}
