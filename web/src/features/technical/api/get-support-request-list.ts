import { getSupportRequestList } from '@bo/contract';
import { queryClient } from '../../../lib/query-client';

/**
 * getSupportRequestList is read through the list kit (`listPageQuery`); after a request is
 * filed or decided, every page of it is read again.
 */
export const refreshSupportRequestList = () =>
  queryClient.invalidateQueries({ queryKey: ['list', getSupportRequestList.name] });
