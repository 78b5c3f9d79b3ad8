import { queryOptions } from '@tanstack/react-query';
import { getTeam, type Team } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** getTeam: the admins, the team's 2FA rule and the changes waiting for a second admin. */
export const teamQuery = () =>
  queryOptions({ queryKey: ['getTeam'], queryFn: () => callApi(getTeam, {}) });

/** Keeps the team a write answered (every team write answers it). */
export const applyTeam = (team: Team) => queryClient.setQueryData(teamQuery().queryKey, team);
