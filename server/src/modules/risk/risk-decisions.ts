import type { RiskAction, RiskRuleKind } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { runWrites, type Writes } from '../../db/writes';

/** One rule that matched an item, as intake evaluated it (`RuleMatch` of the evaluator). */
export interface DecidedMatch {
  readonly ruleId: string;
  readonly version: number;
  readonly mode: 'active' | 'shadow';
  readonly action: RiskAction;
  readonly error: boolean;
  /** Lifted by a matching allow rule of its own scope or one above: it decided nothing (default false). */
  readonly exempt?: boolean;
  readonly seen: Readonly<Record<string, string | number | boolean | null>>;
}

/** What intake decided about one new item, kept with it. */
export interface DecidedItem {
  readonly kind: RiskRuleKind;
  readonly refId: string;
  readonly merchantId: string | null;
  readonly resellerId: string | null;
  readonly at: Date;
  readonly verdict: {
    readonly outcome: RiskAction;
    readonly minApprovals: number;
    readonly matches: readonly DecidedMatch[];
  };
}

/**
 * The writes keeping intake's decisions (issue 42; migration 0932): a `risk_decisions` row and
 * its `risk_matches` for each item any rule matched, nothing for the others (the usual case
 * writes nothing). Two plain INSERTs over `unnest`, to join the statement or transaction that
 * creates the items; null when no item was matched.
 */
export function riskDecisionWrites(items: readonly DecidedItem[]): Writes | null {
  const decided = items.filter((i) => i.verdict.matches.length > 0);
  if (!decided.length) return null;
  const matches = decided.flatMap((i) => i.verdict.matches.map((m) => ({ item: i, m })));
  return {
    statements: [
      `INSERT INTO risk_decisions (ref_id, kind, merchant_account_id, reseller_account_id, outcome, min_approvals, at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::int[], $7::timestamptz[])`,
      `INSERT INTO risk_matches (ref_id, kind, merchant_account_id, reseller_account_id, rule_id, rule_version, mode, action, error, seen, at, exempt)
       SELECT * FROM unnest($8::uuid[], $9::text[], $10::uuid[], $11::uuid[], $12::uuid[], $13::int[], $14::text[], $15::text[], $16::bool[], $17::jsonb[], $18::timestamptz[], $19::bool[])`,
    ],
    params: [
      decided.map((i) => i.refId),
      decided.map((i) => i.kind),
      decided.map((i) => i.merchantId),
      decided.map((i) => i.resellerId),
      decided.map((i) => i.verdict.outcome),
      decided.map((i) => i.verdict.minApprovals),
      decided.map((i) => i.at.toISOString()),
      matches.map(({ item }) => item.refId),
      matches.map(({ item }) => item.kind),
      matches.map(({ item }) => item.merchantId),
      matches.map(({ item }) => item.resellerId),
      matches.map(({ m }) => m.ruleId),
      matches.map(({ m }) => m.version),
      matches.map(({ m }) => m.mode),
      matches.map(({ m }) => m.action),
      matches.map(({ m }) => m.error),
      matches.map(({ m }) => JSON.stringify(m.seen)),
      matches.map(({ item }) => item.at.toISOString()),
      matches.map(({ m }) => m.exempt ?? false),
    ],
  };
}

/** Keeps intake's decisions now, in the caller's transaction (`riskDecisionWrites`). */
export const recordRiskDecisions = (tx: Queryable, items: readonly DecidedItem[]) =>
  runWrites(tx, [riskDecisionWrites(items)]);
