import {
  canTransition,
  SUPPORT_REQUEST_LIFECYCLE,
  type createSupportRequest,
  type getSupportRequestList,
  type SupportRequestRow,
  type updateSupportRequestStatus,
} from '@bo/contract';
import type { z } from 'zod';
import { conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { queueSupportAnsweredAlert } from '../alerts/alerts.service';
import { isoOrNull, requireAdmin } from '../scoped-lists/scope';
import {
  categoryCondition,
  findSupportRequestFiler,
  insertSupportRequest,
  lockSupportRequest,
  ownScope,
  supportRequestList,
  updateSupportRequestState,
  type SupportRequestRecord,
} from './support.queries';

type ListInput = z.output<(typeof getSupportRequestList)['request']>;

/** A support request as the calls answer it. */
export const viewSupportRequest = (r: SupportRequestRecord): SupportRequestRow => ({
  id: r.id,
  account_db_code: r.account_db_code,
  account_name: r.account_name,
  account_type: r.account_type,
  created_by: r.created_by,
  category: r.category,
  subject: r.subject,
  message: r.message,
  transaction_reference: r.transaction_reference,
  status: r.status,
  admin_note: r.admin_note,
  handled_by: r.handled_by,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  handled_at: isoOrNull(r.handled_at),
});

/** The support list's page and export, in the caller's own scope, with the category filter. */
export const supportRequestListService = {
  async page(ctx: UserCallContext, input: ListInput) {
    const fixed = categoryCondition(input.category);
    const page = await supportRequestList.page(ctx.db, ownScope(ctx.actor), input, fixed);
    return { ...page, rows: page.rows.map(viewSupportRequest) };
  },
  async *chunks(ctx: UserCallContext, input: ListInput) {
    const fixed = categoryCondition(input.category);
    for await (const rows of supportRequestList.chunks(ctx.db, ownScope(ctx.actor), input, fixed))
      yield rows.map(viewSupportRequest);
  },
};

/** Records the caller's request for its own account (a sub-account's parent), admin-logged. */
export async function fileSupportRequest(
  ctx: UserCallContext,
  input: z.output<(typeof createSupportRequest)['request']>,
): Promise<SupportRequestRow> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const id = await insertSupportRequest(tx, {
      accountId: actor.scopeAccountId,
      createdById: actor.accountId,
      category: input.category,
      subject: input.subject,
      message: input.message,
      transactionReference: input.transactionReference ?? null,
    });
    const row = await supportRequestList.byId(tx, ownScope(actor), id);
    await recordAdminLog(tx, ctx, {
      action: 'support_request.create',
      actor,
      targetType: 'support_request',
      targetId: id,
      after: { category: input.category, subject: input.subject },
    });
    return viewSupportRequest(row!);
  });
}

/**
 * An admin answers or closes a request with a note; the account that filed it may close it
 * (solved on its side), never answer it. A request outside the caller's scope is not found.
 * The lifecycle decides what may follow what (a closed request is final: 409); the admin log
 * keeps the status and note before and after, in the same transaction.
 */
export async function decideSupportRequest(
  ctx: UserCallContext,
  input: z.output<(typeof updateSupportRequestStatus)['request']>,
): Promise<SupportRequestRow> {
  if (input.status === 'answered') requireAdmin(ctx.actor);
  const scope = ownScope(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const visible = await supportRequestList.byId(tx, scope, input.id);
    const before = visible && (await lockSupportRequest(tx, input.id));
    if (!before) throw notFound('No support request has this id');
    if (!canTransition(SUPPORT_REQUEST_LIFECYCLE, before.status, input.status))
      throw conflict(`A ${before.status} request can't be marked ${input.status}`);
    await updateSupportRequestState(tx, input.id, {
      status: input.status,
      note: input.note,
      handledById: ctx.actor.accountId,
    });
    if (input.status === 'answered') {
      const filed = await findSupportRequestFiler(tx, input.id);
      await queueSupportAnsweredAlert(tx, ctx.config, {
        filedBy: filed.created_by_account_id,
        subject: filed.subject,
        note: input.note,
        at: new Date(),
      });
    }
    await recordAdminLog(tx, ctx, {
      action: 'support_request.status',
      actor: ctx.actor,
      targetType: 'support_request',
      targetId: input.id,
      before,
      after: { status: input.status, admin_note: input.note },
    });
    const row = await supportRequestList.byId(tx, scope, input.id);
    return viewSupportRequest(row!);
  });
}
