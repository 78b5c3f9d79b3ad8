/**
 * The admin team's reads and the writes a guarded change puts in force (issue 40); the team
 * screen's calls (`modules/team`) and the guarded settings (`setting-changes`) use them.
 */
export { findTeamMember, findTeamMembers, type TeamMemberRecord } from './team-members.queries';
export {
  createInvitedAdmin,
  inModuleOrder,
  writeAdminModules,
  writeAdminStatus,
  writeTeamTwoFactor,
  type Invitation,
  type TeamWriter,
} from './team-writes';
