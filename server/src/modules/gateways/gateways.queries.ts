import { PAYIN_KIND } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import { currentBalanceSql } from '../../ledger/ledger-accounts';

/** A payment gateway row with its measured figures. */
export interface GatewayRow {
  id: string;
  payment_gateway_code: string;
  payment_gateway_name: string;
  payment_db_code: string;
  connector: string;
  currency: string;
  country: string;
  status: 'activated' | 'inactive';
  balance_limit: bigint;
  payin_cost_ppm: number;
  payin_cost_fixed: bigint;
  payout_cost_ppm: number;
  payout_cost_fixed: bigint;
  sandbox_success_ppm: number;
  sandbox_latency_ms: number;
  sandbox_refuses_hand_overs: boolean;
  sandbox_pays_alone: boolean;
  /** Why the status last changed ('' before any change). */
  status_reason: string;
  status_changed_at: Date | null;
}

export interface GatewayFigures {
  deposit_balance: bigint;
  succeeded: bigint;
  finished: bigint;
}

const COLUMNS = `g.id, g.payment_gateway_code, g.payment_gateway_name, g.payment_db_code, g.connector,
  g.currency, g.country, g.status, g.balance_limit, g.payin_cost_ppm, g.payin_cost_fixed,
  g.payout_cost_ppm, g.payout_cost_fixed, g.sandbox_success_ppm, g.sandbox_latency_ms,
  g.sandbox_refuses_hand_overs, g.sandbox_pays_alone, g.status_reason, g.status_changed_at`;

