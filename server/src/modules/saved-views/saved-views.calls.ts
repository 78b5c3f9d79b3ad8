import {
  createSavedView,
  deleteSavedView,
  getSavedViews,
  renameSavedView,
  SAVED_VIEWS_PER_LIST,
  setDefaultSavedView,
} from '@bo/contract';
import { badField, badInput, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import type { CallRegistry } from '../../http/registry';
import {
  clearDefault,
  deleteView,
  findViews,
  insertView,
  lockOwner,
  lockOwnView,
  nameTaken,
  updateView,
} from './saved-views.queries';

/** Refuses a name another of the person's views of the list already has. */
async function checkNameFree(
  tx: Queryable,
  ctx: UserCallContext,
  listKey: string,
  name: string,
  exceptId: string | null,
): Promise<void> {
  if (await nameTaken(tx, ctx.actor.accountId, listKey, name, exceptId))
    throw badField({
      field: 'name',
      kind: 'other',
      rule: 'is already the name of another view of this list',
    });
}

/**
 * Runs `work` on one of the caller's own views, then answers that list's views. A view of
 * someone else is answered exactly as one that does not exist: never seen, never changed.
 */
function withOwnView(
  ctx: UserCallContext,
  id: string,
  work: (tx: Queryable, listKey: string) => Promise<void>,
) {
  return ctx.db.transaction(async (tx) => {
    await lockOwner(tx, ctx.actor.accountId);
    const view = await lockOwnView(tx, ctx.actor.accountId, id);
    if (!view) throw notFound('There is no saved view with this id');
    await work(tx, view.listKey);
    return { views: await findViews(tx, ctx.actor.accountId, view.listKey) };
  });
}

/**
 * Saved views of the lists (issue 29): each person's own, per list. A preference like the
 * layout settings, so saved without an admin-log entry.
 */
export function registerSavedViewCalls(registry: CallRegistry): void {
  registry
    .user(getSavedViews, async (ctx, input) => ({
      views: await findViews(ctx.db, ctx.actor.accountId, input.list),
    }))
    .user(createSavedView, (ctx, input) =>
      ctx.db.transaction(async (tx) => {
        const owner = ctx.actor.accountId;
        await lockOwner(tx, owner);
        const views = await findViews(tx, owner, input.list);
        if (views.length >= SAVED_VIEWS_PER_LIST)
          throw badInput(
            `You can keep at most ${SAVED_VIEWS_PER_LIST} views of a list: delete one to save another`,
          );
        await checkNameFree(tx, ctx, input.list, input.name, null);
        if (input.isDefault) await clearDefault(tx, owner, input.list);
        await insertView(tx, owner, input.list, input);
        return { views: await findViews(tx, owner, input.list) };
      }),
    )
    .user(renameSavedView, (ctx, input) =>
      withOwnView(ctx, input.id, async (tx, listKey) => {
        await checkNameFree(tx, ctx, listKey, input.name, input.id);
        await updateView(tx, input.id, { name: input.name });
      }),
    )
    .user(setDefaultSavedView, (ctx, input) =>
      withOwnView(ctx, input.id, async (tx, listKey) => {
        if (input.isDefault) await clearDefault(tx, ctx.actor.accountId, listKey);
        await updateView(tx, input.id, { isDefault: input.isDefault });
      }),
    )
    .user(deleteSavedView, (ctx, input) =>
      withOwnView(ctx, input.id, (tx) => deleteView(tx, input.id)),
    );
}
