import type { Queryable } from '../../db/db';
import type { GatewayKind } from '../connector';

export interface SandboxPayment {
  reference: string;
  gateway_code: string;
  kind: GatewayKind;
  merchant_ref: string;
  amount: bigint;
  currency: string;
  status: 'pending' | 'success' | 'failed';
  /** A dispute ruled: whether the sandbox gave its fee back (null: not ruled, or no dispute). */
  fee_returned?: boolean | null;
}

/** Opens a sandbox payment (idempotent on the reference). */
export async function insertSandboxPayment(db: Queryable, p: Omit<SandboxPayment, 'status'>) {
  await db.query(
    `INSERT INTO sandbox_payments (reference, gateway_code, kind, merchant_ref, amount, currency)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [p.reference, p.gateway_code, p.kind, p.merchant_ref, p.amount.toString(), p.currency],
  );
}

/**
 * Records money handed to the sandbox to send out (a pay-out, a refund): the first hand-over of
 * a reference makes its row, a later one counts in `hand_overs` (nothing else changes), so a
 * second send of the same payment shows.
 */
export async function recordSandboxHandOver(db: Queryable, p: Omit<SandboxPayment, 'status'>) {
  await db.query(
    `INSERT INTO sandbox_payments (reference, gateway_code, kind, merchant_ref, amount, currency)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (reference) DO UPDATE SET hand_overs = sandbox_payments.hand_overs + 1`,
    [p.reference, p.gateway_code, p.kind, p.merchant_ref, p.amount.toString(), p.currency],
  );
}

/** Opens several sandbox payments in one statement (idempotent on the reference). */
export async function insertSandboxPayments(
  db: Queryable,
  ps: readonly Omit<SandboxPayment, 'status'>[],
) {
  await db.query(
    `INSERT INTO sandbox_payments (reference, gateway_code, kind, merchant_ref, amount, currency)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::bigint[], $6::text[])
     ON CONFLICT DO NOTHING`,
    [
      ps.map((p) => p.reference),
      ps.map((p) => p.gateway_code),
      ps.map((p) => p.kind),
      ps.map((p) => p.merchant_ref),
      ps.map((p) => p.amount.toString()),
      ps.map((p) => p.currency),
    ],
  );
}

/** One sandbox payment by kind and our pay-in or pay-out id. */
export async function findSandboxPayment(
  db: Queryable,
  kind: string,
  ref: string,
): Promise<SandboxPayment | null> {
  const { rows } = await db.query<SandboxPayment>(
    'SELECT reference, gateway_code, kind, merchant_ref, amount, currency, status, fee_returned FROM sandbox_payments WHERE kind = $1 AND merchant_ref = $2',
    [kind, ref],
  );
  return rows[0] ?? null;
}

/**
 * Settles a pending sandbox payment (a dispute's ruling with whether its fee was given back);
 * false when it was already settled.
 */
export async function settleSandboxPayment(
  db: Queryable,
  reference: string,
  status: 'success' | 'failed',
  feeReturned: boolean | null = null,
): Promise<boolean> {
  const r = await db.query(
    `UPDATE sandbox_payments SET status = $2, fee_returned = $3
      WHERE reference = $1 AND status = 'pending'`,
    [reference, status, feeReturned],
  );
  return r.rowCount > 0;
}

/** How a sandbox gateway behaves (`setSandboxBehaviour`): what the sandbox reads per hand-over. */
export interface SandboxBehaviour {
  /** The share (ppm) of what it finishes that it pays. */
  readonly sandbox_success_ppm: number;
  /** How long it takes to call back (milliseconds). */
  readonly sandbox_latency_ms: number;
  /** It refuses every hand-over: an outage. */
  readonly sandbox_refuses_hand_overs: boolean;
  /** It finishes its pay-ins by itself, at its success rate, without a payer. */
  readonly sandbox_pays_alone: boolean;
}

/** A gateway the sandbox does not know behaves as a healthy one waiting for its payers. */
const HEALTHY: SandboxBehaviour = {
  sandbox_success_ppm: 1_000_000,
  sandbox_latency_ms: 0,
  sandbox_refuses_hand_overs: false,
  sandbox_pays_alone: false,
};

/** The sandbox behaviour of a gateway, by its code. */
export async function findSandboxBehaviour(db: Queryable, code: string): Promise<SandboxBehaviour> {
  const { rows } = await db.query<SandboxBehaviour>(
    `SELECT sandbox_success_ppm, sandbox_latency_ms, sandbox_refuses_hand_overs, sandbox_pays_alone
       FROM payment_gateways WHERE payment_gateway_code = $1`,
    [code],
  );
  return rows[0] ?? HEALTHY;
}
