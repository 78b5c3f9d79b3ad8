import type { Queryable } from '../../server/src/db/db';
import {
  formatAmount,
  isFinalState,
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  REFUND_LIFECYCLE,
  type Lifecycle,
} from '@bo/contract';
import { acknowledged, checkOf, type CheckResult } from './chaos-checks';
import type { ChaosOp, ChaosRecord } from './chaos-records';
import type { SinkDelivery } from './chaos-notify-sink';

const TABLES: Record<ChaosOp, { table: string; orderColumn: string }> = {
  payin: { table: 'payins', orderColumn: 'order_id' },
  payout: { table: 'payouts', orderColumn: 'order_id' },
  refund: { table: 'refunds', orderColumn: 'merchant_refund_id' },
};
const LIFECYCLES: Record<ChaosOp, Lifecycle<string>> = {
  payin: PAYIN_LIFECYCLE,
  payout: PAYOUT_LIFECYCLE,
  refund: REFUND_LIFECYCLE,
};

/** Whether its lifecycle leads from `from` to `to` (in any number of steps, or none). */
export function reachable(op: ChaosOp, from: string, to: string): boolean {
  const transitions = LIFECYCLES[op].transitions;
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const state = queue.shift()!;
    if (state === to) return true;
    for (const next of transitions[state] ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return false;
}

interface Row {
  id: string;
  amount: string;
  currency: string;
  status: string;
}

/** Check 1: every write answered 2xx exists with the amount and a status its answer leads to. */
export async function acknowledgedWritesKept(
  db: Queryable,
  records: readonly ChaosRecord[],
): Promise<CheckResult> {
  const failures: string[] = [];
  for (const [op, answered] of acknowledged(records)) {
    const { rows } = await db.query<Row>(
      `SELECT id::text, amount::text, currency, status FROM ${TABLES[op].table} WHERE id = ANY($1::uuid[])`,
      [answered.map((r) => r.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of answered) {
      const row = byId.get(r.id!);
      if (!row) failures.push(`${op} ${r.id} (${r.key}) was answered ${r.http} and is not there`);
      else if (formatAmount(BigInt(row.amount), row.currency) !== r.amount)
        failures.push(`${op} ${r.id}: answered for ${r.amount}, kept as ${row.amount} minor`);
      else if (r.status && !reachable(op, r.status, row.status))
        failures.push(`${op} ${r.id}: answered ${r.status}, now ${row.status}`);
    }
  }
  return checkOf('every write answered 2xx exists as answered', failures);
}

/** Checks 2 and 3, the databases' half: one row per order id, and no row of a changed body. */
export async function noDoubleRows(db: Queryable, prefix: string): Promise<CheckResult> {
  const failures: string[] = [];
  for (const [op, { table, orderColumn }] of Object.entries(TABLES)) {
    const { rows } = await db.query<{ order_id: string; n: string; changed: boolean }>(
      `SELECT ${orderColumn} AS order_id, count(*)::text AS n, bool_or(${orderColumn} LIKE '%-changed') AS changed
         FROM ${table} WHERE ${orderColumn} LIKE $1
        GROUP BY merchant_account_id, ${orderColumn}
       HAVING count(*) > 1 OR bool_or(${orderColumn} LIKE '%-changed')`,
      [`${prefix}-%`],
    );
    for (const r of rows)
      failures.push(
        r.changed
          ? `${op} ${r.order_id}: made from a changed body`
          : `${op} ${r.order_id}: ${r.n} rows`,
      );
  }
  return checkOf('no order id has two rows, no changed body made one', failures);
}

/** Check 4: nothing handed to the gateway twice, and the gateway and the books agree. */
export async function sentOnce(db: Queryable): Promise<CheckResult> {
  const { rows } = await db.query<{ what: string }>(
    `SELECT s.kind || ' ' || s.merchant_ref || ' handed over ' || s.hand_overs || ' times' AS what
       FROM sandbox_payments s WHERE s.kind IN ('payout', 'refund') AND s.hand_overs > 1
     UNION ALL
     SELECT 'payout ' || p.id || ': the gateway says ' || s.status || ', the books ' || p.status
       FROM payouts p JOIN sandbox_payments s ON s.kind = 'payout' AND s.merchant_ref = p.id
      WHERE (s.status = 'success') <> (p.status = 'success') AND s.status <> 'pending'
     UNION ALL
     SELECT 'refund ' || f.id || ': the gateway says ' || s.status || ', the books ' || f.status
       FROM refunds f JOIN sandbox_payments s ON s.kind = 'refund' AND s.merchant_ref = f.id
      WHERE (s.status = 'success') <> (f.status = 'succeeded') AND s.status <> 'pending'
     UNION ALL
     SELECT 'pay-in ' || p.id || ': the gateway says ' || s.status || ', the books ' || p.status
       FROM payins p JOIN sandbox_payments s ON s.kind = 'payin' AND s.merchant_ref = p.id
      WHERE (s.status = 'success') <> (p.status = 'success') AND s.status <> 'pending'`,
  );
  return checkOf(
    'nothing sent to the gateway twice; the gateway and the books agree',
    rows.map((r) => r.what),
  );
}

/**
 * The run's items in a final status that named their notify URL (every merchant-API write of
 * the run names the sink's; a pay-out asked in the back office names none).
 */
const FINAL_NOTIFIED = `
  SELECT 'payin' AS type, id::text, status FROM payins
   WHERE order_id LIKE $1 AND status IN ('success', 'failed', 'expired') AND notify_url <> ''
  UNION ALL
  SELECT 'payout', id::text, status FROM payouts
   WHERE order_id LIKE $1 AND status IN ('success', 'failed', 'rejected') AND notify_url <> ''
  UNION ALL
  SELECT 'refund', id::text, status FROM refunds
   WHERE merchant_refund_id LIKE $1 AND status IN ('succeeded', 'failed', 'rejected')
     AND notify_url <> ''`;

/**
 * Check 5: every final status of the run's items was notified and delivered (none abandoned),
 * and the merchants' endpoint answered 2xx to it at least once.
 */
export async function notificationsDelivered(
  db: Queryable,
  prefix: string,
  deliveries: readonly SinkDelivery[],
): Promise<CheckResult> {
  const { rows } = await db.query<{
    type: string;
    id: string;
    status: string;
    notice: string | null;
  }>(
    `SELECT f.type, f.id, f.status,
            (SELECT string_agg(n.status, ',') FROM merchant_notifications n
              WHERE n.ref_id = f.id::uuid AND n.payload->>'status' = f.status) AS notice
       FROM (${FINAL_NOTIFIED}) f`,
    [`${prefix}-%`],
  );
  const received = new Set(deliveries.filter((d) => d.answered === 200).map((d) => d.event));
  const failures: string[] = [];
  for (const r of rows) {
    const what = `${r.type}:${r.id}:${r.status}`;
    if (r.notice !== 'delivered') failures.push(`${what}: notification ${r.notice ?? 'missing'}`);
    else if (!received.has(what))
      failures.push(`${what}: delivered, but the endpoint never took it`);
  }
  return checkOf(`every final status notified and delivered (${rows.length} of them)`, failures);
}

/**
 * Check 6, beside `ledger:check`: every currency's entries sum to zero, and a reservation is
 * open exactly while its pay-out, refund or settlement is open.
 */
export async function moneyBalanced(db: Queryable): Promise<CheckResult> {
  const sums = await db.query<{ currency: string; total: string }>(
    `SELECT currency, sum(amount)::text AS total FROM entries GROUP BY currency HAVING sum(amount) <> 0`,
  );
  const held = await db.query<{ what: string }>(
    `WITH open_reservations AS (
       SELECT r.ref_id FROM reservations r
        WHERE NOT EXISTS (SELECT 1 FROM reservation_resolutions x WHERE x.reservation_id = r.id)),
     items AS (
       SELECT 'payout' AS kind, id, status,
              status IN ('pending_approval', 'held_for_review', 'queued_for_gateway', 'processing') AS open
         FROM payouts
       UNION ALL
       SELECT 'refund', id, status, status IN ('pending_approval', 'processing') FROM refunds
       UNION ALL
       SELECT 'settlement', id, status, status IN ('pending', 'held_for_review', 'approved') FROM settlements)
     SELECT i.kind || ' ' || i.id || ' is ' || i.status ||
            CASE WHEN i.open THEN ' with nothing reserved' ELSE ' with money still reserved' END AS what
       FROM items i LEFT JOIN open_reservations o ON o.ref_id = i.id
      WHERE i.open <> (o.ref_id IS NOT NULL)`,
  );
  return checkOf('every currency sums to zero; reservations match open requests', [
    ...sums.rows.map((r) => `${r.currency} entries sum to ${r.total}`),
    ...held.rows.map((r) => r.what),
  ]);
}

/**
 * The statuses of `op` an item may still leave: its lifecycle's non-final ones. An expired
 * pay-in may yet be paid, but nothing is waiting on it: it counts as ended.
 */
const openStatusesOf = (op: ChaosOp) =>
  LIFECYCLES[op].states.filter((s) => !isFinalState(LIFECYCLES[op], s) && s !== 'expired');

/** The run's writes not final yet, by kind and status ("payout processing 2"). */
export async function leftOpen(db: Queryable, prefix: string): Promise<string[]> {
  const open: string[] = [];
  for (const [op, { table, orderColumn }] of Object.entries(TABLES) as [
    ChaosOp,
    (typeof TABLES)[ChaosOp],
  ][]) {
    const { rows } = await db.query<{ status: string; n: string }>(
      `SELECT status, count(*)::text AS n FROM ${table}
        WHERE ${orderColumn} LIKE $1 AND status = ANY ($2::text[])
        GROUP BY status ORDER BY status`,
      [`${prefix}-%`, openStatusesOf(op)],
    );
    open.push(...rows.map((r) => `${op} ${r.status} ${r.n}`));
  }
  return open;
}

/**
 * Nothing stuck: once the gateway has answered everything and the reviewers have decided, every
 * write of the run has reached a final status (none left in processing for good).
 */
export async function nothingLeftOpen(db: Queryable, prefix: string): Promise<CheckResult> {
  return checkOf('every write reached a final status', await leftOpen(db, prefix));
}
