import { PRODUCT_TITLE } from '@bo/contract';
import type { Queryable } from '../../db/db';
import {
  enqueueMail,
  enqueueWebhook,
  oneLine,
  renderMail,
  type MailLanguage,
  type MailMessage,
  type WebhookSettings,
} from '../mail/mail.service';
import type { AlertRecipient } from './alert-recipients';
import { ALERT_WORDS, type AlertWords } from './alert-words';

/**
 * What an optional alert says, written with one language's words (`lang` names it, for an
 * alert that keeps its own words beside its module).
 */
export type AlertBody = (
  words: AlertWords,
  lang: MailLanguage,
) => Omit<MailMessage, 'greeting' | 'footer'>;

/**
 * Queues an optional alert in the caller's transaction: a mail to each recipient (in their
 * language, laid out by the one renderer) and one copy for the operations webhook (in English,
 * when ALERT_WEBHOOK_URL is set). `kind` names it in the outbox ('alert.gateway_health', …).
 */
export async function queueAlert(
  tx: Queryable,
  settings: WebhookSettings,
  alert: {
    kind: string;
    recipients: readonly AlertRecipient[];
    body: AlertBody;
    at: Date;
    account?: string;
  },
): Promise<void> {
  await queueMailsOnly(tx, alert);
  await queueWebhookOnly(tx, settings, alert);
}

/** The mails of an alert alone, one per recipient: what `queueAlert` queues besides the webhook's copy. */
export async function queueMailsOnly(
  tx: Queryable,
  alert: { kind: string; recipients: readonly AlertRecipient[]; body: AlertBody },
) {
  for (const r of alert.recipients) {
    const words = ALERT_WORDS[r.lang];
    await enqueueMail(tx, {
      kind: alert.kind,
      recipientAccountId: r.accountId,
      recipient: r.email,
      lang: r.lang,
      content: renderMail(r.lang, {
        ...alert.body(words, r.lang),
        greeting: words.greeting(r.name),
        footer: words.footer(PRODUCT_TITLE),
      }),
    });
  }
}

/** The operations webhook's copy of an alert alone (English): what `queueAlert` sends it. */
export async function queueWebhookOnly(
  tx: Queryable,
  settings: WebhookSettings,
  alert: { kind: string; body: AlertBody; at: Date; account?: string },
) {
  const en = alert.body(ALERT_WORDS.en, 'en');
  const links = (en.links ?? []).map((l) => `${l.label}: ${l.url}`);
  await enqueueWebhook(tx, settings, {
    kind: alert.kind,
    subject: oneLine(en.subject),
    // A line per paragraph, as the mail's; what people typed in a paragraph never breaks one.
    text: [...en.paragraphs, ...links].map(oneLine).join('\n'),
    link: en.action?.url ?? en.links?.[0]?.url ?? settings.publicUrl,
    account: alert.account,
    at: alert.at,
  });
}
