import type { Db } from '../../db/db';
import type { WebhookSettings } from '../mail/mail.service';
import { accountRecipients } from './alert-recipients';
import { queueAlert } from './queue-alert';

/** How long a merchant's notifications must have failed before the merchant is told. */
export const FAILING_FOR_MINUTES = 60;
/** A merchant is told at most this often. */
export const TELL_EVERY_HOURS = 24;

interface FailingMerchant {
  merchant_account_id: string;
  failing: number;
  url: string;
  last_error: string;
}

/**
 * Merchants whose notify URL has failed for over an hour: a notification still being retried
 * (pending, tried at least once) was queued over FAILING_FOR_MINUTES ago, none of theirs was
 * delivered in that hour, and they were not told in the last TELL_EVERY_HOURS. With the
 * pending notifications' count, the URL and the last attempt's error of the oldest.
 */
async function findFailingMerchants(db: Db, now: Date): Promise<FailingMerchant[]> {
  const { rows } = await db.query<FailingMerchant>(
    `WITH failing AS (
       SELECT n.merchant_account_id, count(*)::int AS failing, min(n.created_at) AS since
         FROM merchant_notifications n
        WHERE n.status = 'pending' AND n.attempts > 0
        GROUP BY n.merchant_account_id
       HAVING min(n.created_at) <= $1::timestamptz - make_interval(mins => $2))
     SELECT f.merchant_account_id, f.failing, o.url,
            coalesce((SELECT CASE WHEN a.http_status IS NULL THEN a.error ELSE 'HTTP ' || a.http_status END
                        FROM merchant_notification_attempts a WHERE a.notification_id = o.id
                       ORDER BY a.attempt DESC LIMIT 1), '') AS last_error
       FROM failing f
       JOIN LATERAL (SELECT n.id, n.url FROM merchant_notifications n
                      WHERE n.merchant_account_id = f.merchant_account_id AND n.status = 'pending'
                        AND n.created_at = f.since LIMIT 1) o ON true
      WHERE NOT EXISTS (
              SELECT 1 FROM merchant_notifications d
               WHERE d.merchant_account_id = f.merchant_account_id AND d.status = 'delivered'
                 AND d.created_at >= f.since
                 AND d.delivered_at > $1::timestamptz - make_interval(mins => $2))
        AND NOT EXISTS (
              SELECT 1 FROM notify_failure_alerts t
               WHERE t.merchant_account_id = f.merchant_account_id
                 AND t.last_sent_at > $1::timestamptz - make_interval(hours => $3))`,
    [now.toISOString(), FAILING_FOR_MINUTES, TELL_EVERY_HOURS],
  );
  return rows;
}

/**
 * One round (issue 30, merchants): each merchant whose notifications have failed for over an
 * hour gets a mail (and the operations webhook a copy), at most once a day. The merchant's
 * telling is recorded in the transaction that queues it, so two rounds never tell twice.
 * Answers how many merchants were told. The money jobs run it under a job lock.
 */
export async function queueNotifyFailureAlerts(
  db: Db,
  settings: WebhookSettings,
  now = new Date(),
): Promise<number> {
  let told = 0;
  for (const m of await findFailingMerchants(db, now)) {
    const queued = await db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO notify_failure_alerts (merchant_account_id, last_sent_at) VALUES ($1, $2)
         ON CONFLICT (merchant_account_id) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
          WHERE notify_failure_alerts.last_sent_at <= $2::timestamptz - make_interval(hours => $3)`,
        [m.merchant_account_id, now.toISOString(), TELL_EVERY_HOURS],
      );
      if (rowCount !== 1) return false;
      const recipients = await accountRecipients(tx, m.merchant_account_id, 'notify_failing');
      await queueAlert(tx, settings, {
        kind: 'alert.notify_failing',
        recipients,
        at: now,
        account: recipients[0]?.email ?? m.merchant_account_id,
        body: (w) => ({
          subject: w.notify.subject,
          paragraphs: [
            w.notify.happened(m.url, m.failing),
            ...(m.last_error ? [w.notify.lastError(m.last_error)] : []),
            w.notify.once,
          ],
          action: { label: w.notify.action, url: `${settings.publicUrl}/merchant-settings` },
        }),
      });
      return true;
    });
    if (queued) told++;
  }
  return told;
}
