import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config';

/** The note beside a reset link logged because no SMTP server is set (one place for its words). */
export const HELD_RESET_LINK_NOTE =
  'No SMTP_URL is set, so this password reset mail stays held in the outbox; the link below works once, within its time. Set SMTP_URL to mail it instead.';

/**
 * Without SMTP (the embedded default), a forgot-password request would be a dead end: its mail
 * is held in the outbox. So the reset link goes to the server log at the level the start-up
 * lines use (info), with a note saying why, for whoever runs the server to pass on. With SMTP
 * set it is never logged: then the link lives in the mail only.
 */
export function logHeldResetLink(
  log: Pick<FastifyBaseLogger, 'info'>,
  config: Pick<Config, 'smtpUrl'>,
  email: string,
  link: string,
): void {
  if (config.smtpUrl) return;
  log.info({ email, resetLink: link }, `${HELD_RESET_LINK_NOTE} Reset link for ${email}: ${link}`);
}
