import type { WithdrawalStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { addListFilters, scopeCondition, findListPage } from '../money-scope/scope';

/** A reseller's withdrawal of commission. */
export interface WithdrawalRecord {
  id: string;
  reseller_account_id: string;
  currency: string;
  amount: bigint;
  status: WithdrawalStatus;
  bank_name: string;
  account_number: string;
  account_holder: string;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

const COLUMNS = `w.id, w.reseller_account_id, w.currency, w.amount, w.status, w.bank_name, w.account_number,
  w.account_holder, w.created_at, w.updated_at, w.completed_at`;

export async function insertWithdrawals(db: Queryable, rows: readonly WithdrawalRecord[]) {
  await db.query(
    `INSERT INTO withdrawals (id, reseller_account_id, currency, amount, status, bank_name, account_number,
       account_holder, created_at, updated_at)
     SELECT x.*, x.c FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::timestamptz[]) AS x(i, r, cu, a, s, bn, an, ah, c)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.reseller_account_id),
      rows.map((r) => r.currency),
      rows.map((r) => r.amount.toString()),
      rows.map((r) => r.status),
      rows.map((r) => r.bank_name),
      rows.map((r) => r.account_number),
      rows.map((r) => r.account_holder),
      rows.map((r) => r.created_at.toISOString()),
    ],
  );
}

export async function lockWithdrawals(
  db: Queryable,
  ids: readonly string[],
): Promise<WithdrawalRecord[]> {
  const { rows } = await db.query<WithdrawalRecord>(
    `SELECT ${COLUMNS} FROM withdrawals w WHERE w.id = ANY($1::uuid[]) ORDER BY w.id FOR UPDATE`,
    [[...ids]],
  );
  return rows;
}

export async function updateWithdrawalStates(
  db: Queryable,
  changes: readonly { id: string; status: string; at: Date; final: boolean }[],
) {
  if (!changes.length) return;
  changes = [...new Map(changes.map((c) => [c.id, c])).values()];
  await db.query(
    `UPDATE withdrawals w SET status = x.s, updated_at = x.t, completed_at = CASE WHEN x.f THEN x.t ELSE w.completed_at END
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bool[]) AS x(i, s, t, f) WHERE w.id = x.i`,
    [
      changes.map((c) => c.id),
      changes.map((c) => c.status),
      changes.map((c) => c.at.toISOString()),
      changes.map((c) => c.final),
    ],
  );
}

export interface WithdrawalListRow extends WithdrawalRecord {
  reseller_db_code: string;
  reseller_name: string;
}

/** Withdrawals in the actor's scope (a reseller sees its own), newest first. */
export async function listWithdrawals(
  db: Queryable,
  actor: Actor,
  filter: {
    status?: string;
    pendingOnly?: boolean;
    currency?: string;
    merchantDbCode?: string;
    from?: string;
    to?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: WithdrawalListRow[]; total: number }> {
  const params: unknown[] = [];
  const where = [scopeCondition(actor, { reseller: 'w.reseller_account_id' }, params)];
  addListFilters(where, params, 'w', filter, 'r.account_db_code');
  if (filter.status) where.push(`w.status = $${params.push(filter.status)}`);
  if (filter.pendingOnly) where.push(`w.status IN ('pending', 'approved')`);
  return findListPage<WithdrawalListRow>(
    db,
    {
      columns: `${COLUMNS}, r.account_db_code AS reseller_db_code, r.name AS reseller_name`,
      from: 'FROM withdrawals w JOIN accounts r ON r.id = w.reseller_account_id',
      order: 'w.created_at DESC, w.id',
    },
    where,
    params,
    filter,
  );
}
