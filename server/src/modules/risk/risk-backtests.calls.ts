import { randomUUID } from 'node:crypto';
import {
  getRiskBacktest,
  readRuleDefinition,
  RISK_BACKTEST_DAYS,
  startRiskBacktest,
  type RiskBacktest,
} from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { windowChunks, runBacktest } from './risk-backtest';
import { findBacktest, insertBacktest } from './risk-backtest.queries';
import { ownerOf, riskRuleList } from './risk-rules.queries';
import type { EvaluatedRule } from './risk-types';

/** The backtests running in this process, by id: a test may wait for one to end. */
const running = new Map<string, Promise<void>>();

/** The end of a backtest this process runs (at once when it runs elsewhere or has ended). */
export const backtestSettled = (id: string): Promise<void> => running.get(id) ?? Promise.resolve();

async function visibleRule(ctx: UserCallContext, id: string) {
  const rule = await riskRuleList(ctx.actor).byId(ctx.db, ctx.actor, id);
  if (!rule) throw notFound('No risk rule has this id');
  return rule;
}

/**
 * Starts a backtest of the rule's current version over the last 90 days, or answers the one
 * already running for it; the run goes on after the answer (docs/risk.md, "Backtests").
 */
async function startBacktest(ctx: UserCallContext, ruleId: string): Promise<RiskBacktest> {
  const rule = await visibleRule(ctx, ruleId);
  const read = readRuleDefinition(rule.definition);
  if (!read.ok) throw notFound('This rule no longer reads as a rule');
  const evaluated: EvaluatedRule = {
    id: rule.id,
    version: rule.current_version,
    mode: rule.mode,
    owner: ownerOf(rule),
    definition: read.definition,
  };
  const to = new Date();
  const from = new Date(to.getTime() - RISK_BACKTEST_DAYS * 86_400_000);
  const id = randomUUID();
  const backtest = await ctx.db.transaction(async (tx) => {
    // One run per rule at a time: starts of one rule wait on its row, and the later one
    // answers the run the first started.
    await tx.query('SELECT 1 FROM risk_rules WHERE id = $1 FOR UPDATE', [rule.id]);
    const newest = await findBacktest(tx, rule.id);
    if (newest?.status === 'running') return { row: newest, started: false };
    const row = await insertBacktest(tx, {
      id,
      ruleId: rule.id,
      version: rule.current_version,
      from,
      to,
      chunks: windowChunks(from, to).length,
      startedBy: ctx.actor.username,
    });
    await recordAdminLog(tx, ctx, {
      action: 'risk_rule.backtest',
      actor: ctx.actor,
      targetType: 'risk_rule',
      targetId: rule.id,
      after: { backtest: id, version: rule.current_version, from: row.from, to: row.to },
      at: to,
    });
    return { row, started: true };
  });
  if (!backtest.started) return backtest.row;
  const run = runBacktest(ctx.db, id, evaluated, { from, to }).finally(() => running.delete(id));
  running.set(id, run);
  return backtest.row;
}

/** Backtests (issue 42): start one, read one (or the rule's newest). */
export function registerRiskBacktestCalls(registry: CallRegistry): void {
  registry
    .user(startRiskBacktest, (ctx, input) => startBacktest(ctx, input.ruleId))
    .user(getRiskBacktest, async (ctx, input) => {
      const rule = await visibleRule(ctx, input.ruleId);
      return { backtest: await findBacktest(ctx.db, rule.id, input.id) };
    });
}
