import { queryOptions } from '@tanstack/react-query';
import {
  getRoutingProfiles,
  setRoutingProfile,
  simulateRoutingProfile,
  type RoutingProfiles,
} from '@bo/contract';
import { callApi, senderOf } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/**
 * getRoutingProfiles: every profile with its version in force, and the changes waiting. Read
 * again on every visit (another admin may have decided a change meanwhile) and when this one
 * decides a guarded change (`refreshSettingViews`).
 */
export const routingProfilesQuery = () =>
  queryOptions({
    queryKey: ['getRoutingProfiles'],
    queryFn: () => callApi(getRoutingProfiles, {}),
    staleTime: 0,
  });

/** Keeps the profiles a write answered (setRoutingProfile answers them). */
export const applyRoutingProfiles = (profiles: RoutingProfiles) =>
  queryClient.setQueryData(routingProfilesQuery().queryKey, profiles);

/** setRoutingProfile: asks for a profile; its refusals show in the editor, by field and part. */
export const sendSetRoutingProfile = senderOf(setRoutingProfile, { errors: 'inline' });

/** simulateRoutingProfile: a pay-in profile replayed over past pay-ins; refusals inline. */
export const sendSimulateRoutingProfile = senderOf(simulateRoutingProfile, { errors: 'inline' });
