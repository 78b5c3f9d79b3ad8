import type { Queryable } from '../../db/db';
import { mailLanguageOf } from './mail-content';
import { enqueueMail } from './outbox.queries';
import { securityAlertMail, type AlertFacts, type SecurityAlert } from './security-alert-mail';

/**
 * Queues the security alert `alert` to the account `accountId` (its email, in its language),
 * in the transaction of the change it tells of, so it exists exactly when the change does. An
 * account without an email gets none.
 */
export async function queueSecurityAlert(
  tx: Queryable,
  publicUrl: string,
  accountId: string,
  alert: SecurityAlert,
  facts: AlertFacts,
): Promise<void> {
  const { rows } = await tx.query<{ email: string; name: string; username: string; lang: string }>(
    'SELECT email, name, username, lang FROM accounts WHERE id = $1',
    [accountId],
  );
  const account = rows[0];
  if (!account?.email) return;
  const lang = mailLanguageOf(account.lang);
  await enqueueMail(tx, {
    kind: `security.${alert}`,
    recipientAccountId: accountId,
    recipient: account.email,
    lang,
    content: securityAlertMail(lang, account.name || account.username, alert, facts, publicUrl),
  });
}
