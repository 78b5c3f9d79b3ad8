import { z } from 'zod';
import { ACCOUNT_STATUSES } from './account-admin';
import { MODULES } from '../accounts';
import { RULES } from '../access';
import {
  defineCall,
  emailField,
  emptyRequest,
  formFlag,
  formOptionalText,
  formText,
} from './define';
import { formModules, usernameField } from './accounts';
import { settingChangeRow } from './setting-changes';

/**
 * The team screen (/admin-team, issue 40; beyond the spec, docs/operations.md): the admins,
 * their modules, status and 2FA, and whether the team must use 2FA. Admins with the
 * administrator module only. Every write answers the team as it now is.
 */
export const teamMember = z.object({
  account_db_code: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  modules: z.array(z.enum(MODULES)),
  status: z.enum(ACCOUNT_STATUSES),
  otp_enabled: z.union([z.literal(0), z.literal(1)]),
  /** 1 while the invitation's link is unused and unexpired. */
  invitation_open: z.union([z.literal(0), z.literal(1)]),
  /** 1 for the caller's own row (they may not deactivate it nor take its administrator module). */
  is_you: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const team = z.object({
  members: z.array(teamMember),
  /** 1: an admin without 2FA must set it up at their next sign-in. */
  requires_two_factor: z.union([z.literal(0), z.literal(1)]),
  /**
   * Team changes waiting for a second admin: invitations, module grants, activations and the
   * 2FA rule's end (`admin_invite`, `admin_modules`, `admin_activate`, `team_two_factor_off`).
   */
  pending_changes: z.array(settingChangeRow),
});
export type Team = z.infer<typeof team>;

/** Why a change waits for a second admin, who reads it: required when the change waits. */
const guardReason = formOptionalText(300);

export const getTeam = defineCall({
  name: 'getTeam',
  request: emptyRequest,
  response: team,
  rule: RULES.administrator,
});

/**
 * Invites an admin by email: the account is made without a usable password and its invitation
 * mail (through the outbox) links the page that sets one. With the administrator module it is a
 * guarded change instead (`reason` required): made only once a second admin approves.
 */
export const inviteAdmin = defineCall({
  name: 'inviteAdmin',
  request: z.object({
    email: emailField,
    username: usernameField,
    name: formText(120),
    modules: formModules,
    reason: guardReason,
  }),
  response: team,
  rule: RULES.administrator,
});

/**
 * Sets an admin's modules. Giving the administrator module to one without it waits for a
 * second admin (`reason` required); an admin cannot take their own administrator module.
 */
export const setAdminModules = defineCall({
  name: 'setAdminModules',
  request: z.object({ accountDbCode: formText(40), modules: formModules, reason: guardReason }),
  response: team,
  rule: RULES.administrator,
});

/**
 * Deactivates an admin (every session of it ends at once), or asks to activate it again: that
 * waits for a second admin (`reason` required). Never oneself.
 */
export const setAdminStatus = defineCall({
  name: 'setAdminStatus',
  request: z.object({
    accountDbCode: formText(40),
    status: z.enum(ACCOUNT_STATUSES),
    reason: guardReason,
  }),
  response: team,
  rule: RULES.administrator,
});

/**
 * Requires 2FA of every admin (set up at their next sign-in) at once, or asks to stop requiring
 * it: that waits for a second admin (`reason` required).
 */
export const setTeamTwoFactor = defineCall({
  name: 'setTeamTwoFactor',
  request: z.object({ required: formFlag, reason: guardReason }),
  response: team,
  rule: RULES.administrator,
});
