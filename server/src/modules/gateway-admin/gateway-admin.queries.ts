import type { Queryable } from '../../db/db';
import { depositBalanceSql, finishedPayinsSql } from '../gateways/gateways.service';

/** A gateway as the admin lists read it: settings and measured figures, never credentials. */
export interface GatewayAdminRecord {
  id: string;
  payment_gateway_name: string;
  payment_gateway_code: string;
  payment_db_code: string;
  currency: string;
  country: string;
  connector: string;
  status: 'activated' | 'inactive';
  status_reason: string;
  status_changed_at: Date | null;
  balance_limit: bigint;
  payin_cost_ppm: number;
  payin_cost_fixed: bigint;
  payout_cost_ppm: number;
  payout_cost_fixed: bigint;
  deposit_balance: bigint;
  succeeded: bigint;
  finished: bigint;
  has_credentials: boolean;
  created_at: Date;
  sandbox_success_ppm: number;
  sandbox_latency_ms: number;
  sandbox_refuses_hand_overs: boolean;
  sandbox_pays_alone: boolean;
}

export const GATEWAY_RECORD_COLUMNS = `g.id, g.payment_gateway_name, g.payment_gateway_code, g.payment_db_code, g.currency,
  g.country, g.connector, g.status, g.status_reason, g.status_changed_at, g.balance_limit,
  g.payin_cost_ppm, g.payin_cost_fixed, g.payout_cost_ppm, g.payout_cost_fixed,
  ${depositBalanceSql('g')} AS deposit_balance,
  ${finishedPayinsSql('g', true)} AS succeeded, ${finishedPayinsSql('g', false)} AS finished,
  (g.credentials_encrypted IS NOT NULL) AS has_credentials, g.created_at,
  g.sandbox_success_ppm, g.sandbox_latency_ms, g.sandbox_refuses_hand_overs, g.sandbox_pays_alone`;

/** One gateway as the admin screens show it, or null. */
export async function findGatewayRecord(
  db: Queryable,
  id: string,
): Promise<GatewayAdminRecord | null> {
  const { rows } = await db.query<GatewayAdminRecord>(
    `SELECT ${GATEWAY_RECORD_COLUMNS} FROM payment_gateways g WHERE g.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Which of `code` / `dbCode` another gateway already uses. */
export async function findCodeClash(
  db: Queryable,
  code: string,
  dbCode: string,
): Promise<'code' | 'dbCode' | null> {
  const { rows } = await db.query<{ payment_gateway_code: string }>(
    `SELECT payment_gateway_code FROM payment_gateways
      WHERE payment_gateway_code = $1 OR payment_db_code = $2 LIMIT 1`,
    [code, dbCode],
  );
  if (!rows[0]) return null;
  return rows[0].payment_gateway_code === code ? 'code' : 'dbCode';
}

/** A gateway's editable settings in stored units. */
export interface GatewaySettings {
  name: string;
  country: string;
  connector: string;
  balanceLimit: bigint;
  payinCostPpm: number;
  payinCostFixed: bigint;
  payoutCostPpm: number;
  payoutCostFixed: bigint;
}

/** Adds an activated gateway; returns its id. */
export async function insertGateway(
  db: Queryable,
  g: GatewaySettings & {
    code: string;
    dbCode: string;
    currency: string;
    credentials: string | null;
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO payment_gateways (payment_gateway_code, payment_gateway_name, payment_db_code, currency,
       country, connector, status, balance_limit, payin_cost_ppm, payin_cost_fixed, payout_cost_ppm,
       payout_cost_fixed, credentials_encrypted)
     VALUES ($1, $2, $3, $4, $5, $6, 'activated', $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      g.code,
      g.name,
      g.dbCode,
      g.currency,
      g.country,
      g.connector,
      g.balanceLimit.toString(),
      g.payinCostPpm,
      g.payinCostFixed.toString(),
      g.payoutCostPpm,
      g.payoutCostFixed.toString(),
      g.credentials,
    ],
  );
  return rows[0]!.id;
}

/**
 * Writes a gateway's settings; `credentials` undefined keeps the stored ones, null clears
 * them, text (already encrypted) replaces them.
 */
export async function updateGatewaySettings(
  db: Queryable,
  id: string,
  g: GatewaySettings,
  credentials: string | null | undefined,
): Promise<void> {
  await db.query(
    `UPDATE payment_gateways SET payment_gateway_name = $2, country = $3, connector = $4,
       balance_limit = $5, payin_cost_ppm = $6, payin_cost_fixed = $7, payout_cost_ppm = $8,
       payout_cost_fixed = $9,
       credentials_encrypted = CASE WHEN $10::boolean THEN $11 ELSE credentials_encrypted END,
       updated_at = now()
     WHERE id = $1`,
    [
      id,
      g.name,
      g.country,
      g.connector,
      g.balanceLimit.toString(),
      g.payinCostPpm,
      g.payinCostFixed.toString(),
      g.payoutCostPpm,
      g.payoutCostFixed.toString(),
      credentials !== undefined,
      credentials ?? null,
    ],
  );
}

/** Records one deposit adjustment (its id is the journal's ref_id). */
export async function insertDepositAdjustment(
  db: Queryable,
  a: {
    id: string;
    gatewayId: string;
    currency: string;
    amount: bigint;
    before: bigint;
    after: bigint;
    reason: string;
    journalId: string;
    /** Null when no user made it (the demo world's opening deposits). */
    createdBy: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO gateway_deposit_adjustments (id, gateway_id, currency, amount, balance_before,
       balance_after, reason, journal_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      a.id,
      a.gatewayId,
      a.currency,
      a.amount.toString(),
      a.before.toString(),
      a.after.toString(),
      a.reason,
      a.journalId,
      a.createdBy,
    ],
  );
}
