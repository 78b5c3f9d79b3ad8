/**
 * Alerts (issue 30) besides the security ones (modules/mail): what other modules call in the
 * transaction of the change an alert tells of, and the jobs that build digests. Recipients are
 * decided in one place (`alert-recipients.ts`), preferences honoured there.
 */
export { queueGatewayHealthAlert, queueSupportAnsweredAlert } from './event-alerts';
export { queueTeamAlert, type TeamEvent } from './team-alert';
export { queueApprovalDigests, DIGEST_MINUTES } from './approval-digest';
export { queueNotifyFailureAlerts } from './notify-failure-alerts';
export { alertJobs } from './alert-jobs';
export { registerAlertPreferenceCalls } from './alert-preferences';
