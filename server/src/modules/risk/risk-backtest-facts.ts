import { parseAmount, walkConditions, type Condition } from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { VelocityShape } from './conditions/velocity';
import { factLineSql } from './risk-backtest-fact-text';
import { bulkVelocitySource } from './risk-backtest-velocity';
import type { EvaluatedRule } from './risk-types';

/*
 * What a backtest reads (docs/risk.md, "Backtests"): the requests of `risk_facts`, as intake
 * saw them, a chunk at a time, as text (`risk-backtest-fact-text.ts`). The order id, which
 * facts do not keep, is read from the pay-in or pay-out.
 */

/** Which of a rule's requests a backtest reads: its kinds, its owner's traffic, a window. */
export interface FactWindow {
  readonly rule: EvaluatedRule;
  readonly from: Date;
  readonly to: Date;
}

/** The conditions every watched request of the rule must meet (the `watches` of intake). */
function watchedWhere(rule: EvaluatedRule, params: unknown[]): string[] {
  const where = [`f.kind = ANY ($${params.push(rule.definition.kinds)}::text[])`];
  const { owner } = rule;
  if (owner.scope === 'merchant')
    where.push(`f.merchant_account_id = $${params.push(owner.merchantId)}::uuid`);
  if (owner.scope === 'reseller')
    where.push(`f.reseller_account_id = $${params.push(owner.resellerId)}::uuid`);
  return where;
}

/**
 * SQL a request must meet for the rule to hold, from the amount and currency conditions its
 * `when` requires (itself, or a leaf of its top `all`): it only narrows what the rule's own code
 * then decides, never decides.
 */
function requiredWhere(when: Condition, params: unknown[]): string[] {
  const leaves = 'all' in when ? when.all : [when];
  const where: string[] = [];
  for (const leaf of leaves) {
    if ('currency' in leaf) where.push(`f.currency = ANY ($${params.push(leaf.currency.in)})`);
    if (!('amount' in leaf)) continue;
    const { currency, op, value, to } = leaf.amount;
    const minor = (text: string) => `$${params.push(parseAmount(text, currency)!.toString())}`;
    where.push(`f.currency = $${params.push(currency)}`);
    if (op === 'between') where.push(`f.amount BETWEEN ${minor(value)} AND ${minor(to!)}`);
    else {
      const sign = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[op];
      where.push(`f.amount ${sign} ${minor(value)}`);
    }
  }
  return where;
}

/** Whether a rule reads the order id (a list of order ids): then a chunk joins the items. */
function readsOrderId(rule: EvaluatedRule): boolean {
  let reads = false;
  walkConditions(rule.definition.when, (leaf) => {
    if ('inList' in leaf && leaf.inList.key === 'order_id') reads = true;
  });
  return reads;
}

/** How many requests of the window the rule watches. */
export async function countWatched(db: Queryable, window: FactWindow): Promise<number> {
  const params: unknown[] = [window.from.toISOString(), window.to.toISOString()];
  const where = watchedWhere(window.rule, params);
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM risk_facts f
      WHERE f.at >= $1 AND f.at < $2 AND ${where.join(' AND ')}`,
    params,
  );
  return Number(rows[0]!.n);
}

/**
 * The window's requests the rule could hold, as one text of a line each (`factPages` reads
 * it), in no order (each is decided on its own, and a sort of the chunk is a tenth of its
 * read): watched, and meeting the amounts and currencies its `when` requires (a chunk of a
 * backtest: a few hours, read whole); each with its answers to the velocity `shapes`
 * (`bulkVelocitySource`).
 */
export async function readFactText(
  db: Queryable,
  window: FactWindow,
  shapes: readonly VelocityShape[] = [],
): Promise<string> {
  const params: unknown[] = [window.from.toISOString(), window.to.toISOString()];
  const source = bulkVelocitySource(shapes, params);
  const where = [
    ...watchedWhere(window.rule, params),
    ...requiredWhere(window.rule.definition.when, params),
  ];
  const orderId = readsOrderId(window.rule)
    ? `coalesce((SELECT p.order_id FROM payins p WHERE f.kind = 'payin' AND p.id = f.ref_id),
                (SELECT p.order_id FROM payouts p WHERE f.kind = 'payout' AND p.id = f.ref_id))`
    : 'NULL::text';
  const { rows } = await db.query<{ facts: string | null }>(
    `SELECT string_agg(${factLineSql(orderId, shapes.length)}, E'\\n') AS facts
       FROM ${source}
      WHERE f.at >= $1 AND f.at < $2 AND ${where.join(' AND ')}`,
    params,
  );
  return rows[0]?.facts ?? '';
}
