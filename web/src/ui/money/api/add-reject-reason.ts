import { addRejectReason, type RejectReasonRow } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** addRejectReason (administrators): a new reason on the list every reject dialog offers. */
export async function sendAddRejectReason(code: string, label: string): Promise<RejectReasonRow> {
  const added = await callApi(addRejectReason, { code, label }, { errors: 'inline' });
  await queryClient.invalidateQueries({ queryKey: ['getRejectReasons'] });
  return added;
}
