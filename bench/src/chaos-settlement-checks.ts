import {
  formatAmount,
  isFinalState,
  PAYOUT_LIFECYCLE,
  SETTLEMENT_LIFECYCLE,
  type Lifecycle,
} from '@bo/contract';
import type { Queryable } from '../../server/src/db/db';
import { checkOf, type CheckResult } from './chaos-checks';
import {
  SETTLEMENT_REQUESTS,
  type BackOfficeRequestKind,
  type SettlementAsk,
} from './chaos-settler';

const LIFECYCLES: Record<BackOfficeRequestKind['name'], Lifecycle<string>> = {
  settlement: SETTLEMENT_LIFECYCLE,
  payout: PAYOUT_LIFECYCLE,
};

/** The statuses a settlement may still leave (its lifecycle's non-final ones). */
const OPEN_STATUSES = SETTLEMENT_LIFECYCLE.states.filter(
  (s) => !isFinalState(SETTLEMENT_LIFECYCLE, s),
);

/** The run's settlements: those asked under one of its request keys (`<prefix>-settlement-<n>`). */
const RUN_SETTLEMENTS = `
  SELECT s.* FROM money_requests r JOIN settlements s ON s.id = r.ref_id
   WHERE r.request_key LIKE $1`;

/**
 * The run's settlements not final yet, by status ("settlement approved 2"): what the run waits
 * for after its window, while the settler's reviewers go on deciding (`ChaosSettler.stopRequests`).
 */
export async function settlementsLeftOpen(db: Queryable, prefix: string): Promise<string[]> {
  const { rows } = await db.query<{ status: string; n: string }>(
    `SELECT status, count(*)::text AS n FROM (${RUN_SETTLEMENTS}) s
      WHERE status = ANY ($2::text[]) GROUP BY status ORDER BY status`,
    [`${prefix}-settlement-%`, OPEN_STATUSES],
  );
  return rows.map((r) => `settlement ${r.status} ${r.n}`);
}

/**
 * Every settlement of the run reached a final status (completed, rejected, blocked): each
 * approved one was completed, each pending one decided. Lists those left open, one a line.
 */
export async function settlementsFinal(db: Queryable, prefix: string): Promise<CheckResult> {
  const { rows } = await db.query<{ id: string; status: string; approvals: string }>(
    `SELECT s.id::text, s.status,
            (SELECT count(*) FROM approvals ap WHERE ap.ref_id = s.id)::text AS approvals
       FROM (${RUN_SETTLEMENTS}) s
      WHERE s.status = ANY ($2::text[]) ORDER BY s.created_at`,
    [`${prefix}-settlement-%`, OPEN_STATUSES],
  );
  return checkOf(
    'every settlement of the run reached a final status',
    rows.map((r) => `settlement ${r.id} left ${r.status} (${r.approvals} approvals)`),
  );
}

/**
 * No settlement was handed over twice. No gateway moves a settlement (the product has no
 * gateway call for one; `SETTLEMENT_KIND`: "no gateway cost"): its hand-over is an admin's
 * `completeSettlement`, which records the bank transfer and posts the reservation. So, over
 * every settlement of the database: none has a gateway payment (`sandbox_payments`) at all;
 * none was posted, or logged completed, more than once; a completed one was posted once, with
 * its transfer recorded (to a bank) and its reservation resolved as posted; any other was
 * never posted, and a rejected one's reservation was voided.
 */
export async function settlementsSentOnce(db: Queryable): Promise<CheckResult> {
  const { rows } = await db.query<{ what: string }>(
    `WITH posts AS (
       SELECT ref_id, count(*) AS n FROM journal
        WHERE kind IN ('settlement.post', 'settlement_wallet.post') GROUP BY ref_id),
     completions AS (
       SELECT target_id, count(*) AS n FROM admin_logs
        WHERE action IN ('settlement.completed', 'settlement_wallet.completed')
          AND outcome = 'success'
        GROUP BY target_id),
     resolved AS (
       SELECT r.ref_id, x.outcome FROM reservations r
         JOIN reservation_resolutions x ON x.reservation_id = r.id
        WHERE r.ref_type IN ('settlement', 'settlement_wallet'))
     SELECT 'settlement ' || g.merchant_ref || ' was handed to gateway ' || g.gateway_code ||
            ' as a ' || g.kind AS what
       FROM sandbox_payments g JOIN settlements s ON s.id = g.merchant_ref
     UNION ALL
     SELECT 'settlement ' || ref_id || ' posted ' || n || ' times' FROM posts WHERE n > 1
     UNION ALL
     SELECT 'settlement ' || target_id || ' logged completed ' || n || ' times'
       FROM completions WHERE n > 1
     UNION ALL
     SELECT 'settlement ' || s.id || ' is ' || s.status ||
            CASE WHEN p.n IS NULL THEN ' and was never posted' ELSE ' and was posted' END
       FROM settlements s LEFT JOIN posts p ON p.ref_id = s.id
      WHERE (s.status = 'completed') <> (p.n IS NOT NULL)
     UNION ALL
     SELECT 'settlement ' || s.id || ' is completed with no bank transfer recorded'
       FROM settlements s
      WHERE s.status = 'completed' AND s.destination = 'bank' AND s.bank_reference IS NULL
     UNION ALL
     SELECT 'settlement ' || s.id || ' is ' || s.status || ' and its reservation was ' ||
            coalesce(x.outcome, 'not resolved')
       FROM settlements s LEFT JOIN resolved x ON x.ref_id = s.id
      WHERE (s.status = 'completed' AND x.outcome IS DISTINCT FROM 'posted')
         OR (s.status = 'rejected' AND x.outcome IS DISTINCT FROM 'voided'
             AND EXISTS (SELECT 1 FROM reservations r WHERE r.ref_id = s.id))`,
  );
  return checkOf(
    'no settlement handed over twice (no gateway; completed and posted once)',
    rows.map((r) => r.what),
  );
}

