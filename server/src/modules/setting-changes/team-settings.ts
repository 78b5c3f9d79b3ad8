import { MODULES, type ModuleName } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { isTeamTwoFactorRequired } from '../app-settings/team-two-factor';
import {
  createInvitedAdmin,
  findTeamMember,
  inModuleOrder,
  writeAdminModules,
  writeAdminStatus,
  writeTeamTwoFactor,
  type TeamWriter,
} from '../team-members/team-members.service';
import type { GuardedSetting, SettingWriter } from './guarded-setting';

/** A module list as a guarded change shows it ("payin, payout, administrator"), and back. */
export const moduleListText = (modules: readonly ModuleName[]) => inModuleOrder(modules).join(', ');
const modulesOf = (text: string) =>
  text
    .split(',')
    .map((m) => m.trim())
    .filter((m): m is ModuleName => (MODULES as readonly string[]).includes(m));

const teamWriter = (writer: SettingWriter): TeamWriter => ({
  origin: writer.origin,
  config: writer.config,
  actor: writer.actor,
  requestedBy: writer.requester.username,
});

/**
 * A new admin with the administrator module (issue 40): target its email, the value its module
 * list, `details` its username and name. Nothing exists until a second admin approves; then the
 * account is made and its invitation mailed (a taken email or username by then is a 409).
 */
export const ADMIN_INVITE: GuardedSetting = {
  kind: 'admin_invite',
  noun: (email) => `the invitation of ${email}`,
  current: () => Promise.resolve({ text: null, scaled: null }),
  scaled: () => 0n,
  write: async (tx, writer, change) => {
    await createInvitedAdmin(tx, teamWriter(writer), {
      email: change.target,
      username: change.details?.username ?? '',
      name: change.details?.name ?? '',
      modules: modulesOf(change.newValue),
    });
  },
};

/** The modules of the admin `code` as a guarded change reads them (its value in force). */
async function currentModules(tx: Queryable, code: string) {
  const member = await findTeamMember(tx, code);
  return { text: member ? moduleListText(member.modules) : null, scaled: null };
}

/**
 * The administrator module given to an admin without it (issue 40): target the admin's code,
 * the values its module lists before and after. Put in force as `setAdminModules` does.
 */
export const ADMIN_MODULES: GuardedSetting = {
  kind: 'admin_modules',
  noun: (code) => `the modules of admin ${code}`,
  current: (tx, code) => currentModules(tx, code),
  scaled: () => 0n,
  write: async (tx, writer, change) => {
    const member = await findTeamMember(tx, change.target);
    if (!member) throw new Error(`admin ${change.target} vanished`);
    await writeAdminModules(tx, teamWriter(writer), member.id, modulesOf(change.newValue));
  },
};

/** What a guarded change reads of an admin it acts on (one deleted since is a plain error). */
async function memberAt(tx: Queryable, code: string) {
  const member = await findTeamMember(tx, code);
  if (!member) throw new Error(`admin ${code} vanished`);
  return member;
}

/**
 * A deactivated admin activated again (issue 40): target the admin's code, the values its status
 * before and after. Put in force as `setAdminStatus` deactivates: logged and alerted.
 */
export const ADMIN_ACTIVATE: GuardedSetting = {
  kind: 'admin_activate',
  noun: (code) => `the activation of admin ${code}`,
  current: async (tx, code) => ({
    text: (await findTeamMember(tx, code))?.status ?? null,
    scaled: null,
  }),
  scaled: () => 0n,
  write: async (tx, writer, change) => {
    const member = await memberAt(tx, change.target);
    if (member.status !== 'active')
      await writeAdminStatus(tx, teamWriter(writer), member, 'active');
  },
};

/** The team's 2FA rule as a guarded change shows it. */
export const TEAM_TWO_FACTOR_TEXT = { required: 'required', notRequired: 'not required' } as const;

/**
 * No longer requiring 2FA of every admin (issue 40; issue 39 asked that turning off 2FA
 * enforcement be guarded): no target, the values the rule before and after. Requiring it
 * again applies at once.
 */
export const TEAM_TWO_FACTOR_OFF: GuardedSetting = {
  kind: 'team_two_factor_off',
  noun: () => 'the end of the rule that every admin uses 2FA',
  current: async (tx) => ({
    text: (await isTeamTwoFactorRequired(tx))
      ? TEAM_TWO_FACTOR_TEXT.required
      : TEAM_TWO_FACTOR_TEXT.notRequired,
    scaled: null,
  }),
  scaled: () => 0n,
  write: async (tx, writer) => {
    if (await isTeamTwoFactorRequired(tx)) await writeTeamTwoFactor(tx, teamWriter(writer), false);
  },
};
