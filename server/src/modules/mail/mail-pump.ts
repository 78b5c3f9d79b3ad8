import type { Db } from '../../db/db';
import { startQueuePump, type PumpErrorLog } from '../../db/queue-pump';
import { deliverAndRecordMail, smtpTransportOf, type MailConfig } from './mail-sender';
import { claimDueMails, holdPendingMails } from './outbox.queries';

/** Mails in flight at most, per server process. */
export const MAIL_CONCURRENCY = 8;
/** Without SMTP: how often queued mails are marked held. */
const HOLD_INTERVAL_MS = 1_000;

/**
 * Sends the outbox on its own loop, as merchant notifications are (`startQueuePump`: claimed
 * with `SKIP LOCKED`, so several server processes never send one mail twice; retried with
 * back-off). Without SMTP_URL, queued mails are marked held ("not sent: no SMTP configured").
 * Answers a function that stops and waits for the mails in flight.
 */
export function startMailPump(db: Db, config: MailConfig, log: PumpErrorLog) {
  const transport = smtpTransportOf(config);
  if (!transport) {
    const timer = setInterval(() => {
      holdPendingMails(db).catch((error: unknown) =>
        log.error({ err: error }, 'holding mails failed'),
      );
    }, HOLD_INTERVAL_MS);
    return async () => clearInterval(timer);
  }
  const stop = startQueuePump(
    db,
    {
      label: 'mail',
      claim: claimDueMails,
      deliver: (mail) => deliverAndRecordMail(db, transport, config, mail),
    },
    log,
    MAIL_CONCURRENCY,
  );
  return async () => {
    await stop();
    transport.close();
  };
}