/**
 * Every back-office request of `kind` answered 200 exists as answered (its merchant, amount and
 * a status its answer leads to), one per request key, and no key was answered two ids.
 */
export async function backOfficeRequestsKept(
  db: Queryable,
  prefix: string,
  asks: readonly SettlementAsk[],
  kind: BackOfficeRequestKind = SETTLEMENT_REQUESTS,
): Promise<CheckResult> {
  const failures: string[] = [];
  const { rows } = await db.query<{
    key: string;
    id: string;
    merchant: string;
    amount: string;
    currency: string;
    status: string;
  }>(
    `SELECT r.request_key AS key, s.id::text, a.account_db_code AS merchant, s.amount::text,
            s.currency, s.status
       FROM money_requests r JOIN ${kind.table} s ON s.id = r.ref_id
       JOIN accounts a ON a.id = s.merchant_account_id
      WHERE r.request_key LIKE $1`,
    [`${prefix}-${kind.keyPart}-%`],
  );
  const byKey = new Map<string, typeof rows>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
  for (const [key, list] of byKey)
    if (list.length > 1) failures.push(`${key}: ${list.length} ${kind.name}s`);
  for (const ask of asks) {
    const ids = new Set(ask.tries.flatMap((t) => (t.id ? [t.id] : [])));
    if (ids.size > 1) failures.push(`${ask.key}: answered ${[...ids].join(' and ')}`);
    if (!ask.id) continue;
    const row = byKey.get(ask.key)?.[0];
    if (!row || row.id !== ask.id)
      failures.push(`${ask.key}: answered ${ask.id}, which is not the ${kind.name} of its key`);
    else if (row.merchant !== ask.merchant)
      failures.push(`${ask.key}: asked by ${ask.merchant}, kept for ${row.merchant}`);
    else if (formatAmount(BigInt(row.amount), row.currency) !== ask.amount)
      failures.push(`${ask.key}: asked for ${ask.amount}, kept as ${row.amount} minor`);
    else if (ask.status && !reachable(LIFECYCLES[kind.name], ask.status, row.status))
      failures.push(`${ask.key}: answered ${ask.status}, now ${row.status}`);
  }
  return checkOf(`every ${kind.name} request answered 200 exists as answered, once`, failures);
}

/** Whether `lifecycle` leads from `from` to `to` (in any number of steps). */
function reachable(lifecycle: Lifecycle<string>, from: string, to: string): boolean {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const state = queue.shift()!;
    if (state === to) return true;
    for (const next of lifecycle.transitions[state] ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/**
 * As check 8 for the merchants' writes: no settlement request hung past the client's timeout,
 * every 5xx was a 503 with `Retry-After` or a try of a request that later got its 200, and
 * every request ended answered 200.
 */
export function backOfficeRequestsAnswered(
  asks: readonly SettlementAsk[],
  kind: BackOfficeRequestKind = SETTLEMENT_REQUESTS,
): CheckResult {
  const failures: string[] = [];
  for (const ask of asks) {
    const last = ask.tries[ask.tries.length - 1];
    const endedWell = last?.http === 200;
    for (const t of ask.tries) {
      if (t.timedOut) failures.push(`${ask.key}: try ${t.attempt} had no answer in 30 s`);
      if (t.http >= 500 && !(t.http === 503 && t.retryAfter) && !endedWell)
        failures.push(`${ask.key}: try ${t.attempt} answered ${t.http} and no try succeeded`);
    }
    if (!endedWell)
      failures.push(
        `${ask.key}: ended ${last ? `${last.http} ${last.reason ?? last.failure ?? last.message ?? ''}`.trim() : 'unsent'} after ${ask.tries.length} tries`,
      );
  }
  return checkOf(`every ${kind.name} request ended 200, none hung, every 5xx honest`, failures);
}
