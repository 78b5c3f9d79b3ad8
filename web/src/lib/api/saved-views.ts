import { queryOptions } from '@tanstack/react-query';
import {
  createSavedView,
  deleteSavedView,
  getSavedViews,
  renameSavedView,
  setDefaultSavedView,
} from '@bo/contract';
import { callApi, senderOf } from '../api-client';

/** getSavedViews: the signed-in person's views of one list. */
export const savedViewsQuery = (list: string) =>
  queryOptions({
    queryKey: ['getSavedViews', list],
    queryFn: () => callApi(getSavedViews, { list }),
    staleTime: 5 * 60_000,
  });

export const sendCreateSavedView = senderOf(createSavedView);
export const sendRenameSavedView = senderOf(renameSavedView);
export const sendSetDefaultSavedView = senderOf(setDefaultSavedView);
export const sendDeleteSavedView = senderOf(deleteSavedView);
