import {
  formatAmount,
  moneyKind,
  RISK_RULE_KINDS,
  type RiskAction,
  type RiskBacktest,
  type RiskBacktestSampleRow,
  type RiskBacktestStatus,
  type RiskBacktestSummaryRow,
  type RiskRuleKind,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { IntakeFacts } from './risk-types';

/** A request a backtest's rule matched (or erred on: `action` is then its `onError`). */
export interface BacktestHit {
  readonly refId: string;
  readonly facts: IntakeFacts;
  readonly action: RiskAction;
  readonly error: boolean;
}

/** A run with no heartbeat for this long has stopped (its server went away): it reads failed. */
export const BACKTEST_STALE_SECONDS = 120;

interface BacktestRow {
  id: string;
  rule_id: string;
  version: number;
  status: RiskBacktestStatus;
  window_from: Date;
  window_to: Date;
  chunks_total: number;
  chunks_done: number;
  scanned: string;
  matched: string;
  started_by: string;
  started_at: Date;
  finished_at: Date | null;
  error: string | null;
  result: { summary: RiskBacktestSummaryRow[]; sample: RiskBacktestSampleRow[] } | null;
}

const STALE_ERROR = 'stopped: no progress for two minutes';
const COLUMNS = `id, rule_id, version,
  CASE WHEN status = 'running' AND heartbeat_at < now() - interval '${BACKTEST_STALE_SECONDS} seconds'
       THEN 'failed' ELSE status END AS status,
  window_from, window_to, chunks_total, chunks_done, scanned::text, matched::text, started_by,
  started_at, finished_at,
  CASE WHEN status = 'running' AND heartbeat_at < now() - interval '${BACKTEST_STALE_SECONDS} seconds'
       THEN '${STALE_ERROR}' ELSE error END AS error,
  result`;

/** A backtest as the calls answer it. */
function viewBacktest(r: BacktestRow): RiskBacktest {
  return {
    id: r.id,
    rule_id: r.rule_id,
    version: r.version,
    status: r.status,
    from: r.window_from.toISOString(),
    to: r.window_to.toISOString(),
    chunks_total: r.chunks_total,
    chunks_done: r.chunks_done,
    scanned: Number(r.scanned),
    matched: Number(r.matched),
    started_by: r.started_by,
    started_at: r.started_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
    error: r.error,
    summary: r.result?.summary ?? [],
    sample: r.result?.sample ?? [],
  };
}

/** A rule's backtest by id, or its newest; null when there is none. */
export async function findBacktest(
  db: Queryable,
  ruleId: string,
  id?: string,
): Promise<RiskBacktest | null> {
  const { rows } = await db.query<BacktestRow>(
    `SELECT ${COLUMNS} FROM risk_backtests
      WHERE rule_id = $1 AND ($2::uuid IS NULL OR id = $2)
      ORDER BY started_at DESC LIMIT 1`,
    [ruleId, id ?? null],
  );
  return rows[0] ? viewBacktest(rows[0]) : null;
}

/** A new running backtest's row. */
export async function insertBacktest(
  db: Queryable,
  b: {
    id: string;
    ruleId: string;
    version: number;
    from: Date;
    to: Date;
    chunks: number;
    startedBy: string;
  },
): Promise<RiskBacktest> {
  const { rows } = await db.query<BacktestRow>(
    `INSERT INTO risk_backtests (id, rule_id, version, window_from, window_to, chunks_total, started_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [b.id, b.ruleId, b.version, b.from.toISOString(), b.to.toISOString(), b.chunks, b.startedBy],
  );
  return viewBacktest(rows[0]!);
}

/**
 * How many requests the rule watches in the window (counted once, before the chunks), and so
 * how many chunks the run reads (`windowChunks`): the start recorded the most there could be.
 */
export async function recordWatched(
  db: Queryable,
  id: string,
  scanned: number,
  chunks: number,
): Promise<void> {
  await db.query(
    'UPDATE risk_backtests SET scanned = $2, chunks_total = $3, heartbeat_at = now() WHERE id = $1',
    [id, scanned, chunks],
  );
}

/** One more chunk done: its matched requests counted, the heartbeat moved. */
export async function recordChunkDone(db: Queryable, id: string, matched: number): Promise<void> {
  await db.query(
    `UPDATE risk_backtests
        SET chunks_done = chunks_done + 1, matched = matched + $2, heartbeat_at = now()
      WHERE id = $1`,
    [id, matched],
  );
}

/** The hits of a page, in one statement. */
export async function insertBacktestHits(
  db: Queryable,
  id: string,
  hits: readonly BacktestHit[],
): Promise<void> {
  if (!hits.length) return;
  await db.query(
    `INSERT INTO risk_backtest_hits (backtest_id, ref_id, kind, merchant_account_id, currency, amount, at, action, error)
     SELECT $1, * FROM unnest($2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::bigint[],
                             $7::timestamptz[], $8::text[], $9::boolean[])`,
    [
      id,
      hits.map((h) => h.refId),
      hits.map((h) => h.facts.kind),
      hits.map((h) => h.facts.merchantId),
      hits.map((h) => h.facts.currency),
      hits.map((h) => h.facts.amount.toString()),
      hits.map((h) => h.facts.at.toISOString()),
      hits.map((h) => h.action),
      hits.map((h) => h.error),
    ],
  );
}

/**
 * Each hit of `hits` (a relation of `risk_backtest_hits` rows) with its item now: its status,
 * whether it failed, was refunded or disputed since; `$1`… as `params` number them after `$1`.
 */
function laterSql(hits: string): { sql: string; params: string[][] } {
  const status = RISK_RULE_KINDS.map(
    (kind) =>
      `WHEN '${kind}' THEN (SELECT x.status FROM ${moneyKind(kind).table} x WHERE x.id = h.ref_id)`,
  ).join('\n');
  const failed = RISK_RULE_KINDS.flatMap((kind) =>
    moneyKind(kind).outcomes.failed.map((s) => [kind, s] as const),
  );
  return {
    sql: `SELECT h.*, now_status.status,
                 EXISTS (SELECT 1 FROM unnest($2::text[], $3::text[]) AS f(kind, status)
                          WHERE f.kind = h.kind AND f.status = now_status.status) AS failed,
                 h.kind = 'payin' AND EXISTS (SELECT 1 FROM payins p
                                               WHERE p.id = h.ref_id AND p.refunded_amount > 0) AS refunded,
                 h.kind = 'payin' AND EXISTS (SELECT 1 FROM disputes d WHERE d.payin_id = h.ref_id) AS disputed
            FROM ${hits} h
            CROSS JOIN LATERAL (SELECT CASE h.kind ${status} END AS status) now_status`,
    params: [failed.map(([kind]) => kind), failed.map(([, s]) => s)],
  };
}

/** The newest hits kept per merchant as the sample, and the most merchants shown. */
const SAMPLE_PER_MERCHANT = 5;
const SAMPLE_MERCHANTS = 20;

/** A finished backtest's summary (per action and currency) and its sample by merchant. */
export async function summariseBacktest(db: Queryable, id: string) {
  const later = laterSql('(SELECT * FROM risk_backtest_hits WHERE backtest_id = $1)');
  const { rows: summary } = await db.query<{
    action: RiskAction;
    currency: string;
    count: number;
    amount: string;
    later_refunded: number;
    later_disputed: number;
    later_failed: number;
  }>(
    `WITH later AS (${later.sql})
     SELECT action, currency, count(*)::int AS count, sum(amount)::text AS amount,
            count(*) FILTER (WHERE refunded)::int AS later_refunded,
            count(*) FILTER (WHERE disputed)::int AS later_disputed,
            count(*) FILTER (WHERE failed)::int AS later_failed
       FROM later GROUP BY action, currency ORDER BY action, currency`,
    [id, ...later.params],
  );
  const { rows: sample } = await db.query<{
    kind: RiskRuleKind;
    ref_id: string;
    code: string | null;
    currency: string;
    amount: string;
    at: Date;
    action: RiskAction;
    status: string | null;
  }>(
    // Only the sample's few hits are looked up, once ranked.
    `WITH ranked AS (SELECT h.*, row_number() OVER (PARTITION BY merchant_account_id ORDER BY at DESC, ref_id) AS n,
                            dense_rank() OVER (ORDER BY merchant_account_id) AS m
                       FROM risk_backtest_hits h WHERE h.backtest_id = $1),
          later AS (${laterSql(`(SELECT * FROM ranked WHERE n <= ${SAMPLE_PER_MERCHANT} AND m <= ${SAMPLE_MERCHANTS})`).sql})
     SELECT r.kind, r.ref_id, a.account_db_code AS code, r.currency, r.amount::text AS amount, r.at,
            r.action, r.status
       FROM later r LEFT JOIN accounts a ON a.id = r.merchant_account_id
      ORDER BY a.account_db_code, r.at DESC, r.ref_id`,
    [id, ...later.params],
  );
  return {
    summary: summary.map((s) => ({ ...s, amount: formatAmount(BigInt(s.amount), s.currency) })),
    sample: sample.map((s) => ({
      kind: s.kind,
      id: s.ref_id,
      merchant_db_code: s.code,
      currency: s.currency,
      amount: formatAmount(BigInt(s.amount), s.currency),
      at: s.at.toISOString(),
      action: s.action,
      status: s.status ?? '',
    })),
  };
}

/** Ends a backtest: done with its result, or failed with why. */
export async function finishBacktest(
  db: Queryable,
  id: string,
  result: Awaited<ReturnType<typeof summariseBacktest>> | null,
  error?: string,
): Promise<void> {
  await db.query(
    `UPDATE risk_backtests
        SET status = $2, result = $3, error = $4, finished_at = now(), heartbeat_at = now()
      WHERE id = $1`,
    [id, error ? 'failed' : 'done', result ? JSON.stringify(result) : null, error ?? null],
  );
}
