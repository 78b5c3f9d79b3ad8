import type { PayoutStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { addListFilters, scopeCondition, findListPage } from '../money-scope/scope';

/** A pay-out row. */
export interface PayoutRecord {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  order_id: string;
  currency: string;
  amount: bigint;
  fee: bigint;
  reseller_commission: bigint;
  platform_profit: bigint;
  gateway_cost: bigint;
  gateway_id: string | null;
  contract_id: string;
  is_in_house: boolean;
  status: PayoutStatus;
  bank_name: string;
  account_number: string;
  account_holder: string;
  gateway_reference: string;
  notify_url: string;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

const COLUMNS = `p.id, p.merchant_account_id, p.reseller_account_id, p.order_id, p.currency, p.amount, p.fee,
  p.reseller_commission, p.platform_profit, p.gateway_cost, p.gateway_id, p.contract_id, p.is_in_house, p.status,
  p.bank_name, p.account_number, p.account_holder, p.gateway_reference, p.notify_url, p.created_at, p.updated_at,
  p.completed_at`;

/** Inserts pay-outs; returns the ids inserted (an order id already used is skipped). */
export async function insertPayouts(
  db: Queryable,
  rows: readonly PayoutRecord[],
): Promise<string[]> {
  const col = (f: (r: PayoutRecord) => unknown) => rows.map(f);
  const { rows: done } = await db.query<{ id: string }>(
    `INSERT INTO payouts (id, merchant_account_id, reseller_account_id, order_id, currency, amount, fee,
       reseller_commission, platform_profit, gateway_cost, gateway_id, contract_id, is_in_house, status,
       bank_name, account_number, account_holder, notify_url, created_at, updated_at)
     SELECT x.*, x.c FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::bigint[],
       $8::bigint[], $9::bigint[], $10::bigint[], $11::uuid[], $12::uuid[], $13::bool[], $14::text[], $15::text[],
       $16::text[], $17::text[], $18::text[], $19::timestamptz[])
       AS x(i, m, r, o, cu, a, f, rc, pp, gc, g, ct, ih, s, bn, an, ah, nu, c)
     ON CONFLICT (merchant_account_id, order_id) DO NOTHING RETURNING id`,
    [
      col((r) => r.id),
      col((r) => r.merchant_account_id),
      col((r) => r.reseller_account_id),
      col((r) => r.order_id),
      col((r) => r.currency),
      col((r) => r.amount.toString()),
      col((r) => r.fee.toString()),
      col((r) => r.reseller_commission.toString()),
      col((r) => r.platform_profit.toString()),
      col((r) => r.gateway_cost.toString()),
      col((r) => r.gateway_id),
      col((r) => r.contract_id),
      col((r) => r.is_in_house),
      col((r) => r.status),
      col((r) => r.bank_name),
      col((r) => r.account_number),
      col((r) => r.account_holder),
      col((r) => r.notify_url),
      col((r) => r.created_at.toISOString()),
    ],
  );
  return done.map((r) => r.id);
}

export async function lockPayouts(db: Queryable, ids: readonly string[]): Promise<PayoutRecord[]> {
  const { rows } = await db.query<PayoutRecord>(
    `SELECT ${COLUMNS} FROM payouts p WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE`,
    [[...ids]],
  );
  return rows;
}

export async function updatePayoutStates(
  db: Queryable,
  all: readonly { id: string; status: string; at: Date; final: boolean; reference?: string }[],
) {
  if (!all.length) return;
  // Several steps of one pay-out in a batch: the last state wins, a reference is kept.
  const merged = new Map<string, (typeof all)[number]>();
  for (const c of all)
    merged.set(c.id, { ...c, reference: c.reference ?? merged.get(c.id)?.reference });
  const changes = [...merged.values()];
  await db.query(
    `UPDATE payouts p SET status = x.s, updated_at = x.t, completed_at = CASE WHEN x.f THEN x.t ELSE p.completed_at END,
            gateway_reference = coalesce(x.r, p.gateway_reference)
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bool[], $5::text[]) AS x(i, s, t, f, r)
      WHERE p.id = x.i`,
    [
      changes.map((c) => c.id),
      changes.map((c) => c.status),
      changes.map((c) => c.at.toISOString()),
      changes.map((c) => c.final),
      changes.map((c) => c.reference ?? null),
    ],
  );
}

export interface PayoutListRow extends PayoutRecord {
  merchant_db_code: string;
  merchant_name: string;
  payment_gateway_code: string | null;
}

const LIST_FROM = `FROM payouts p JOIN accounts m ON m.id = p.merchant_account_id
  LEFT JOIN payment_gateways g ON g.id = p.gateway_id`;
const LIST_COLUMNS = `${COLUMNS}, m.account_db_code AS merchant_db_code, m.name AS merchant_name, g.payment_gateway_code`;

/** Pay-outs in the actor's scope matching the filters, newest first. */
export async function listPayouts(
  db: Queryable,
  actor: Actor,
  filter: {
    status?: string;
    pendingOnly?: boolean;
    inHouseOnly?: boolean;
    currency?: string;
    merchantDbCode?: string;
    orderId?: string;
    from?: string;
    to?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PayoutListRow[]; total: number }> {
  const params: unknown[] = [];
  const where = [
    scopeCondition(
      actor,
      { merchant: 'p.merchant_account_id', reseller: 'p.reseller_account_id' },
      params,
    ),
  ];
  addListFilters(where, params, 'p', filter);
  if (filter.status) where.push(`p.status = $${params.push(filter.status)}`);
  if (filter.pendingOnly) where.push(`p.status = 'pending_approval'`);
  if (filter.inHouseOnly) where.push('p.is_in_house');
  if (filter.orderId) where.push(`p.order_id = $${params.push(filter.orderId)}`);
  return findListPage<PayoutListRow>(
    db,
    { columns: LIST_COLUMNS, from: LIST_FROM },
    where,
    params,
    filter,
  );
}

/** One pay-out by id within the actor's scope. */
export async function findPayoutInScope(
  db: Queryable,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  id: string,
) {
  const params: unknown[] = [id];
  const scope = scopeCondition(
    actor,
    { merchant: 'p.merchant_account_id', reseller: 'p.reseller_account_id' },
    params,
  );
  const { rows } = await db.query<PayoutListRow>(
    `SELECT ${LIST_COLUMNS} ${LIST_FROM} WHERE p.id = $1 AND ${scope}`,
    params,
  );
  return rows[0] ?? null;
}

/** Records the gateway's reference of a pay-out already sent (not a state change). */
export async function setPayoutReference(db: Queryable, id: string, reference: string) {
  await db.query('UPDATE payouts SET gateway_reference = $2 WHERE id = $1', [id, reference]);
}

/** A pay-out's status and whether it is in-house (null when unknown). */
export async function findPayoutStatus(db: Queryable, id: string) {
  const { rows } = await db.query<{ status: PayoutStatus; is_in_house: boolean }>(
    'SELECT status, is_in_house FROM payouts WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}
