import {
  ianaZoneOf,
  readRuleDefinition,
  walkConditions,
  type Condition,
  type RiskKeyType,
  type RiskRuleMode,
  type TimezoneChoice,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { buildListMatcher, type ListMatcher } from './list-matchers';
import { ownerScopeOf } from './risk-scope';
import { riskScopeGeneration } from './risk-scope';
import type { EvaluatedRule, RiskLookups } from './risk-types';

/**
 * What intake decides with, held in memory per database (the pricing cache's pattern): the
 * rules that run (active and shadow, their current versions), the lists they name as matchers,
 * the accounts their conditions name, and the merchants' zones. No read on the usual path:
 * every `CHECK_MS` one cheap read of the scopes' versions says whether anything changed (a rule,
 * a mode, a list entry: their writes bump `risk_scope_versions` in their transaction), and at
 * once after this process changed one; a list entry's expiry or `MAX_AGE_MS` reloads it too.
 */
export interface RiskContext {
  readonly rules: readonly EvaluatedRule[];
  readonly lookups: RiskLookups;
  /** Loads the zones of merchants not seen yet (one read), before a batch is evaluated. */
  ensureZones(db: Queryable, merchantIds: readonly string[]): Promise<void>;
}

const CHECK_MS = 2_000;
const MAX_AGE_MS = 60_000;

interface Cached {
  readonly context: RiskContext;
  readonly fingerprint: string;
  readonly loadedAt: number;
  readonly validUntil: number;
  checkedAt: number;
  /** This process's scope changes when it was last checked (`riskScopeGeneration`). */
  generation: number;
}

const caches = new WeakMap<object, { current?: Cached; loading?: Promise<Cached> }>();

async function fingerprintOf(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ f: string }>(
    `SELECT count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(changed_at)::text, '') AS f
       FROM risk_scope_versions`,
  );
  return rows[0]!.f;
}

interface RuleRow {
  id: string;
  mode: RiskRuleMode;
  merchant_account_id: string | null;
  reseller_account_id: string | null;
  current_version: number;
  definition: unknown;
}

/** The running rules, each read through the contract's schema (a rule that no longer reads is left out). */
async function loadRules(db: Queryable): Promise<EvaluatedRule[]> {
  const { rows } = await db.query<RuleRow>(
    `SELECT r.id, r.mode, r.merchant_account_id, r.reseller_account_id, r.current_version, v.definition
       FROM risk_rules r
       JOIN risk_rule_versions v ON v.rule_id = r.id AND v.version = r.current_version
      WHERE r.mode IN ('active', 'shadow')`,
  );
  const rules: EvaluatedRule[] = [];
  for (const r of rows) {
    const read = readRuleDefinition(r.definition);
    if (!read.ok) continue;
    rules.push({
      id: r.id,
      version: r.current_version,
      mode: r.mode,
      owner: {
        scope: ownerScopeOf(r),
        merchantId: r.merchant_account_id,
        resellerId: r.reseller_account_id,
      },
      definition: read.definition,
    });
  }
  return rules;
}

/** What conditions name: lists by id, accounts by code. */
function namedBy(whens: readonly Condition[]) {
  const lists = new Set<string>();
  const codes = new Set<string>();
  for (const when of whens)
    walkConditions(when, (leaf) => {
      if ('inList' in leaf) lists.add(leaf.inList.list);
      if ('account' in leaf)
        for (const code of [...(leaf.account.merchants ?? []), ...(leaf.account.resellers ?? [])])
          codes.add(code);
    });
  return { lists: [...lists], codes: [...codes] };
}

