import type { TopUpStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { addListFilters, scopeCondition, findListPage } from '../money-scope/scope';

/** Money a merchant sent in for pay-outs, credited to its pay-out balance on approval. */
export interface TopUpRecord {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  currency: string;
  amount: bigint;
  status: TopUpStatus;
  note: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
}

const COLUMNS = `t.id, t.merchant_account_id, t.reseller_account_id, t.currency, t.amount, t.status, t.note,
  t.created_by, t.created_at, t.updated_at, t.decided_at`;

export async function insertTopUps(db: Queryable, rows: readonly TopUpRecord[]) {
  await db.query(
    `INSERT INTO top_ups (id, merchant_account_id, reseller_account_id, currency, amount, status, note, created_by,
       created_at, updated_at)
     SELECT x.*, x.c FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::text[], $7::text[],
       $8::uuid[], $9::timestamptz[]) AS x(i, m, r, cu, a, s, n, b, c)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.merchant_account_id),
      rows.map((r) => r.reseller_account_id),
      rows.map((r) => r.currency),
      rows.map((r) => r.amount.toString()),
      rows.map((r) => r.status),
      rows.map((r) => r.note),
      rows.map((r) => r.created_by),
      rows.map((r) => r.created_at.toISOString()),
    ],
  );
}

export async function lockTopUps(db: Queryable, ids: readonly string[]): Promise<TopUpRecord[]> {
  const { rows } = await db.query<TopUpRecord>(
    `SELECT ${COLUMNS} FROM top_ups t WHERE t.id = ANY($1::uuid[]) ORDER BY t.id FOR UPDATE`,
    [[...ids]],
  );
  return rows;
}

export async function updateTopUpStates(
  db: Queryable,
  changes: readonly { id: string; status: string; at: Date }[],
) {
  if (!changes.length) return;
  changes = [...new Map(changes.map((c) => [c.id, c])).values()];
  await db.query(
    `UPDATE top_ups t SET status = x.s, updated_at = x.t, decided_at = x.t
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[]) AS x(i, s, t) WHERE t.id = x.i`,
    [
      changes.map((c) => c.id),
      changes.map((c) => c.status),
      changes.map((c) => c.at.toISOString()),
    ],
  );
}

export interface TopUpListRow extends TopUpRecord {
  merchant_db_code: string;
  merchant_name: string;
}

export async function listTopUps(
  db: Queryable,
  actor: Actor,
  filter: {
    status?: string;
    currency?: string;
    merchantDbCode?: string;
    from?: string;
    to?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TopUpListRow[]; total: number }> {
  const params: unknown[] = [];
  const where = [
    scopeCondition(
      actor,
      { merchant: 't.merchant_account_id', reseller: 't.reseller_account_id' },
      params,
    ),
  ];
  addListFilters(where, params, 't', filter);
  if (filter.status) where.push(`t.status = $${params.push(filter.status)}`);
  return findListPage<TopUpListRow>(
    db,
    {
      columns: `${COLUMNS}, m.account_db_code AS merchant_db_code, m.name AS merchant_name`,
      from: 'FROM top_ups t JOIN accounts m ON m.id = t.merchant_account_id',
      order: 't.created_at DESC, t.id',
    },
    where,
    params,
    filter,
  );
}
