import type { SettlementStatus } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { addListFilters, scopeCondition, findListPage } from '../money-scope/scope';

/** A settlement row (to bank, or to the merchant's USDT wallet at a recorded rate). */
export interface SettlementRecord {
  id: string;
  merchant_account_id: string;
  reseller_account_id: string | null;
  destination: 'bank' | 'usdt_wallet';
  currency: string;
  amount: bigint;
  fee: bigint;
  reseller_commission: bigint;
  platform_profit: bigint;
  contract_id: string;
  usdt_rate_e8: bigint | null;
  usdt_amount: bigint | null;
  status: SettlementStatus;
  bank_name: string;
  account_number: string;
  account_holder: string;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
  completed_at: Date | null;
}

const COLUMNS = `s.id, s.merchant_account_id, s.reseller_account_id, s.destination, s.currency, s.amount, s.fee,
  s.reseller_commission, s.platform_profit, s.contract_id, s.usdt_rate_e8, s.usdt_amount, s.status, s.bank_name,
  s.account_number, s.account_holder, s.created_at, s.updated_at, s.decided_at, s.completed_at`;

export async function insertSettlements(db: Queryable, rows: readonly SettlementRecord[]) {
  const col = (f: (r: SettlementRecord) => unknown) => rows.map(f);
  await db.query(
    `INSERT INTO settlements (id, merchant_account_id, reseller_account_id, destination, currency, amount, fee,
       reseller_commission, platform_profit, contract_id, usdt_rate_e8, usdt_amount, status, bank_name,
       account_number, account_holder, created_at, updated_at)
     SELECT x.*, x.c FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::bigint[],
       $8::bigint[], $9::bigint[], $10::uuid[], $11::bigint[], $12::bigint[], $13::text[], $14::text[], $15::text[],
       $16::text[], $17::timestamptz[]) AS x(i, m, r, d, cu, a, f, rc, pp, ct, ur, ua, s, bn, an, ah, c)`,
    [
      col((r) => r.id),
      col((r) => r.merchant_account_id),
      col((r) => r.reseller_account_id),
      col((r) => r.destination),
      col((r) => r.currency),
      col((r) => r.amount.toString()),
      col((r) => r.fee.toString()),
      col((r) => r.reseller_commission.toString()),
      col((r) => r.platform_profit.toString()),
      col((r) => r.contract_id),
      col((r) => r.usdt_rate_e8?.toString() ?? null),
      col((r) => r.usdt_amount?.toString() ?? null),
      col((r) => r.status),
      col((r) => r.bank_name),
      col((r) => r.account_number),
      col((r) => r.account_holder),
      col((r) => r.created_at.toISOString()),
    ],
  );
}

export async function lockSettlements(
  db: Queryable,
  ids: readonly string[],
): Promise<SettlementRecord[]> {
  const { rows } = await db.query<SettlementRecord>(
    `SELECT ${COLUMNS} FROM settlements s WHERE s.id = ANY($1::uuid[]) ORDER BY s.id FOR UPDATE`,
    [[...ids]],
  );
  return rows;
}

export async function updateSettlementStates(
  db: Queryable,
  all: readonly { id: string; status: string; at: Date; decided: boolean; final: boolean }[],
) {
  if (!all.length) return;
  // Several steps of one settlement in a batch: the last state wins, a decision is kept.
  const merged = new Map<string, (typeof all)[number]>();
  for (const c of all)
    merged.set(c.id, { ...c, decided: c.decided || (merged.get(c.id)?.decided ?? false) });
  const changes = [...merged.values()];
  await db.query(
    `UPDATE settlements s SET status = x.s, updated_at = x.t,
            decided_at = CASE WHEN x.d AND s.decided_at IS NULL THEN x.t ELSE s.decided_at END,
            completed_at = CASE WHEN x.f THEN x.t ELSE s.completed_at END
       FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bool[], $5::bool[]) AS x(i, s, t, d, f)
      WHERE s.id = x.i`,
    [
      changes.map((c) => c.id),
      changes.map((c) => c.status),
      changes.map((c) => c.at.toISOString()),
      changes.map((c) => c.decided),
      changes.map((c) => c.final),
    ],
  );
}

/** The recorded fiat-per-USDT rate of a currency (scaled by 1e8), or null when none is set. */
export async function findUsdtRate(db: Queryable, currency: string): Promise<bigint | null> {
  const { rows } = await db.query<{ rate_e8: bigint }>(
    'SELECT rate_e8 FROM usdt_rates WHERE currency = $1',
    [currency],
  );
  return rows[0]?.rate_e8 ?? null;
}

export interface SettlementListRow extends SettlementRecord {
  merchant_db_code: string;
  merchant_name: string;
}

/** Settlements of one destination in the actor's scope, newest first. */
export async function listSettlements(
  db: Queryable,
  actor: Actor,
  destination: 'bank' | 'usdt_wallet',
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
): Promise<{ rows: SettlementListRow[]; total: number }> {
  const params: unknown[] = [destination];
  const where = [
    's.destination = $1',
    scopeCondition(
      actor,
      { merchant: 's.merchant_account_id', reseller: 's.reseller_account_id' },
      params,
    ),
  ];
  addListFilters(where, params, 's', filter);
  if (filter.status) where.push(`s.status = $${params.push(filter.status)}`);
  if (filter.pendingOnly) where.push(`s.status IN ('pending', 'approved')`);
  return findListPage<SettlementListRow>(
    db,
    {
      columns: `${COLUMNS}, m.account_db_code AS merchant_db_code, m.name AS merchant_name`,
      from: 'FROM settlements s JOIN accounts m ON m.id = s.merchant_account_id',
      order: 's.created_at DESC, s.id',
    },
    where,
    params,
    filter,
  );
}