/** Gateways matching the filters, by code, with the total for paging. */
export async function findGateways(
  db: Queryable,
  filter: { currency?: string; status?: string; search?: string; limit?: number; offset?: number },
): Promise<{ rows: GatewayRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.currency) where.push(`g.currency = $${params.push(filter.currency)}`);
  if (filter.status) where.push(`g.status = $${params.push(filter.status)}`);
  if (filter.search) {
    where.push(
      `(g.payment_gateway_name ILIKE $${params.push(`%${filter.search}%`)} OR g.payment_gateway_code ILIKE $${params.length})`,
    );
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM payment_gateways g ${clause}`,
    params,
  );
  const { rows } = await db.query<GatewayRow>(
    `SELECT ${COLUMNS} FROM payment_gateways g ${clause} ORDER BY g.payment_gateway_code
      LIMIT ${filter.limit ?? 1000} OFFSET ${filter.offset ?? 0}`,
    params,
  );
  return { rows, total: Number(total.rows[0]?.n ?? 0n) };
}

export async function findGatewayById(db: Queryable, id: string): Promise<GatewayRow | null> {
  const { rows } = await db.query<GatewayRow>(
    `SELECT ${COLUMNS} FROM payment_gateways g WHERE g.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findGatewayByCode(db: Queryable, code: string): Promise<GatewayRow | null> {
  const { rows } = await db.query<GatewayRow>(
    `SELECT ${COLUMNS} FROM payment_gateways g WHERE g.payment_gateway_code = $1`,
    [code],
  );
  return rows[0] ?? null;
}

/** Activated gateways of the given currencies, by code (the order pay-ins are spread in). */
export async function findActiveGateways(
  db: Queryable,
  currencies: readonly string[],
): Promise<GatewayRow[]> {
  const { rows } = await db.query<GatewayRow>(
    `SELECT ${COLUMNS} FROM payment_gateways g WHERE g.currency = ANY($1::text[]) AND g.status = 'activated'
      ORDER BY g.payment_gateway_code`,
    [[...currencies]],
  );
  return rows;
}

/**
 * SQL for the deposit balance of the gateway row `alias` (what it holds for the platform: the
 * negated balance of its clearing accounts in the ledger), as a bigint.
 */
export const depositBalanceSql = (alias: string) =>
  `coalesce((SELECT -sum(${currentBalanceSql('la')}) FROM ledger_accounts la
     WHERE la.owner_kind = 'gateway' AND la.owner_id = ${alias}.id), 0)::bigint`;

/** A SQL list of statuses (constants of the registry, never input). */
const statusList = (statuses: readonly string[]) => statuses.map((x) => `'${x}'`).join(', ');
/** The pay-in statuses a gateway finished, and those it succeeded in (`gatewayJudged`). */
const PAYIN_SUCCEEDED_SQL = statusList(PAYIN_KIND.gatewayJudged.success);
const PAYIN_FINISHED_SQL = statusList([
  ...PAYIN_KIND.gatewayJudged.success,
  ...PAYIN_KIND.gatewayJudged.unsuccessful,
]);

/**
 * SQL for the all-time pay-ins of gateway row `alias` its gateway finished (the pay-in kind's
 * `gatewayJudged`: success, failed, expired), or of those the successful ones.
 */
export const finishedPayinsSql = (alias: string, onlySuccess: boolean) =>
  `coalesce((SELECT sum(gr.count) FROM gateway_rollups gr
     WHERE gr.period = 'all' AND gr.period_start = DATE '1970-01-01'
       AND gr.status IN (${onlySuccess ? PAYIN_SUCCEEDED_SQL : PAYIN_FINISHED_SQL})
       AND gr.gateway_code = ${alias}.payment_gateway_code), 0)::bigint`;

/**
 * Deposit balance (what the gateway holds for the platform, from the ledger) and finished
 * pay-in counts (from the gateway rollups, all time) of the given gateways.
 */
export async function findGatewayFigures(
  db: Queryable,
  gateways: readonly Pick<GatewayRow, 'id' | 'payment_gateway_code'>[],
): Promise<Map<string, GatewayFigures>> {
  const figures = new Map<string, GatewayFigures>();
  for (const g of gateways) figures.set(g.id, { deposit_balance: 0n, succeeded: 0n, finished: 0n });
  if (!gateways.length) return figures;
  const balances = await db.query<{ owner_id: string; total: bigint }>(
    `SELECT la.owner_id, coalesce(sum(${currentBalanceSql('la')}), 0)::bigint AS total
       FROM ledger_accounts la
      WHERE la.owner_kind = 'gateway' AND la.owner_id = ANY($1::uuid[]) GROUP BY la.owner_id`,
    [gateways.map((g) => g.id)],
  );
  for (const b of balances.rows) figures.get(b.owner_id)!.deposit_balance = -b.total;
  const codes = new Map(gateways.map((g) => [g.payment_gateway_code, g.id]));
  const outcomes = await db.query<{ gateway_code: string; succeeded: bigint; finished: bigint }>(
    `SELECT gateway_code,
            coalesce(sum(count) FILTER (WHERE status IN (${PAYIN_SUCCEEDED_SQL})), 0)::bigint AS succeeded,
            coalesce(sum(count), 0)::bigint AS finished
       FROM gateway_rollups
      WHERE period = 'all' AND period_start = DATE '1970-01-01' AND status IN (${PAYIN_FINISHED_SQL})
        AND gateway_code = ANY($1::text[])
      GROUP BY gateway_code`,
    [[...codes.keys()]],
  );
  for (const o of outcomes.rows) {
    const f = figures.get(codes.get(o.gateway_code)!)!;
    f.succeeded = o.succeeded;
    f.finished = o.finished;
  }
  return figures;
}

/** The gateway row locked for the rest of the transaction (FOR UPDATE), or null. */
export async function lockGatewayById(db: Queryable, id: string): Promise<GatewayRow | null> {
  const { rows } = await db.query<GatewayRow>(
    `SELECT ${COLUMNS} FROM payment_gateways g WHERE g.id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** Writes a gateway's status with the reason and time of the change. */
export async function updateGatewayStatus(
  db: Queryable,
  id: string,
  status: string,
  reason = '',
): Promise<void> {
  await db.query(
    `UPDATE payment_gateways SET status = $2, status_reason = $3, status_changed_at = now(),
       updated_at = now() WHERE id = $1`,
    [id, status, reason],
  );
}

export interface NewGateway {
  code: string;
  name: string;
  dbCode: string;
  currency: string;
  country: string;
  status?: 'activated' | 'inactive';
  balanceLimit: bigint;
  payinCostPpm: number;
  payinCostFixed: bigint;
  payoutCostPpm: number;
  payoutCostFixed: bigint;
  sandboxSuccessPpm?: number;
  sandboxLatencyMs?: number;
}

/** Adds a gateway unless one with its code exists; returns its id. */
export async function ensureGateway(db: Queryable, g: NewGateway): Promise<string> {
  await db.query(
    `INSERT INTO payment_gateways (payment_gateway_code, payment_gateway_name, payment_db_code, currency,
       country, status, balance_limit, payin_cost_ppm, payin_cost_fixed, payout_cost_ppm, payout_cost_fixed,
       sandbox_success_ppm, sandbox_latency_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (payment_gateway_code) DO NOTHING`,
    [
      g.code,
      g.name,
      g.dbCode,
      g.currency,
      g.country,
      g.status ?? 'activated',
      g.balanceLimit.toString(),
      g.payinCostPpm,
      g.payinCostFixed.toString(),
      g.payoutCostPpm,
      g.payoutCostFixed.toString(),
      g.sandboxSuccessPpm ?? 900_000,
      g.sandboxLatencyMs ?? 200,
    ],
  );
  return (await findGatewayByCode(db, g.code))!.id;
}

const codes = new Map<string, string>();

/** Gateway codes by id (fixed once a gateway exists; ids are uuids, so the memo is safe to share). */
export async function findGatewayCodes(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const missing = [...new Set(ids)].filter((id) => !codes.has(id));
  if (missing.length) {
    const { rows } = await db.query<{ id: string; payment_gateway_code: string }>(
      'SELECT id, payment_gateway_code FROM payment_gateways WHERE id = ANY($1::uuid[])',
      [missing],
    );
    for (const r of rows) codes.set(r.id, r.payment_gateway_code);
  }
  return new Map(ids.filter((id) => codes.has(id)).map((id) => [id, codes.get(id)!]));
}

/** How a gateway is reached: its code and the connector serving it. */
export interface GatewayRoute {
  code: string;
  connector: string;
}
const routes = new WeakMap<Db, Map<string, GatewayRoute>>();

/** A gateway's code and connector (both fixed once the gateway exists), cached per database. */
export async function gatewayRoute(db: Db, gatewayId: string): Promise<GatewayRoute> {
  const cache = routes.get(db) ?? new Map<string, GatewayRoute>();
  routes.set(db, cache);
  let route = cache.get(gatewayId);
  if (!route) {
    const { rows } = await db.query<{ payment_gateway_code: string; connector: string }>(
      'SELECT payment_gateway_code, connector FROM payment_gateways WHERE id = $1',
      [gatewayId],
    );
    route = { code: rows[0]!.payment_gateway_code, connector: rows[0]!.connector };
    cache.set(gatewayId, route);
  }
  return route;
}
