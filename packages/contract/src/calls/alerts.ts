import { z } from 'zod';
import type { AccountType } from '../accounts';
import { RULES } from '../access';
import { defineCall, emptyRequest, formFlag } from './define';

/**
 * The alerts a person may turn off on /profile (issue 30). The security alerts (a sign-in from
 * a new address, a password changed, 2FA off, an API key created, rolled or revoked) are not
 * among them: they are always sent.
 *
 * - `approvals_waiting`: a digest of money requests waiting for this admin's approval.
 * - `gateway_health`: a health rule alerted on or deactivated a gateway.
 * - `notify_failing`: the merchant's notify URL has failed for over an hour (once a day).
 * - `support_answered`: a support request of the account was answered.
 * - `team_changed`: an admin was invited, their modules or status changed, or the team's 2FA
 *   rule changed (issue 40).
 */
export const OPTIONAL_ALERTS = [
  'approvals_waiting',
  'gateway_health',
  'notify_failing',
  'support_answered',
  'team_changed',
] as const;
export type OptionalAlert = (typeof OPTIONAL_ALERTS)[number];

/** The optional alerts an account of each type can receive (and so sees on /profile). */
export const ALERTS_OF_TYPE: Record<AccountType, readonly OptionalAlert[]> = {
  admin: ['approvals_waiting', 'gateway_health', 'team_changed'],
  reseller: ['support_answered'],
  merchant: ['notify_failing', 'support_answered'],
};

const alertPreference = z.object({ kind: z.enum(OPTIONAL_ALERTS), enabled: z.boolean() });

/** The signed-in account's optional alerts, each on or off (on unless turned off). */
export const getAlertPreferences = defineCall({
  name: 'getAlertPreferences',
  request: emptyRequest,
  response: z.object({ alerts: z.array(alertPreference) }),
  rule: RULES.anyUser,
});

/** Turns one optional alert of the signed-in account on or off; answers them all. */
export const saveAlertPreference = defineCall({
  name: 'saveAlertPreference',
  request: z.object({
    kind: z.enum(OPTIONAL_ALERTS, { error: `must be one of ${OPTIONAL_ALERTS.join(', ')}` }),
    enabled: formFlag,
  }),
  response: z.object({ alerts: z.array(alertPreference) }),
  rule: RULES.anyUser,
});
