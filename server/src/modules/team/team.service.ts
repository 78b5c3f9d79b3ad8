import type { AccountStatus, ModuleName, Team } from '@bo/contract';
import { badField, conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { findAccountByEmail } from '../accounts/accounts.service';
import { queueTeamAlert, type TeamEvent } from '../alerts/alerts.service';
import { forgetSavedSettings } from '../app-settings/settings.service';
import { isTeamTwoFactorRequired } from '../app-settings/team-two-factor';
import {
  askSettingChange,
  listPendingSettingChanges,
} from '../setting-changes/setting-changes.service';
import { moduleListText, TEAM_TWO_FACTOR_TEXT } from '../setting-changes/team-settings';
import {
  findTeamMember,
  findTeamMembers,
  inModuleOrder,
  type TeamMemberRecord,
  type TeamWriter,
  writeAdminModules,
  writeAdminStatus,
  writeTeamTwoFactor,
} from '../team-members/team-members.service';

/** The guarded changes the team screen lists as waiting. */
const TEAM_KINDS: ReadonlySet<string> = new Set([
  'admin_invite',
  'admin_modules',
  'admin_activate',
  'team_two_factor_off',
]);

const flag = (b: boolean) => (b ? (1 as const) : (0 as const));

/** The team as the calls answer it: every admin, the 2FA rule, what waits for a second admin. */
export async function readTeam(db: Queryable, youId: string): Promise<Team> {
  const [members, required, pending] = await Promise.all([
    findTeamMembers(db),
    isTeamTwoFactorRequired(db),
    listPendingSettingChanges(db),
  ]);
  return {
    members: members.map((m) => ({
      account_db_code: m.account_db_code,
      email: m.email,
      username: m.username,
      name: m.name,
      modules: inModuleOrder(m.modules),
      status: m.status,
      otp_enabled: flag(m.otp_enabled),
      invitation_open: flag(m.invitation_open),
      is_you: flag(m.id === youId),
      created_at: m.created_at.toISOString(),
    })),
    requires_two_factor: flag(required),
    pending_changes: pending.filter((c) => TEAM_KINDS.has(c.kind)),
  };
}

const writerOf = (ctx: UserCallContext): TeamWriter => ({
  origin: ctx,
  config: ctx.config,
  actor: ctx.actor,
  requestedBy: ctx.actor.username,
});

/** The reason a change that waits for a second admin needs (that admin reads it). */
function reasonFor(reason: string | undefined): string {
  if (!reason)
    throw badField({
      field: 'reason',
      rule: 'is required: inviting an admin, giving one a module, activating one again or ending the 2FA rule waits for a second admin, who reads it',
      kind: 'required',
    });
  return reason;
}

/** Runs a team change in one transaction and answers the team as it then is. */
async function changeTeam(
  ctx: UserCallContext,
  change: (tx: Queryable) => Promise<TeamEvent | null>,
): Promise<Team> {
  await ctx.db.transaction(async (tx) => {
    const event = await change(tx);
    if (event)
      await queueTeamAlert(tx, ctx.config, { by: ctx.actor.username, event, at: new Date() });
  });
  forgetSavedSettings();
  return readTeam(ctx.db, ctx.actor.accountId);
}

/**
 * `inviteAdmin`: asks a second admin for a new admin (a guarded `admin_invite` change, issue
 * 40); nothing exists until it is approved, then the account is made and its invitation mailed.
 * Every invitation waits, whatever its modules: an admin who could make one alone could make a
 * second pair of hands for their own money requests (a top-up asked and approved by the same
 * person), the threat the two-admin rule is there for.
 */
export function inviteTeamAdmin(
  ctx: UserCallContext,
  input: { email: string; username: string; name: string; modules: ModuleName[]; reason?: string },
): Promise<Team> {
  return changeTeam(ctx, async (tx) => {
    const reason = reasonFor(input.reason);
    if (await findAccountByEmail(tx, input.email))
      throw conflict('An account with this email exists already');
    await askSettingChange(tx, ctx, {
      kind: 'admin_invite',
      target: input.email,
      before: { text: null, scaled: null },
      newValue: moduleListText(input.modules),
      reason,
      details: { username: input.username, name: input.name },
    });
    return { kind: 'invite_waiting', member: input.email, modules: inModuleOrder(input.modules) };
  });
}

async function memberOf(tx: Queryable, code: string): Promise<TeamMemberRecord> {
  const member = await findTeamMember(tx, code);
  if (!member) throw notFound(`No admin has the code ${code}`);
  return member;
}

/**
 * `setAdminModules`: sets an admin's modules. Taking modules away applies at once; giving any
 * module the admin lacks waits for a second admin (`admin_modules`), as an invitation does.
 * Nobody takes their own administrator module.
 */
export function changeAdminModules(
  ctx: UserCallContext,
  input: { accountDbCode: string; modules: ModuleName[]; reason?: string },
): Promise<Team> {
  return changeTeam(ctx, async (tx) => {
    const member = await memberOf(tx, input.accountDbCode);
    if (member.id === ctx.actor.accountId && !input.modules.includes('administrator'))
      throw badField({
        field: 'modules',
        rule: 'cannot leave out administrator: you cannot take your own administrator module',
        kind: 'other',
      });
    const isGrant = input.modules.some((m) => !member.modules.includes(m));
    if (!isGrant) {
      await writeAdminModules(tx, writerOf(ctx), member.id, input.modules);
      return null;
    }
    await askSettingChange(tx, ctx, {
      kind: 'admin_modules',
      target: member.account_db_code,
      before: { text: moduleListText(member.modules), scaled: null },
      newValue: moduleListText(input.modules),
      reason: reasonFor(input.reason),
    });
    return { kind: 'modules_waiting', member: member.email, modules: inModuleOrder(input.modules) };
  });
}

/**
 * `setAdminStatus`: deactivates an admin at once (every session of it ends, and its sign-in is
 * refused), or asks to activate it again: that waits for a second admin (`admin_activate`), as
 * an invitation does, since it brings back a second pair of hands. Nobody deactivates themself.
 */
export function changeAdminStatus(
  ctx: UserCallContext,
  input: { accountDbCode: string; status: AccountStatus; reason?: string },
): Promise<Team> {
  return changeTeam(ctx, async (tx) => {
    const member = await memberOf(tx, input.accountDbCode);
    if (member.id === ctx.actor.accountId)
      throw badField({
        field: 'accountDbCode',
        rule: 'is you: you cannot deactivate yourself',
        kind: 'other',
      });
    if (member.status === input.status) return null;
    if (input.status === 'disabled') {
      await writeAdminStatus(tx, writerOf(ctx), member, 'disabled');
      return null;
    }
    await askSettingChange(tx, ctx, {
      kind: 'admin_activate',
      target: member.account_db_code,
      before: { text: member.status, scaled: null },
      newValue: input.status,
      reason: reasonFor(input.reason),
    });
    return { kind: 'activate_waiting', member: member.email };
  });
}

/**
 * `setTeamTwoFactor`: requires 2FA of every admin at once (set up at their next sign-in), or
 * asks to stop requiring it: that waits for a second admin (`team_two_factor_off`).
 */
export function changeTeamTwoFactor(
  ctx: UserCallContext,
  input: { required: boolean; reason?: string },
): Promise<Team> {
  return changeTeam(ctx, async (tx) => {
    if ((await isTeamTwoFactorRequired(tx)) === input.required) return null;
    if (input.required) {
      await writeTeamTwoFactor(tx, writerOf(ctx), true);
      return null;
    }
    await askSettingChange(tx, ctx, {
      kind: 'team_two_factor_off',
      target: '',
      before: { text: TEAM_TWO_FACTOR_TEXT.required, scaled: null },
      newValue: TEAM_TWO_FACTOR_TEXT.notRequired,
      reason: reasonFor(input.reason),
    });
    return { kind: 'two_factor_off_waiting' };
  });
}
