import {
  canonicalJson,
  RISK_OWNER_SCOPES,
  RISK_RULE_KINDS,
  RISK_RULE_MODES,
  type RiskOwnerScope,
  type RiskRuleKind,
  type RiskRuleMode,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import { defineScopedList, type ScopedList, type ScopedListSpec } from '../scoped-lists/list-query';
import { scopeCondition } from '../scoped-lists/scope';
import type { RuleOwner } from './risk-types';
import { ownerScopeOf } from './risk-scope';

/** A rule with its current version's definition (canonical JSON) and its owner's codes. */
export interface RiskRuleRecord {
  id: string;
  name: string;
  merchant_account_id: string | null;
  reseller_account_id: string | null;
  merchant_db_code: string | null;
  reseller_db_code: string | null;
  mode: RiskRuleMode;
  current_version: number;
  definition: unknown;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export const ownerOf = (r: RiskRuleRecord): RuleOwner => ({
  scope: ownerScopeOf(r),
  merchantId: r.merchant_account_id,
  resellerId: r.reseller_account_id,
});

const RULE_SPEC: Omit<ScopedListSpec, 'scope'> = {
  from: `FROM risk_rules r
    JOIN risk_rule_versions v ON v.rule_id = r.id AND v.version = r.current_version
    LEFT JOIN accounts m ON m.id = r.merchant_account_id
    LEFT JOIN accounts s ON s.id = r.reseller_account_id
    JOIN accounts c ON c.id = r.created_by`,
  columns: `r.id, r.name, r.merchant_account_id, r.reseller_account_id, r.mode,
    r.current_version, r.created_at, r.updated_at, v.definition,
    m.account_db_code AS merchant_db_code, s.account_db_code AS reseller_db_code,
    c.username AS created_by`,
  alias: 'r',
  codes: {},
  search: { ids: ['r.id'], texts: [], contains: ['r.name'] },
  sorts: { name: 'r.name', updated_at: 'r.updated_at', created_at: 'r.created_at' },
  defaultSort: 'updated_at',
};

/** The owner column a caller's rules are scoped by (`scopeCondition`), as `riskRuleList` reads it. */
export function ruleScopeColumns(actor: Pick<Actor, 'accountType'>) {
  return actor.accountType === 'reseller'
    ? { reseller: 'r.reseller_account_id' }
    : { merchant: 'r.merchant_account_id' };
}

/**
 * The rules a caller may see: an admin every rule, a merchant its own; a reseller its own and
 * its merchants' (both carry it as `reseller_account_id`, so its list reads that column alone).
 */
const rulesByMerchant = defineScopedList<RiskRuleRecord>({
  ...RULE_SPEC,
  scope: ruleScopeColumns({ accountType: 'merchant' }),
});
const rulesByReseller = defineScopedList<RiskRuleRecord>({
  ...RULE_SPEC,
  scope: ruleScopeColumns({ accountType: 'reseller' }),
});
export const riskRuleList = (actor: Pick<Actor, 'accountType'>): ScopedList<RiskRuleRecord> =>
  actor.accountType === 'reseller' ? rulesByReseller : rulesByMerchant;

const OWNER_SCOPE_SQL: Record<RiskOwnerScope, string> = {
  platform: 'r.merchant_account_id IS NULL AND r.reseller_account_id IS NULL',
  reseller: 'r.merchant_account_id IS NULL AND r.reseller_account_id IS NOT NULL',
  merchant: 'r.merchant_account_id IS NOT NULL',
};

/** The list's own filters: mode, owner scope and a kind the current version watches. */
export function ruleFilters(input: {
  mode?: RiskRuleMode;
  scope?: RiskOwnerScope;
  kind?: RiskRuleKind;
}): string[] {
  const fixed: string[] = [];
  if (input.mode && RISK_RULE_MODES.includes(input.mode)) fixed.push(`r.mode = '${input.mode}'`);
  if (input.scope && RISK_OWNER_SCOPES.includes(input.scope))
    fixed.push(OWNER_SCOPE_SQL[input.scope]);
  if (input.kind && RISK_RULE_KINDS.includes(input.kind))
    fixed.push(`v.definition -> 'kinds' @> '["${input.kind}"]'::jsonb`);
  return fixed;
}

/** A rule the caller may see, locked for a change; null when none (or outside the scope). */
export async function lockRiskRule(
  db: Queryable,
  actor: Pick<Actor, 'accountType' | 'scopeAccountId'>,
  id: string,
): Promise<RiskRuleRecord | null> {
  const params: unknown[] = [id];
  const locked = await db.query<{ id: string }>(
    `SELECT r.id FROM risk_rules r WHERE r.id = $1::uuid AND ${scopeCondition(actor, ruleScopeColumns(actor), params)}
      FOR UPDATE`,
    params,
  );
  if (!locked.rows[0]) return null;
  return riskRuleList(actor).byId(db, actor, id);
}

export interface NewRuleVersion {
  ruleId: string;
  version: number;
  canonical: string;
  note: string;
  createdBy: string;
  at: Date;
}

export async function insertRuleVersion(db: Queryable, v: NewRuleVersion): Promise<void> {
  await db.query(
    `INSERT INTO risk_rule_versions (rule_id, version, definition, note, created_by, created_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
    [v.ruleId, v.version, v.canonical, v.note, v.createdBy, v.at],
  );
}

export async function insertRiskRule(
  db: Queryable,
  r: { id: string; name: string; owner: RuleOwner; createdBy: string; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO risk_rules (id, name, merchant_account_id, reseller_account_id, mode,
       current_version, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'draft', 1, $5, $6, $6)`,
    [r.id, r.name, r.owner.merchantId, r.owner.resellerId, r.createdBy, r.at],
  );
}

export async function updateRiskRule(
  db: Queryable,
  id: string,
  change: { name?: string; mode?: RiskRuleMode; currentVersion?: number; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE risk_rules SET name = coalesce($2, name), mode = coalesce($3, mode),
       current_version = coalesce($4, current_version), updated_at = $5
     WHERE id = $1`,
    [id, change.name ?? null, change.mode ?? null, change.currentVersion ?? null, change.at],
  );
}

/** A rule's versions, newest first, each definition as its canonical text. */
export async function findRuleVersions(db: Queryable, ruleId: string) {
  const { rows } = await db.query<{
    version: number;
    definition: unknown;
    note: string;
    created_by: string;
    created_at: Date;
  }>(
    `SELECT v.version, v.definition, v.note, a.username AS created_by, v.created_at
       FROM risk_rule_versions v JOIN accounts a ON a.id = v.created_by
      WHERE v.rule_id = $1 ORDER BY v.version DESC`,
    [ruleId],
  );
  return rows.map((r) => ({ ...r, definition: canonicalJsonOf(r.definition) }));
}

/** A jsonb value as read (parsed, or text on a driver that keeps it) in canonical JSON. */
export const canonicalJsonOf = (value: unknown): string =>
  canonicalJson(typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
