import type { Queryable } from '../../db/db';
import { mailLanguageOf } from './mail-content';
import { enqueueMail } from './outbox.queries';
import {
  securityAlertMail,
  securityAlertSummary,
  type AlertFacts,
  type SecurityAlert,
} from './security-alert-mail';
import { enqueueWebhook, type WebhookSettings } from './webhook-alert';

/**
 * Queues the security alert `alert` to the account `accountId` (its email, in its language),
 * and to the operations webhook when one is set, in the transaction of the change it tells of,
 * so it exists exactly when the change does. An account without an email gets no mail. Security
 * alerts cannot be turned off: no preference is read.
 */
export async function queueSecurityAlert(
  tx: Queryable,
  settings: WebhookSettings,
  accountId: string,
  alert: SecurityAlert,
  facts: AlertFacts,
): Promise<void> {
  const { rows } = await tx.query<{ email: string; name: string; username: string; lang: string }>(
    'SELECT email, name, username, lang FROM accounts WHERE id = $1',
    [accountId],
  );
  const account = rows[0];
  if (!account) return;
  const kind = `security.${alert}`;
  await enqueueWebhook(tx, settings, {
    kind,
    ...securityAlertSummary(alert, facts, settings.publicUrl),
    account: account.email || account.username,
    at: facts.at,
  });
  if (!account.email) return;
  const lang = mailLanguageOf(account.lang);
  await enqueueMail(tx, {
    kind,
    recipientAccountId: accountId,
    recipient: account.email,
    lang,
    content: securityAlertMail(
      lang,
      account.name || account.username,
      alert,
      facts,
      settings.publicUrl,
    ),
  });
}
