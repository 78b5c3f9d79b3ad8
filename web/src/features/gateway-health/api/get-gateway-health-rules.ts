import { queryOptions } from '@tanstack/react-query';
import { getGatewayHealthRules } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** getGatewayHealthRules (admin, administrator): every health rule, newest first. */
export const gatewayHealthRulesQuery = () =>
  queryOptions({
    queryKey: ['getGatewayHealthRules'],
    queryFn: () => callApi(getGatewayHealthRules, {}),
  });

/** Reads the rules and the figures (open alerts) again after a change. */
export const refreshGatewayHealthViews = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['getGatewayHealthRules'] }),
    queryClient.invalidateQueries({ queryKey: ['getGatewayHealth'] }),
  ]);
