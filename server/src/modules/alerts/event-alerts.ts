import { getGatewayHealth } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { WebhookSettings } from '../mail/mail.service';
import { accountRecipients, adminsUnder } from './alert-recipients';
import { queueAlert } from './queue-alert';

/** What a gateway health alert tells: the gateway, the rule, what it saw, whether it acted. */
export interface GatewayHealthFacts {
  gateway: string;
  rule: string;
  summary: string;
  deactivated: boolean;
  at: Date;
}

/**
 * A health rule alerted on (or deactivated) a gateway: the admins who may open gateway
 * monitoring (its call's rule) hear of it, in the evaluation's transaction.
 */
export async function queueGatewayHealthAlert(
  tx: Queryable,
  settings: WebhookSettings,
  facts: GatewayHealthFacts,
) {
  await queueAlert(tx, settings, {
    kind: 'alert.gateway_health',
    recipients: await adminsUnder(tx, getGatewayHealth.rule, 'gateway_health'),
    at: facts.at,
    body: (w) => ({
      subject: w.gateway.subject(facts.gateway, facts.deactivated),
      paragraphs: [
        w.gateway.happened(facts.gateway, facts.rule, facts.deactivated),
        w.gateway.detail(facts.summary),
      ],
      action: { label: w.gateway.action, url: `${settings.publicUrl}/payment-gateway/monitoring` },
    }),
  });
}

/**
 * An admin answered a support request: whoever filed it hears of it (with the answer), in the
 * transaction of the answer.
 */
export async function queueSupportAnsweredAlert(
  tx: Queryable,
  settings: WebhookSettings,
  facts: { filedBy: string; subject: string; note: string; at: Date },
) {
  const recipients = await accountRecipients(tx, facts.filedBy, 'support_answered');
  await queueAlert(tx, settings, {
    kind: 'alert.support_answered',
    recipients,
    at: facts.at,
    account: recipients[0]?.email,
    body: (w) => ({
      subject: w.support.subject,
      paragraphs: [
        w.support.happened(facts.subject),
        ...(facts.note ? [w.support.answer(facts.note)] : []),
      ],
      action: { label: w.support.action, url: `${settings.publicUrl}/technical-support` },
    }),
  });
}
