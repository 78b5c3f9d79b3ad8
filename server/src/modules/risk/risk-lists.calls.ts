import {
  addRiskListEntry,
  createRiskList,
  getRiskList,
  getRiskListEntries,
  getRiskLists,
  importRiskListEntries,
  removeRiskListEntry,
  RISK_IMPORT_MAX_BYTES,
} from '@bo/contract';
import type { CallRegistry } from '../../http/registry';
import { importRiskEntries } from './list-import';
import {
  riskEntriesChunks,
  riskEntriesPage,
  riskListsChunks,
  riskListsPage,
} from './risk-lists.pages';
import {
  addRiskEntry,
  createRiskList as createList,
  listInScope,
  removeRiskEntry,
  viewRiskEntry,
  viewRiskList,
} from './risk-lists.service';

/**
 * Risk lists (issue 42; docs/risk.md, "Lists"): the lists and their entries, in the caller's
 * scope (rule `risk`); every write is in the admin log and bumps its scope's version.
 */
export function registerRiskListCalls(registry: CallRegistry): void {
  registry
    .list(getRiskLists, {
      async page(ctx, input) {
        const page = await riskListsPage(ctx.db, ctx.actor, input);
        return { ...page, rows: page.rows.map(viewRiskList) };
      },
      async *chunks(ctx, input) {
        for await (const rows of riskListsChunks(ctx.db, ctx.actor, input))
          yield rows.map(viewRiskList);
      },
    })
    .user(createRiskList, (ctx, input) => createList(ctx, input))
    .user(getRiskList, async (ctx, input) =>
      viewRiskList(await listInScope(ctx.db, ctx.actor, input.id)),
    )
    .list(getRiskListEntries, {
      async page(ctx, input) {
        await listInScope(ctx.db, ctx.actor, input.listId);
        const page = await riskEntriesPage(ctx.db, input);
        return { ...page, rows: page.rows.map(viewRiskEntry) };
      },
      async *chunks(ctx, input) {
        await listInScope(ctx.db, ctx.actor, input.listId);
        for await (const rows of riskEntriesChunks(ctx.db, input)) yield rows.map(viewRiskEntry);
      },
    })
    .user(addRiskListEntry, (ctx, input) => addRiskEntry(ctx, input))
    .user(removeRiskListEntry, (ctx, input) => removeRiskEntry(ctx, input))
    .upload(importRiskListEntries, RISK_IMPORT_MAX_BYTES, (ctx, input, file) =>
      importRiskEntries(ctx, input.listId, file),
    );
}
