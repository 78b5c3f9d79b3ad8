/**
 * What other modules use to mail someone: a mail drafted in the transaction of the change that
 * causes it (`enqueueMail`), in the recipient's language, laid out by the one renderer
 * (`renderMail`); the operations webhook's copy of an alert (`enqueueWebhook`). The mail pump
 * sends both.
 */
export {
  mailLanguageOf,
  oneLine,
  renderMail,
  type MailContent,
  type MailLanguage,
  type MailMessage,
} from './mail-content';
export { enqueueMail, NO_SMTP, type MailDraft } from './outbox.queries';
export { passwordResetMail, RESET_TOKEN_MINUTES } from './password-reset-mail';
export { adminInvitationMail, INVITATION_DAYS } from './admin-invitation-mail';
export { queueSecurityAlert } from './security-alerts';
export { SECURITY_ALERTS, type SecurityAlert } from './security-alert-mail';
export {
  enqueueWebhook,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  webhookSignature,
  type WebhookAlert,
  type WebhookSettings,
} from './webhook-alert';
