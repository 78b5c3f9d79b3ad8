import type { PayinStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Writes } from '../../db/writes';
import type { Actor } from '../../core/context';
import { addListFilters, scopeCondition, findListPage } from '../money-scope/scope';

/** A pay-in row. */
export interface PayinRecord {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  order_id: string;
  currency: string;
  amount: bigint;
  fee: bigint;
  net_amount: bigint;
  reseller_commission: bigint;
  platform_profit: bigint;
  gateway_cost: bigint;
  gateway_id: string;
  contract_id: string;
  status: PayinStatus;
  gateway_reference: string;
  payment_url: string;
  notify_url: string;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  completed_at: Date | null;
}

const COLUMNS = `p.id, p.merchant_account_id, p.reseller_account_id, p.order_id, p.currency, p.amount, p.fee,
  p.net_amount, p.reseller_commission, p.platform_profit, p.gateway_cost, p.gateway_id, p.contract_id,
  p.status, p.gateway_reference, p.payment_url, p.notify_url, p.created_at, p.updated_at, p.expires_at,
  p.completed_at`;

/** The unique constraint an order id the merchant already used violates. */
export const PAYIN_ORDER_ID_CONSTRAINT = 'payins_merchant_account_id_order_id_key';

/**
 * The write inserting new pay-ins. An order id the merchant already used fails the
 * statement with a unique violation of `PAYIN_ORDER_ID_CONSTRAINT`.
 */
export function payinInsertWrites(rows: readonly PayinRecord[]): Writes {
  const col = <K extends keyof PayinRecord>(k: K, f: (v: PayinRecord[K]) => unknown = (v) => v) =>
    rows.map((r) => f(r[k]));
  const big = (v: unknown) => String(v);
  const time = (v: unknown) => (v as Date).toISOString();
  return {
    statements: [
      `INSERT INTO payins (id, merchant_account_id, reseller_account_id, order_id, currency, amount, fee, net_amount,
       reseller_commission, platform_profit, gateway_cost, gateway_id, contract_id, status, notify_url,
       created_at, updated_at, expires_at)
     SELECT x.i, x.m, x.r, x.o, x.cu, x.a, x.f, x.n, x.rc, x.pp, x.gc, x.g, x.ct, x.s, x.nu, x.c, x.c, x.e
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::bigint[],
         $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::uuid[], $13::uuid[], $14::text[],
         $15::text[], $16::timestamptz[], $17::timestamptz[])
         AS x(i, m, r, o, cu, a, f, n, rc, pp, gc, g, ct, s, nu, c, e)`,
    ],
    params: [
      col('id'),
      col('merchant_account_id'),
      col('reseller_account_id'),
      col('order_id'),
      col('currency'),
      col('amount', big),
      col('fee', big),
      col('net_amount', big),
      col('reseller_commission', big),
      col('platform_profit', big),
      col('gateway_cost', big),
      col('gateway_id'),
      col('contract_id'),
      col('status'),
      col('notify_url'),
      col('created_at', time),
      col('expires_at', time),
    ],
  };
}

/** A merchant's pay-in by its order id (null when none). */
export async function findPayinByOrderId(
  db: Queryable,
  merchantId: string,
  orderId: string,
): Promise<PayinRecord | null> {
  const { rows } = await db.query<PayinRecord>(
    `SELECT ${COLUMNS} FROM payins p WHERE p.merchant_account_id = $1 AND p.order_id = $2`,
    [merchantId, orderId],
  );
  return rows[0] ?? null;
}

/** Locks the given pay-ins for a transition, in id order. */
export async function lockPayins(db: Queryable, ids: readonly string[]): Promise<PayinRecord[]> {
  const { rows } = await db.query<PayinRecord>(
    `SELECT ${COLUMNS} FROM payins p WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE`,
    [[...ids]],
  );
  return rows;
}

/**
 * The write of new statuses (and gateway references) of pay-ins; null when none. Each row
 * changes only from the status it was judged on (`from`): a row found in another status
 * fails the statement (`UnexpectedRows`), so the transition was never decided on stale state.
 */
export function payinStateWrites(changes: readonly PayinStateChange[]): Writes | null {
  if (!changes.length) return null;
  return {
    statements: [
      `UPDATE payins p SET status = x.s, updated_at = x.t,
            completed_at = CASE WHEN x.f THEN x.t ELSE p.completed_at END,
            gateway_reference = coalesce(x.r, p.gateway_reference), payment_url = coalesce(x.u, p.payment_url)
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bool[], $5::text[], $6::text[], $7::text[])
            AS x(i, s, t, f, r, u, fr)
      WHERE p.id = x.i AND p.status = x.fr`,
    ],
    params: [
      changes.map((c) => c.id),
      changes.map((c) => c.status),
      changes.map((c) => c.at.toISOString()),
      changes.map((c) => c.final),
      changes.map((c) => c.reference ?? null),
      changes.map((c) => c.paymentUrl ?? null),
      changes.map((c) => c.from),
    ],
    expectedRows: [changes.length],
  };
}

/** A pay-in's new state, as `payinStateWrites` writes it. */
export interface PayinStateChange {
  id: string;
  /** The status the change was decided on. */
  from: string;
  status: string;
  at: Date;
  final: boolean;
  reference?: string;
  paymentUrl?: string;
}

export interface PayinListRow extends PayinRecord {
  merchant_db_code: string;
  merchant_name: string;
  payment_gateway_code: string;
  contract_version: number;
}

const LIST_FROM = `FROM payins p JOIN accounts m ON m.id = p.merchant_account_id
  JOIN payment_gateways g ON g.id = p.gateway_id`;
const LIST_COLUMNS = `${COLUMNS}, m.account_db_code AS merchant_db_code, m.name AS merchant_name,
  g.payment_gateway_code, (SELECT version FROM contracts c WHERE c.id = p.contract_id) AS contract_version`;

/** Pay-ins in the actor's scope matching the filters, newest first. */
export async function listPayins(
  db: Queryable,
  actor: Actor,
  filter: {
    status?: string;
    processingOnly?: boolean;
    currency?: string;
    merchantDbCode?: string;
    orderId?: string;
    from?: string;
    to?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PayinListRow[]; total: number }> {
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
  if (filter.processingOnly) where.push(`p.status IN ('created', 'processing')`);
  if (filter.orderId) where.push(`p.order_id = $${params.push(filter.orderId)}`);
  return findListPage<PayinListRow>(
    db,
    { columns: LIST_COLUMNS, from: LIST_FROM },
    where,
    params,
    filter,
  );
}

/** One pay-in by id, within the actor's scope (null otherwise). */
export async function findPayinInScope(
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
  const { rows } = await db.query<PayinListRow>(
    `SELECT ${LIST_COLUMNS} ${LIST_FROM} WHERE p.id = $1 AND ${scope}`,
    params,
  );
  return rows[0] ?? null;
}

/** Open pay-ins past their expiry, oldest first. */
export async function findExpiredPayinIds(
  db: Queryable,
  now: Date,
  limit: number,
  ttlMs: number,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM payins WHERE status IN ('created', 'processing') AND created_at < $1 AND expires_at < $2
      ORDER BY created_at LIMIT $3`,
    [new Date(now.getTime() - ttlMs).toISOString(), now.toISOString(), limit],
  );
  return rows.map((r) => r.id);
}
