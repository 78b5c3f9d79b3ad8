import {
  SUPPORT_CATEGORIES,
  SUPPORT_REQUEST_STATUSES,
  type SupportCategory,
  type SupportRequestStatus,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { defineScopedList } from '../scoped-lists/list-query';

/** A support request as the list reads it, with its accounts' names. */
export interface SupportRequestRecord {
  id: string;
  account_db_code: string;
  account_name: string;
  account_type: string;
  created_by: string;
  category: SupportCategory;
  subject: string;
  message: string;
  transaction_reference: string | null;
  status: SupportRequestStatus;
  admin_note: string | null;
  handled_by: string | null;
  created_at: Date;
  updated_at: Date;
  handled_at: Date | null;
}

/**
 * Support requests with their owner, filer and handler. A request belongs to one account, so
 * its scope is the owner column alone (see `ownScope`).
 */
export const supportRequestList = defineScopedList<SupportRequestRecord>({
  from: `FROM support_requests s
    JOIN accounts a ON a.id = s.account_id
    JOIN accounts c ON c.id = s.created_by_account_id
    LEFT JOIN accounts h ON h.id = s.handled_by_account_id`,
  columns: `s.id, a.account_db_code, a.name AS account_name, a.account_type,
    c.username AS created_by, s.category, s.subject, s.message, s.transaction_reference,
    s.status, s.admin_note, h.username AS handled_by, s.created_at, s.updated_at, s.handled_at`,
  alias: 's',
  scope: { merchant: 's.account_id' },
  codes: {},
  statuses: SUPPORT_REQUEST_STATUSES,
  search: { ids: ['s.id'], texts: ['a.account_db_code', 's.transaction_reference'] },
  sorts: { created_at: 's.created_at', updated_at: 's.updated_at' },
  defaultSort: 'created_at',
});

/**
 * The actor as the support list's scope sees it: an admin sees every request; anyone else
 * (reseller or merchant, a sub-account through its parent) only its own account's, which is
 * what the shared scope gives a merchant on the owner column. A reseller does not see its
 * merchants' requests: they are between the merchant and the platform.
 */
export const ownScope = (actor: Actor): Actor =>
  actor.accountType === 'admin' ? actor : { ...actor, accountType: 'merchant' };

/** The list's condition for a category filter (a checked choice, so it is written inline). */
export function categoryCondition(category: SupportCategory | undefined): string[] {
  if (!category) return [];
  if (!SUPPORT_CATEGORIES.includes(category)) throw new Error('Unknown support category');
  return [`s.category = '${category}'`];
}

export interface NewSupportRequest {
  accountId: string;
  createdById: string;
  category: SupportCategory;
  subject: string;
  message: string;
  transactionReference: string | null;
}

/** Records a request as `open`; answers its id. */
export async function insertSupportRequest(tx: Queryable, r: NewSupportRequest): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO support_requests
       (account_id, created_by_account_id, category, subject, message, transaction_reference)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [r.accountId, r.createdById, r.category, r.subject, r.message, r.transactionReference],
  );
  return rows[0]!.id;
}

/** A request's status and note, held for the change that follows (null when none). */
export async function lockSupportRequest(
  tx: Queryable,
  id: string,
): Promise<{ status: SupportRequestStatus; admin_note: string | null } | null> {
  const { rows } = await tx.query<{ status: SupportRequestStatus; admin_note: string | null }>(
    'SELECT status, admin_note FROM support_requests WHERE id = $1::uuid FOR UPDATE',
    [id],
  );
  return rows[0] ?? null;
}

/** Who filed a request and its subject: whom its answer is told to. */
export async function findSupportRequestFiler(tx: Queryable, id: string) {
  const { rows } = await tx.query<{ created_by_account_id: string; subject: string }>(
    'SELECT created_by_account_id, subject FROM support_requests WHERE id = $1::uuid',
    [id],
  );
  return rows[0]!;
}

/** Sets a request's status and note, naming the admin who handled it. */
export async function updateSupportRequestState(
  tx: Queryable,
  id: string,
  change: { status: SupportRequestStatus; note: string; handledById: string },
): Promise<void> {
  await tx.query(
    `UPDATE support_requests SET status = $2, admin_note = $3, handled_by_account_id = $4,
       handled_at = now(), updated_at = now() WHERE id = $1::uuid`,
    [id, change.status, change.note, change.handledById],
  );
}
