import { MODULES, type ModuleName } from '@bo/contract';
import type { Queryable } from '../../db/db';
import {
  createInvitedAdmin,
  findTeamMember,
  inModuleOrder,
  writeAdminModules,
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
