/**
 * What other modules use to mail someone: a mail drafted in the transaction of the change that
 * causes it (`enqueueMail`), in the recipient's language; the mail pump sends it.
 */
export { mailLanguageOf, type MailContent, type MailLanguage } from './mail-content';
export { enqueueMail, NO_SMTP, type MailDraft } from './outbox.queries';
export { passwordResetMail, RESET_TOKEN_MINUTES } from './password-reset-mail';
export { queueSecurityAlert } from './security-alerts';
export { SECURITY_ALERTS, type SecurityAlert } from './security-alert-mail';
