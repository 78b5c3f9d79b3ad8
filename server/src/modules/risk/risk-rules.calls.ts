import {
  createRiskRule,
  getRiskRule,
  getRiskRuleList,
  saveRiskRule,
  setRiskRuleMode,
  validateRiskRule,
  type RiskRuleRow,
} from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { serveList, type ListInput } from '../scoped-lists/list-query';
import {
  canonicalJsonOf,
  findRuleVersions,
  ownerOf,
  riskRuleList,
  ruleFilters,
  type RiskRuleRecord,
} from './risk-rules.queries';
import { ownerScopeOf } from './risk-scope';
import { createRule, saveRuleVersion, setRuleMode } from './risk-rules.service';
import { ruleOwnerFor, ruleProblems } from './rule-validate';

/** A rule as the lists show it. */
export const viewRiskRule = (r: RiskRuleRecord): RiskRuleRow => ({
  id: r.id,
  name: r.name,
  owner_scope: ownerScopeOf(r),
  merchant_db_code: r.merchant_db_code,
  reseller_db_code: r.reseller_db_code,
  mode: r.mode,
  current_version: r.current_version,
  definition: canonicalJsonOf(r.definition),
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

type RuleListInput = ListInput & Parameters<typeof ruleFilters>[0];

/** The list and its export, each read through the caller's own scope. */
const servedFor = (ctx: UserCallContext) =>
  serveList(riskRuleList(ctx.actor), viewRiskRule, (input: RuleListInput) => ruleFilters(input));
const ruleListService = {
  page: (ctx: UserCallContext, input: RuleListInput) => servedFor(ctx).page(ctx, input),
  chunks: (ctx: UserCallContext, input: RuleListInput) => servedFor(ctx).chunks(ctx, input),
};

/** The editor's check: every problem, without saving. */
async function validateRule(
  ctx: UserCallContext,
  input: { id?: string; ownerDbCode?: string; definition: string },
) {
  let owner;
  if (input.id) {
    const rule = await riskRuleList(ctx.actor).byId(ctx.db, ctx.actor, input.id);
    if (!rule) throw notFound('No risk rule has this id');
    owner = ownerOf(rule);
  } else owner = await ruleOwnerFor(ctx.db, ctx.actor, input.ownerDbCode);
  const { problems } = await ruleProblems(ctx.db, ctx.actor, owner, input.definition);
  return { problems: problems.map(({ field, rule, kind }) => ({ field, rule, kind })) };
}

/** Risk rules (issue 42): list, read with versions, create, save a version, mode, check. */
export function registerRiskRuleCalls(registry: CallRegistry): void {
  registry
    .list(getRiskRuleList, ruleListService)
    .user(getRiskRule, async (ctx, input) => {
      const rule = await riskRuleList(ctx.actor).byId(ctx.db, ctx.actor, input.id);
      if (!rule) throw notFound('No risk rule has this id');
      const versions = await findRuleVersions(ctx.db, rule.id);
      return {
        rule: viewRiskRule(rule),
        versions: versions.map((v) => ({ ...v, created_at: v.created_at.toISOString() })),
      };
    })
    .user(createRiskRule, async (ctx, input) => viewRiskRule(await createRule(ctx, input)))
    .user(saveRiskRule, async (ctx, input) => viewRiskRule(await saveRuleVersion(ctx, input)))
    .user(setRiskRuleMode, async (ctx, input) => viewRiskRule(await setRuleMode(ctx, input)))
    .user(validateRiskRule, validateRule);
}
