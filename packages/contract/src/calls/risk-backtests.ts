import { z } from 'zod';
import { RULES } from '../access';
import { RISK_ACTIONS, RISK_RULE_KINDS } from '../risk/vocabulary';
import { defineCall } from './define';
import { amountText, instantText } from './list';
import { formId } from './money-fields';

/**
 * Backtests (issue 42; docs/risk.md, "Backtests"): a rule's current version run over the last
 * `RISK_BACKTEST_DAYS` days of requests, as intake would have decided each one, changing
 * nothing. It runs in chunks on the server; the screen polls it and draws its progress.
 */

/** How far back a backtest reads. */
export const RISK_BACKTEST_DAYS = 90;

/** A backtest is running, done, or failed (an error, or no heartbeat for two minutes). */
export const RISK_BACKTEST_STATUSES = ['running', 'done', 'failed'] as const;
export type RiskBacktestStatus = (typeof RISK_BACKTEST_STATUSES)[number];

/** What the rule would have done, per action and currency, and how those items ended later. */
export const riskBacktestSummaryRow = z.object({
  action: z.enum(RISK_ACTIONS),
  currency: z.string(),
  count: z.number().int(),
  amount: amountText,
  /** Of those, how many were later refunded (in part or whole), disputed, or failed. */
  later_refunded: z.number().int(),
  later_disputed: z.number().int(),
  later_failed: z.number().int(),
});
export type RiskBacktestSummaryRow = z.infer<typeof riskBacktestSummaryRow>;

/** One item the rule would have matched: the newest few per merchant. */
export const riskBacktestSampleRow = z.object({
  kind: z.enum(RISK_RULE_KINDS),
  id: z.string(),
  merchant_db_code: z.string().nullable(),
  currency: z.string(),
  amount: amountText,
  at: instantText,
  action: z.enum(RISK_ACTIONS),
  /** The item's status now. */
  status: z.string(),
});
export type RiskBacktestSampleRow = z.infer<typeof riskBacktestSampleRow>;

export const riskBacktest = z.object({
  id: z.string(),
  rule_id: z.string(),
  version: z.number().int(),
  status: z.enum(RISK_BACKTEST_STATUSES),
  /** The window read: `[from, to)`. */
  from: instantText,
  to: instantText,
  chunks_total: z.number().int(),
  chunks_done: z.number().int(),
  /** Requests the rule watched (its kinds and owner) in the window, and how many it matched. */
  scanned: z.number().int(),
  matched: z.number().int(),
  started_by: z.string(),
  started_at: instantText,
  finished_at: instantText.nullable(),
  /** Why it failed, else null. */
  error: z.string().nullable(),
  summary: z.array(riskBacktestSummaryRow),
  sample: z.array(riskBacktestSampleRow),
});
export type RiskBacktest = z.infer<typeof riskBacktest>;

/** Runs a rule's current version over the last 90 days; answers at once with the running row. */
export const startRiskBacktest = defineCall({
  name: 'startRiskBacktest',
  request: z.object({ ruleId: formId }),
  response: riskBacktest,
  rule: RULES.risk,
});

/** A rule's backtest by id, or its newest when no id is given (null when it has none). */
export const getRiskBacktest = defineCall({
  name: 'getRiskBacktest',
  request: z.object({
    ruleId: formId,
    id: z.preprocess((v) => (v === '' || v === null ? undefined : v), formId.optional()),
  }),
  response: z.object({ backtest: riskBacktest.nullable() }),
  rule: RULES.risk,
});
