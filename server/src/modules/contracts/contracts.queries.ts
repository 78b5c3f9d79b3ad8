import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { scopeCondition } from '../scoped-lists/scope';

/** One contract version with its prices (ppm and minor units). */
export interface ContractRecord {
  id: string;
  merchant_account_id: string;
  currency: string;
  gateway_id: string | null;
  version: number;
  effective_from: Date;
  payin_ppm: number;
  payin_fixed: bigint;
  payin_min: bigint | null;
  payin_max: bigint | null;
  payout_ppm: number;
  payout_fixed: bigint;
  settlement_ppm: number;
  settlement_fixed: bigint;
  reseller_payin_ppm: number;
  reseller_payin_fixed: bigint;
  reseller_payout_ppm: number;
  reseller_payout_fixed: bigint;
  reseller_settlement_ppm: number;
  reseller_settlement_fixed: bigint;
  refund_ppm: number;
  refund_fixed: bigint;
}

const COLUMNS = `c.id, c.merchant_account_id, c.currency, c.gateway_id, c.version, c.effective_from,
  c.payin_ppm, c.payin_fixed, c.payin_min, c.payin_max, c.payout_ppm, c.payout_fixed,
  c.settlement_ppm, c.settlement_fixed, c.reseller_payin_ppm, c.reseller_payin_fixed,
  c.reseller_payout_ppm, c.reseller_payout_fixed, c.reseller_settlement_ppm, c.reseller_settlement_fixed,
  c.refund_ppm, c.refund_fixed`;

/** Every contract version of the given merchants in the given currencies. */
export async function findContractsOf(
  db: Queryable,
  merchantIds: readonly string[],
  currencies: readonly string[],
): Promise<ContractRecord[]> {
  const { rows } = await db.query<ContractRecord>(
    `SELECT ${COLUMNS} FROM contracts c
      WHERE c.merchant_account_id = ANY($1::uuid[]) AND c.currency = ANY($2::text[])`,
    [[...new Set(merchantIds)], [...new Set(currencies)]],
  );
  return rows;
}

/** Every contract version of one merchant. */
export async function findContractsOfMerchant(
  db: Queryable,
  merchantId: string,
): Promise<ContractRecord[]> {
  const { rows } = await db.query<ContractRecord>(
    `SELECT ${COLUMNS} FROM contracts c WHERE c.merchant_account_id = $1`,
    [merchantId],
  );
  return rows;
}

