import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config';

/**
 * On the embedded demo without SMTP, a mail that carries a link to set a password (a reset, an
 * invitation) would be a dead end: it is held in the outbox, and the outbox never shows its link
 * (`readHeldMailBody`). So on the demo the link goes to the server log, at the level the
 * start-up lines use, for whoever runs it. Never on a real server (`seedDemo` off), whose logs
 * others may read, nor once SMTP is set.
 */
export function logHeldLink(
  log: Pick<FastifyBaseLogger, 'info'>,
  config: Pick<Config, 'smtpUrl' | 'seedDemo'>,
  what: 'password reset' | 'admin invitation',
  email: string,
  link: string,
): void {
  if (config.smtpUrl || !config.seedDemo) return;
  log.info(
    `No SMTP_URL is set on this demo, so the ${what} mail to ${email} stays held in the outbox; its link works once, within its time: ${link}`,
  );
}
