import type { RoutingScope } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { DirectionCosts, SimulatedKind } from './simulated-kind';

/** A past pay-in or pay-out as a simulation replays it, with what actually happened to it. */
export interface PastPayment {
  readonly id: string;
  readonly merchant_account_id: string;
  readonly reseller_account_id: string | null;
  readonly order_id: string;
  readonly amount: bigint;
  readonly created_at: Date;
  readonly gateway_id: string | null;
  readonly gateway_cost: bigint;
  readonly status: string;
}

/** A gateway of the simulated currency, with its cost rates in the simulated direction. */
export interface SimulatedGateway {
  readonly id: string;
  readonly code: string;
  readonly status: string;
  readonly cost: DirectionCosts;
}

/** Every gateway of `currency` in the order routing reads them (code, then id). */
export async function findSimulatedGateways(
  db: Queryable,
  kind: SimulatedKind,
  currency: string,
): Promise<SimulatedGateway[]> {
  const { rows } = await db.query<{
    id: string;
    code: string;
    status: string;
    ppm: number;
    fixed: bigint;
  }>(
    `SELECT id, payment_gateway_code AS code, status, ${kind.costColumns.ppm} AS ppm,
            ${kind.costColumns.fixed} AS fixed
       FROM payment_gateways WHERE currency = $1 ORDER BY payment_gateway_code, id`,
    [currency],
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    cost: { percentPpm: r.ppm, fixed: r.fixed },
  }));
}

/** Whose pay-ins a profile at a scope would not route: bound, or routed by a more specific one. */
export interface NotRouted {
  readonly merchants: readonly string[];
  readonly resellers: readonly string[];
}

/**
 * The merchants whose contract in `currency` binds a gateway (the contract wins over routing),
 * and, below a merchant's scope, those with an active profile of their own in `direction`;
 * below a reseller's, the resellers with one (their merchants' payments are theirs to route).
 */
export async function findNotRouted(
  db: Queryable,
  direction: string,
  currency: string,
  scope: RoutingScope,
): Promise<NotRouted> {
  const { rows } = await db.query<{ kind: 'merchant' | 'reseller'; id: string }>(
    `SELECT DISTINCT 'merchant' AS kind, merchant_account_id AS id FROM contracts
      WHERE currency = $1 AND gateway_id IS NOT NULL
     UNION
     SELECT scope AS kind, account_id AS id FROM routing_profiles
      WHERE active AND direction = $3 AND currency = $1 AND account_id IS NOT NULL
        AND ((scope = 'merchant' AND $2 <> 'merchant') OR (scope = 'reseller' AND $2 = 'platform'))`,
    [currency, scope, direction],
  );
  return {
    merchants: rows.filter((r) => r.kind === 'merchant').map((r) => r.id),
    resellers: rows.filter((r) => r.kind === 'reseller').map((r) => r.id),
  };
}

/** Where a chunk of past payments starts: after this one (creation time, then id). */
export interface PaymentCursor {
  readonly at: Date;
  readonly id: string;
}

/**
 * The next `limit` payments of `kind` in `currency` created from `since` to `until` that a
 * profile at the scope of `accountId` would have routed (a reseller's merchants' or a merchant's
 * own; every merchant's for the platform), leaving out `notRouted`, in creation order after
 * `after`.
 */
export async function findPastPayments(
  db: Queryable,
  kind: SimulatedKind,
  q: {
    currency: string;
    since: Date;
    until: Date;
    scope: RoutingScope;
    accountId: string | null;
    notRouted: NotRouted;
    after: PaymentCursor | null;
    limit: number;
  },
): Promise<PastPayment[]> {
  const { rows } = await db.query<PastPayment>(
    `SELECT p.id, p.merchant_account_id, p.reseller_account_id, p.order_id, p.amount, p.created_at,
            p.gateway_id, p.gateway_cost, p.status
       FROM ${kind.table} p
      WHERE p.currency = $1 AND p.created_at >= $2 AND p.created_at < $3 AND ${kind.routedSql}
        AND ($4::text <> 'merchant' OR p.merchant_account_id = $5)
        AND ($4::text <> 'reseller' OR p.reseller_account_id = $5)
        AND NOT (p.merchant_account_id = ANY ($6::uuid[]))
        AND (p.reseller_account_id IS NULL OR NOT (p.reseller_account_id = ANY ($7::uuid[])))
        AND ($8::timestamptz IS NULL OR (p.created_at, p.id) > ($8::timestamptz, $9::uuid))
      ORDER BY p.created_at, p.id
      LIMIT ${q.limit}`,
    [
      q.currency,
      q.since.toISOString(),
      q.until.toISOString(),
      q.scope,
      q.accountId,
      q.notRouted.merchants,
      q.notRouted.resellers,
      q.after?.at.toISOString() ?? null,
      q.after?.id ?? null,
    ],
  );
  return rows;
}
