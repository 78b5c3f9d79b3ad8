/** Health rules and the alerts they raise (migration 0510). */
import type { HealthRuleKind } from '@bo/contract';
import type { Queryable } from '../../db/db';

export interface HealthRuleRecord {
  id: string;
  name: string;
  gateway_id: string | null;
  payment_gateway_name: string | null;
  kind: HealthRuleKind;
  window_minutes: number;
  min_success_bp: number | null;
  min_attempts: number | null;
  auto_deactivate: boolean;
  enabled: boolean;
  open_alerts: number;
  created_at: Date;
  updated_at: Date;
}

const RULE_SELECT = `SELECT r.id, r.name, r.gateway_id, g.payment_gateway_name, r.kind,
    r.window_minutes, r.min_success_bp, r.min_attempts, r.auto_deactivate, r.enabled,
    (SELECT count(*)::int FROM gateway_health_alerts a
      WHERE a.rule_id = r.id AND a.resolved_at IS NULL) AS open_alerts,
    r.created_at, r.updated_at
  FROM gateway_health_rules r LEFT JOIN payment_gateways g ON g.id = r.gateway_id`;

/** Every rule, newest first. */
export async function findHealthRules(db: Queryable) {
  const { rows } = await db.query<HealthRuleRecord>(
    `${RULE_SELECT} ORDER BY r.created_at DESC, r.id`,
  );
  return rows;
}

/** The enabled rules, oldest first (the order they are evaluated in). */
export async function findEnabledHealthRules(db: Queryable) {
  const { rows } = await db.query<HealthRuleRecord>(
    `${RULE_SELECT} WHERE r.enabled ORDER BY r.created_at, r.id`,
  );
  return rows;
}

export async function findHealthRule(db: Queryable, id: string) {
  const { rows } = await db.query<HealthRuleRecord>(`${RULE_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks a rule for a change; null when there is none. */
export async function lockHealthRule(db: Queryable, id: string) {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM gateway_health_rules WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows.length ? findHealthRule(db, id) : null;
}

export interface NewHealthRule {
  name: string;
  gatewayId: string | null;
  kind: HealthRuleKind;
  windowMinutes: number;
  minSuccessBp: number | null;
  minAttempts: number | null;
  autoDeactivate: boolean;
  createdBy: string;
}

export async function insertHealthRule(db: Queryable, rule: NewHealthRule) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO gateway_health_rules (name, gateway_id, kind, window_minutes, min_success_bp,
       min_attempts, auto_deactivate, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      rule.name,
      rule.gatewayId,
      rule.kind,
      rule.windowMinutes,
      rule.minSuccessBp,
      rule.minAttempts,
      rule.autoDeactivate,
      rule.createdBy,
    ],
  );
  return rows[0]!.id;
}

export async function setHealthRuleEnabled(db: Queryable, id: string, enabled: boolean) {
  await db.query('UPDATE gateway_health_rules SET enabled = $2, updated_at = now() WHERE id = $1', [
    id,
    enabled,
  ]);
}

export async function deleteHealthRule(db: Queryable, id: string) {
  await db.query('DELETE FROM gateway_health_rules WHERE id = $1', [id]);
}

/** Closes the open alerts of a rule (disabled or deleted); answers how many. */
export async function resolveAlertsOfRule(db: Queryable, ruleId: string, at: Date) {
  const { rows } = await db.query(
    `UPDATE gateway_health_alerts SET resolved_at = $2
      WHERE rule_id = $1 AND resolved_at IS NULL RETURNING id`,
    [ruleId, at.toISOString()],
  );
  return rows.length;
}

export interface OpenAlertRecord {
  id: string;
  rule_id: string;
  rule_name: string;
  kind: HealthRuleKind;
  gateway_id: string;
  payment_gateway_name: string;
  payment_gateway_code: string;
  currency: string;
  window_minutes: number;
  min_success_bp: number | null;
  min_attempts: number | null;
  observed_success_rate: string | null;
  observed_attempts: number | null;
  silent_seconds: number | null;
  deactivated: boolean;
  raised_at: Date;
}

/** The open alerts (in one currency when given), newest first. */
export async function findOpenAlerts(db: Queryable, currency: string | null = null) {
  const { rows } = await db.query<OpenAlertRecord>(
    `SELECT a.id, a.rule_id, a.rule_name, a.kind, a.gateway_id, g.payment_gateway_name,
            g.payment_gateway_code, g.currency, a.window_minutes, a.min_success_bp,
            a.min_attempts, a.observed_success_rate, a.observed_attempts, a.silent_seconds,
            a.deactivated, a.raised_at
       FROM gateway_health_alerts a JOIN payment_gateways g ON g.id = a.gateway_id
      WHERE a.resolved_at IS NULL AND ($1::text IS NULL OR g.currency = $1)
      ORDER BY a.raised_at DESC, a.id`,
    [currency],
  );
  return rows;
}

export interface NewAlert {
  rule: HealthRuleRecord;
  gatewayId: string;
  observedSuccessRate: string | null;
  observedAttempts: number | null;
  silentSeconds: number | null;
  deactivated: boolean;
  at: Date;
}

/** Raises an alert; false when one is already open for the rule and gateway. */
export async function insertAlert(db: Queryable, a: NewAlert) {
  const { rows } = await db.query(
    `INSERT INTO gateway_health_alerts (rule_id, rule_name, kind, gateway_id, window_minutes,
       min_success_bp, min_attempts, observed_success_rate, observed_attempts, silent_seconds,
       deactivated, raised_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (rule_id, gateway_id) WHERE resolved_at IS NULL DO NOTHING RETURNING id`,
    [
      a.rule.id,
      a.rule.name,
      a.rule.kind,
      a.gatewayId,
      a.rule.window_minutes,
      a.rule.min_success_bp,
      a.rule.min_attempts,
      a.observedSuccessRate,
      a.observedAttempts,
      a.silentSeconds,
      a.deactivated,
      a.at.toISOString(),
    ],
  );
  return rows.length > 0;
}

export async function resolveAlert(db: Queryable, id: string, at: Date) {
  await db.query('UPDATE gateway_health_alerts SET resolved_at = $2 WHERE id = $1', [
    id,
    at.toISOString(),
  ]);
}

/**
 * Takes the evaluation's advisory lock for this transaction; false when another server
 * instance is evaluating right now (it then does the work).
 */
export async function tryEvaluationLock(db: Queryable) {
  const { rows } = await db.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_xact_lock($1::bigint) AS locked',
    [HEALTH_EVALUATION_LOCK],
  );
  return rows[0]!.locked;
}

/** The advisory lock key of the health evaluation (any fixed number no other lock uses). */
const HEALTH_EVALUATION_LOCK = '1300510';
