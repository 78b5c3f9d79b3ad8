import { randomUUID } from 'node:crypto';
import type { CallRequest, createRiskRule, saveRiskRule, setRiskRuleMode } from '@bo/contract';
import { conflictOn, notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import {
  canonicalJsonOf,
  insertRiskRule,
  insertRuleVersion,
  lockRiskRule,
  ownerOf,
  riskRuleList,
  updateRiskRule,
  type RiskRuleRecord,
} from './risk-rules.queries';
import { checkedRule, ruleOwnerFor } from './rule-validate';
import { bumpRiskScope, ownerColumnsOf } from './risk-scope';
import type { Queryable } from '../../db/db';

/*
 * Writing risk rules: each write checks the caller's scope, keeps versions immutable (a change
 * is a new version), moves the owner's scope version for intake's cache and logs, all in one
 * transaction.
 */

type CreateInput = ReturnType<typeof createRiskRule.request.parse>;
type SaveInput = ReturnType<typeof saveRiskRule.request.parse>;
type ModeInput = ReturnType<typeof setRiskRuleMode.request.parse>;
export type { CallRequest };

/** A rule the caller may see, read after a write, or a 404. */
async function visibleRule(
  db: Queryable,
  ctx: UserCallContext,
  id: string,
): Promise<RiskRuleRecord> {
  const rule = await riskRuleList(ctx.actor).byId(db, ctx.actor, id);
  if (!rule) throw notFound('No risk rule has this id');
  return rule;
}

/** A locked rule the caller may change, or a 404 (nothing outside the scope is revealed). */
async function lockedRule(tx: Queryable, ctx: UserCallContext, id: string) {
  const rule = await lockRiskRule(tx, ctx.actor, id);
  if (!rule) throw notFound('No risk rule has this id');
  return rule;
}

const snapshot = (r: RiskRuleRecord) => ({
  name: r.name,
  mode: r.mode,
  version: r.current_version,
  definition: canonicalJsonOf(r.definition),
});

/** A new rule: version 1, mode draft. */
export function createRule(ctx: UserCallContext, input: CreateInput) {
  return ctx.db.transaction(async (tx) => {
    const owner = await ruleOwnerFor(tx, ctx.actor, input.ownerDbCode);
    const { canonical } = await checkedRule(tx, ctx.actor, owner, input.definition);
    const id = randomUUID();
    const at = new Date();
    await insertRiskRule(tx, { id, name: input.name, owner, createdBy: ctx.actor.accountId, at });
    const note = input.note ?? '';
    await insertRuleVersion(tx, {
      ruleId: id,
      version: 1,
      canonical,
      note,
      createdBy: ctx.actor.accountId,
      at,
    });
    await bumpRiskScope(tx, ownerColumnsOf(owner), at);
    const created = await visibleRule(tx, ctx, id);
    await recordAdminLog(tx, ctx, {
      action: 'risk_rule.create',
      actor: ctx.actor,
      targetType: 'risk_rule',
      targetId: id,
      after: { ...snapshot(created), owner: owner.scope, note },
      at,
    });
    return created;
  });
}

/** A new version, when `baseVersion` is still the current one (else a 409). */
export function saveRuleVersion(ctx: UserCallContext, input: SaveInput) {
  return ctx.db.transaction(async (tx) => {
    const rule = await lockedRule(tx, ctx, input.id);
    if (rule.current_version !== input.baseVersion)
      throw conflictOn(
        'baseVersion',
        `is ${input.baseVersion}, but version ${rule.current_version} was saved since`,
      );
    const owner = ownerOf(rule);
    const { canonical } = await checkedRule(tx, ctx.actor, owner, input.definition);
    const version = rule.current_version + 1;
    const at = new Date();
    const note = input.note ?? '';
    await insertRuleVersion(tx, {
      ruleId: rule.id,
      version,
      canonical,
      note,
      createdBy: ctx.actor.accountId,
      at,
    });
    await updateRiskRule(tx, rule.id, { name: input.name, currentVersion: version, at });
    await bumpRiskScope(tx, ownerColumnsOf(owner), at);
    const saved = await visibleRule(tx, ctx, rule.id);
    await recordAdminLog(tx, ctx, {
      action: 'risk_rule.save',
      actor: ctx.actor,
      targetType: 'risk_rule',
      targetId: rule.id,
      before: snapshot(rule),
      after: { ...snapshot(saved), note },
      at,
    });
    return saved;
  });
}

/** Switches a rule's mode; only an admin makes a platform rule active. */
export function setRuleMode(ctx: UserCallContext, input: ModeInput) {
  return ctx.db.transaction(async (tx) => {
    const rule = await lockedRule(tx, ctx, input.id);
    const owner = ownerOf(rule);
    if (owner.scope === 'platform' && input.mode === 'active' && ctx.actor.accountType !== 'admin')
      throw notAllowed('Only an admin can switch on a platform rule');
    const at = new Date();
    await updateRiskRule(tx, rule.id, { mode: input.mode, at });
    await bumpRiskScope(tx, ownerColumnsOf(owner), at);
    await recordAdminLog(tx, ctx, {
      action: 'risk_rule.mode',
      actor: ctx.actor,
      targetType: 'risk_rule',
      targetId: rule.id,
      before: { mode: rule.mode, version: rule.current_version },
      after: { mode: input.mode, version: rule.current_version, reason: input.reason ?? '' },
      at,
    });
    return visibleRule(tx, ctx, rule.id);
  });
}
