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
}

/**
 * `getHeldMailBody`: a held mail's plain-text body for an administrator (admin-logged, never
 * its text). A link that sets a password (a reset, an invitation) is always hidden: reading it
 * would let an administrator take over the account it was sent to, a merchant's as well as
 * another admin's. On the demo its owner takes it from the server log (`logHeldLink`).
 */
export function readHeldMailBody(ctx: UserCallContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<HeldMail>(
      'SELECT status, channel, text_body FROM mail_outbox WHERE id = $1::uuid',
      [id],
    );
    const mail = rows[0];
    if (!mail) throw notFound('No message in the outbox has this id');
    if (mail.status !== 'held' || mail.channel !== 'mail')
      throw conflict('Only a held mail can be read here; this one was or will be sent');
    const text = mail.text_body.replace(RESET_TOKEN, HIDDEN_TOKEN);
    const hidden = text !== mail.text_body;
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
