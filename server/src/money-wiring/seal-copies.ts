import type { Config } from '../config/config';
import type { Queryable } from '../db/db';
import type { SealFacts } from '../ledger/chain/chain-hash';
import { sealCopyText, type SealCopies } from '../ledger/chain/seals';
import { enqueueMail, enqueueWebhook, renderMail } from '../modules/mail/mail.service';

type SealSettings = Pick<
  Config,
  'publicUrl' | 'alertWebhookUrl' | 'alertWebhookSecret' | 'alertWebhookFormat' | 'sealCopyEmail'
>;

/**
 * Each daily seal's copies outside the database (issue 44: "a copy lives outside the
 * database"): to the operations webhook (ALERT_WEBHOOK_URL) and mailed to SEAL_COPY_EMAIL,
 * queued in the seal's own transaction and sent by the mail pump.
 */
export const sealCopiesOf =
  (settings: SealSettings): SealCopies =>
  (tx, facts, publicKey, signature) =>
    queueCopies(tx, settings, facts, publicKey, signature);

async function queueCopies(
  tx: Queryable,
  settings: SealSettings,
  facts: SealFacts,
  publicKey: string,
  signature: string,
): Promise<string | null> {
  const text = sealCopyText(facts, publicKey, signature);
  const subject = `Ledger seal of ${facts.day}`;
  const to: string[] = [];
  if (settings.alertWebhookUrl) {
    await enqueueWebhook(tx, settings, {
      kind: 'ledger.seal',
      subject,
      text,
      link: `${settings.publicUrl}/admin-logs`,
      at: new Date(facts.sealedAt),
    });
    to.push('webhook');
  }
  if (settings.sealCopyEmail) {
    await enqueueMail(tx, {
      kind: 'ledger_seal',
      recipientAccountId: null,
      recipient: settings.sealCopyEmail,
      lang: 'en',
      content: renderMail('en', {
        subject,
        greeting: 'Hello,',
        paragraphs: [
          `The ledger was sealed for ${facts.day}. Keep this copy outside the platform: with it anyone can check that the books up to that day were not changed since.`,
          text,
        ],
        footer: 'Sent by the payment back office to the seal copy address (SEAL_COPY_EMAIL).',
      }),
    });
    to.push(settings.sealCopyEmail);
  }
  return to.length ? to.join(', ') : null;
}
