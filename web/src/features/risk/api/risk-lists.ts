import { queryOptions } from '@tanstack/react-query';
import {
  addRiskListEntry,
  createRiskList,
  getRiskList,
  getRiskListEntries,
  getRiskLists,
  importRiskListEntries,
  removeRiskListEntry,
  UPLOAD_FILE_PART,
} from '@bo/contract';
import { callApi, senderOf } from '../../../lib/api-client';
import { sendUpload } from '../../../lib/api/send-upload';
import { queryClient } from '../../../lib/query-client';

/** One risk list's facts (the entries screen's header). */
export const riskListQuery = (id: string) =>
  queryOptions({
    queryKey: ['getRiskList', id],
    queryFn: () => callApi(getRiskList, { id }, { errors: 'inline' }),
  });

export const sendCreateRiskList = senderOf(createRiskList);
export const sendAddRiskListEntry = senderOf(addRiskListEntry);
export const sendRemoveRiskListEntry = senderOf(removeRiskListEntry);

/** Imports a CSV file into a list, reporting the share sent (0–1). */
export const importRiskEntries = (
  listId: string,
  file: File,
  onProgress: (share: number) => void,
) => sendUpload(importRiskListEntries, { listId }, { part: UPLOAD_FILE_PART, file }, onProgress);

/** After a change: the lists, the list's facts and its entries read again. */
export async function refreshRiskLists(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['list', getRiskLists.name] }),
    queryClient.invalidateQueries({ queryKey: ['list', getRiskListEntries.name] }),
    queryClient.invalidateQueries({ queryKey: ['getRiskList'] }),
  ]);
}
