import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTechnicalInformation, type CallResponse } from '@bo/contract';
import { callApi } from '../api-client';

export type TechnicalInformation = CallResponse<typeof getTechnicalInformation>;

/**
 * getTechnicalInformation: the sandbox's behaviour and how callbacks are sent, from the server.
 * One query for the technical information screen and the sandbox's gateways a dispute can be
 * simulated on. A failure is shown where it is read (the screen's retry; the button stays
 * hidden), never as a popup.
 */
const technicalInformationQuery = () =>
  queryOptions({
    queryKey: ['getTechnicalInformation'],
    queryFn: () => callApi(getTechnicalInformation, {}, { errors: 'inline' }),
    staleTime: 60_000,
  });

/** The technical information (or the part `select` picks), read when `enabled`. */
export function useTechnicalInformation<T = TechnicalInformation>({
  select,
  enabled = true,
}: { select?: (info: TechnicalInformation) => T; enabled?: boolean } = {}) {
  return useQuery({ ...technicalInformationQuery(), select, enabled });
}
