import { queryOptions } from '@tanstack/react-query';
import { getTechnicalInformation, type CallResponse } from '@bo/contract';
import { callApi } from '../../../lib/api-client';

export type TechnicalInformation = CallResponse<typeof getTechnicalInformation>;

/** getTechnicalInformation: the sandbox's behaviour and how callbacks are sent, from the server. */
export const technicalInformationQuery = () =>
  queryOptions({
    queryKey: ['getTechnicalInformation'],
    queryFn: () => callApi(getTechnicalInformation, {}),
    staleTime: 60_000,
  });