/** Whether the merchant has a contract in `currency` in force at `at` (any gateway, any version). */
export async function hasContractInForce(
  db: Queryable,
  merchantId: string,
  currency: string,
  at: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM contracts
      WHERE merchant_account_id = $1 AND currency = $2 AND effective_from <= $3 LIMIT 1`,
    [merchantId, currency, at.toISOString()],
  );
  return rows.length > 0;
}

export type NewContract = Omit<ContractRecord, 'id' | 'version'> & { created_by: string | null };

/** Adds the next version of a merchant's contract in a currency (and gateway). */
export async function insertContract(db: Queryable, c: NewContract): Promise<ContractRecord> {
  const { rows } = await db.query<ContractRecord>(
    `INSERT INTO contracts AS c (merchant_account_id, currency, gateway_id, version, effective_from,
       payin_ppm, payin_fixed, payin_min, payin_max, payout_ppm, payout_fixed, settlement_ppm, settlement_fixed,
       reseller_payin_ppm, reseller_payin_fixed, reseller_payout_ppm, reseller_payout_fixed,
       reseller_settlement_ppm, reseller_settlement_fixed, refund_ppm, refund_fixed, created_by)
     VALUES ($1, $2, $3,
       (SELECT coalesce(max(version), 0) + 1 FROM contracts
         WHERE merchant_account_id = $1 AND currency = $2 AND gateway_id IS NOT DISTINCT FROM $3),
       $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     RETURNING ${COLUMNS}`,
    [
      c.merchant_account_id,
      c.currency,
      c.gateway_id,
      c.effective_from.toISOString(),
      c.payin_ppm,
      c.payin_fixed.toString(),
      c.payin_min?.toString() ?? null,
      c.payin_max?.toString() ?? null,
      c.payout_ppm,
      c.payout_fixed.toString(),
      c.settlement_ppm,
      c.settlement_fixed.toString(),
      c.reseller_payin_ppm,
      c.reseller_payin_fixed.toString(),
      c.reseller_payout_ppm,
      c.reseller_payout_fixed.toString(),
      c.reseller_settlement_ppm,
      c.reseller_settlement_fixed.toString(),
      c.refund_ppm,
      c.refund_fixed.toString(),
      c.created_by,
    ],
  );
  return rows[0]!;
}

export interface ContractListRow extends ContractRecord {
  merchant_db_code: string;
  merchant_name: string;
  reseller_db_code: string | null;
  payment_gateway_code: string | null;
}

/** Contracts in the actor's scope, newest version first. */
export async function listContracts(
  db: Queryable,
  actor: Actor,
  filter: { merchantDbCode?: string; currency?: string; limit: number; offset: number },
): Promise<{ rows: ContractListRow[]; total: number }> {
  const params: unknown[] = [];
  const where = [
    scopeCondition(
      actor,
      { merchant: 'c.merchant_account_id', reseller: 'm.reseller_account_id' },
      params,
    ),
  ];
  if (filter.merchantDbCode)
    where.push(`m.account_db_code = $${params.push(filter.merchantDbCode)}`);
  if (filter.currency) where.push(`c.currency = $${params.push(filter.currency)}`);
  const from = `FROM contracts c JOIN accounts m ON m.id = c.merchant_account_id
    LEFT JOIN accounts r ON r.id = m.reseller_account_id
    LEFT JOIN payment_gateways g ON g.id = c.gateway_id WHERE ${where.join(' AND ')}`;
  const total = await db.query<{ n: bigint }>(`SELECT count(*) AS n ${from}`, params);
  const { rows } = await db.query<ContractListRow>(
    `SELECT ${COLUMNS}, m.account_db_code AS merchant_db_code, m.name AS merchant_name,
            r.account_db_code AS reseller_db_code, g.payment_gateway_code
       ${from} ORDER BY m.account_db_code, c.currency, c.effective_from DESC
      LIMIT ${filter.limit} OFFSET ${filter.offset}`,
    params,
  );
  return { rows, total: Number(total.rows[0]?.n ?? 0n) };
}

/** The currencies the actor (or its merchants) hold contracts in. */
export async function findContractCurrencies(db: Queryable, actor: Actor): Promise<string[]> {
  const params: unknown[] = [];
  const scope = scopeCondition(
    actor,
    { merchant: 'c.merchant_account_id', reseller: 'm.reseller_account_id' },
    params,
  );
  const { rows } = await db.query<{ currency: string }>(
    `SELECT DISTINCT c.currency FROM contracts c JOIN accounts m ON m.id = c.merchant_account_id
      WHERE ${scope} ORDER BY c.currency`,
    params,
  );
  return rows.map((r) => r.currency);
}

/** A version of a reseller's merchant's contract line that is in force or scheduled. */
export interface LiveContractRecord extends ContractRecord {
  status: 'in_force' | 'scheduled';
  merchant_db_code: string;
  merchant_name: string;
  payment_gateway_code: string | null;
}

/** The versions in force or to come of every contract line of a reseller's merchants. */
export async function findLiveContractsOfReseller(
  db: Queryable,
  resellerId: string,
  currency: string | undefined,
): Promise<LiveContractRecord[]> {
  const { rows } = await db.query<LiveContractRecord>(
    `SELECT ${COLUMNS}, c.status, m.account_db_code AS merchant_db_code, m.name AS merchant_name,
            g.payment_gateway_code
       FROM contract_versions c JOIN accounts m ON m.id = c.merchant_account_id
       LEFT JOIN payment_gateways g ON g.id = c.gateway_id
      WHERE c.reseller_account_id = $1 AND c.status <> 'superseded'
        AND ($2::text IS NULL OR c.currency = $2)
      ORDER BY m.account_db_code, c.currency, g.payment_gateway_code NULLS FIRST, c.effective_from`,
    [resellerId, currency ?? null],
  );
  return rows;
}

/** A reseller by its code or account id; null when there is none. */
export async function findResellerByCodeOrId(
  db: Queryable,
  codeOrId: string,
): Promise<{ id: string; account_db_code: string; name: string } | null> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(codeOrId);
  const { rows } = await db.query<{ id: string; account_db_code: string; name: string }>(
    `SELECT id, account_db_code, name FROM accounts
      WHERE ${isUuid ? 'id = $1::uuid' : 'account_db_code = $1'}
        AND account_type = 'reseller' AND parent_account_id IS NULL`,
    [codeOrId],
  );
  return rows[0] ?? null;
}
