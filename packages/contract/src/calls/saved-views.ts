import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, formFlag, formText } from './define';

/** How many views a person may keep for one list (issue 29); the next one is refused. */
export const SAVED_VIEWS_PER_LIST = 20;
/** The longest name of a saved view. */
export const SAVED_VIEW_NAME_MAX = 60;

/** The list a view belongs to: the list screen's id (the list kit's `listId`). */
const listField = z
  .string()
  .trim()
  .min(1, 'is required')
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/i, 'must be a list id');

/** A list of column ids, sent comma-separated like every list field. */
const columnIds = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : v,
  z.array(z.string().regex(/^[A-Za-z0-9_.-]{1,80}$/, 'must be column ids')).max(100),
);

const viewId = z.uuid({ error: 'must name a saved view' });

/**
 * One saved view: what the list's URL query holds (filters, sort, zone, page size; never the
 * page), and the columns hidden and their order.
 */
export const savedView = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  hidden_columns: z.array(z.string()),
  column_order: z.array(z.string()),
  is_default: z.boolean(),
});
export type SavedView = z.infer<typeof savedView>;

/** Every call answers the caller's views of the list, by name. */
const viewsOfList = z.object({ views: z.array(savedView) });

/** The signed-in person's views of one list (only their own). */
export const getSavedViews = defineCall({
  name: 'getSavedViews',
  request: z.object({ list: listField }),
  response: viewsOfList,
  rule: RULES.anyUser,
});

/**
 * Names the list's current state as a view: at most `SAVED_VIEWS_PER_LIST` per list, names
 * unique per list (ignoring case). `isDefault` makes it the one the list opens with.
 */
export const createSavedView = defineCall({
  name: 'createSavedView',
  request: z.object({
    list: listField,
    name: formText(SAVED_VIEW_NAME_MAX),
    query: z.string().max(2000, 'must be at most 2000 characters').default(''),
    hiddenColumns: columnIds.default([]),
    columnOrder: columnIds.default([]),
    isDefault: formFlag.default(false),
  }),
  response: viewsOfList,
  rule: RULES.anyUser,
});

/** Renames one of the person's views. */
export const renameSavedView = defineCall({
  name: 'renameSavedView',
  request: z.object({ id: viewId, name: formText(SAVED_VIEW_NAME_MAX) }),
  response: viewsOfList,
  rule: RULES.anyUser,
});

/** Makes one of the person's views the list's default (and no other), or no longer the default. */
export const setDefaultSavedView = defineCall({
  name: 'setDefaultSavedView',
  request: z.object({ id: viewId, isDefault: formFlag }),
  response: viewsOfList,
  rule: RULES.anyUser,
});

/** Deletes one of the person's views. */
export const deleteSavedView = defineCall({
  name: 'deleteSavedView',
  request: z.object({ id: viewId }),
  response: viewsOfList,
  rule: RULES.anyUser,
});
