import {
  getTeam,
  inviteAdmin,
  setAdminModules,
  setAdminStatus,
  setTeamTwoFactor,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import {
  changeAdminModules,
  changeAdminStatus,
  changeTeamTwoFactor,
  inviteTeamAdmin,
  readTeam,
} from './team.service';

/** The team screen (/admin-team, issue 40): admins, their modules, status, 2FA and invitations. */
export function registerTeamCalls(registry: CallRegistry): void {
  registry
    .user(getTeam, (ctx) => readTeam(ctx.db, ctx.actor.accountId))
    .user(inviteAdmin, (ctx, input) => inviteTeamAdmin(ctx, input))
    .user(setAdminModules, (ctx, input) => changeAdminModules(ctx, input))
    .user(setAdminStatus, (ctx, input) => changeAdminStatus(ctx, input))
    .user(setTeamTwoFactor, (ctx, input) => changeTeamTwoFactor(ctx, input));
}