async function loadMatchers(db: Queryable, listIds: readonly string[], now: Date) {
  const matchers = new Map<string, ListMatcher>();
  if (!listIds.length) return matchers;
  const { rows: lists } = await db.query<{ id: string; key_type: RiskKeyType }>(
    'SELECT id, key_type FROM risk_lists WHERE id = ANY ($1::uuid[])',
    [listIds],
  );
  const { rows: entries } = await db.query<{
    list_id: string;
    value: string;
    expires_at: Date | null;
  }>(
    `SELECT list_id, value, expires_at FROM risk_list_entries
      WHERE list_id = ANY ($1::uuid[]) AND removed_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
    [listIds, now.toISOString()],
  );
  for (const list of lists) {
    const own = entries
      .filter((e) => e.list_id === list.id)
      .map((e) => ({ value: e.value, expiresAt: e.expires_at }));
    matchers.set(list.id, buildListMatcher(list.key_type, own, now));
  }
  return matchers;
}

/** What `rules` read besides history, loaded once: their lists, the accounts they name, zones. */
export interface RuleLookups extends Omit<RiskContext, 'rules'> {
  /** A list's matcher, for a list of `keyType` the rules name (else it throws). */
  matcherOf(listId: string, keyType: RiskKeyType): ListMatcher;
  /** When a list entry expires: the lookups are stale from then on (ms since the epoch). */
  readonly validUntil: number;
}

/** The lookups of `rules` as of `now` (intake's, and a backtest's for its one rule). */
export const loadRuleLookups = (db: Queryable, rules: readonly EvaluatedRule[], now: Date) =>
  loadConditionLookups(
    db,
    rules.map((r) => r.definition.when),
    now,
  );

/** The lookups of conditions as of `now`: risk rules' and routing rules' (issue 43). */
export async function loadConditionLookups(
  db: Queryable,
  whens: readonly Condition[],
  now: Date,
): Promise<RuleLookups> {
  const named = namedBy(whens);
  const matchers = await loadMatchers(db, named.lists, now);
  const { rows: accounts } = named.codes.length
    ? await db.query<{ code: string; id: string }>(
        `SELECT account_db_code AS code, id FROM accounts
          WHERE account_db_code = ANY ($1::text[]) AND parent_account_id IS NULL`,
        [named.codes],
      )
    : { rows: [] };
  const ids = new Map(accounts.map((a) => [a.code, a.id]));
  const zones = new Map<string, string>();
  const matcherOf = (listId: string, keyType: RiskKeyType) => {
    const matcher = matchers.get(listId);
    if (!matcher || matcher.keyType !== keyType)
      throw new Error(`list ${listId} is not loaded for ${keyType}`);
    return matcher;
  };
  return {
    matcherOf,
    validUntil: Math.min(...[...matchers.values()].map((m) => m.validUntil?.getTime() ?? Infinity)),
    lookups: {
      lists: { matches: (listId, keyType, value) => matcherOf(listId, keyType).matches(value) },
      zoneOf(merchantId) {
        const zone = zones.get(merchantId);
        if (!zone) throw new Error(`no zone loaded for ${merchantId}`);
        return zone;
      },
      accountIdOf: (code) => ids.get(code) ?? null,
    },
    async ensureZones(q, merchantIds) {
      const missing = [...new Set(merchantIds)].filter((id) => !zones.has(id));
      if (!missing.length) return;
      const { rows } = await q.query<{ id: string; timezone: TimezoneChoice }>(
        'SELECT id, timezone FROM accounts WHERE id = ANY ($1::uuid[])',
        [missing],
      );
      for (const r of rows) zones.set(r.id, ianaZoneOf(r.timezone));
    },
  };
}

async function load(db: Queryable, fingerprint: string): Promise<Cached> {
  const now = new Date();
  const rules = await loadRules(db);
  const { lookups, ensureZones, validUntil } = await loadRuleLookups(db, rules, now);
  return {
    context: { rules, lookups, ensureZones },
    fingerprint,
    loadedAt: now.getTime(),
    validUntil: Math.min(now.getTime() + MAX_AGE_MS, validUntil),
    checkedAt: now.getTime(),
    generation: riskScopeGeneration(),
  };
}

/**
 * The risk context of `db`, loaded once and reloaded when the scopes' versions moved, a list
 * entry expired or it is a minute old; concurrent callers share one load.
 */
export async function riskContextOf(db: Queryable): Promise<RiskContext> {
  let slot = caches.get(db);
  if (!slot) caches.set(db, (slot = {}));
  const now = Date.now();
  const current = slot.current;
  const generation = riskScopeGeneration();
  if (
    current &&
    now < current.validUntil &&
    now - current.checkedAt < CHECK_MS &&
    current.generation === generation
  )
    return current.context;
  slot.loading ??= (async () => {
    try {
      const fingerprint = await fingerprintOf(db);
      if (current && current.fingerprint === fingerprint && now < current.validUntil) {
        current.checkedAt = now;
        current.generation = generation;
        return current;
      }
      return { ...(await load(db, fingerprint)), generation };
    } finally {
      slot.loading = undefined;
    }
  })();
  slot.current = await slot.loading;
  return slot.current.context;
}
