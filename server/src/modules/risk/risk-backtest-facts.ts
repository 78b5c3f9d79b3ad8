import {
  HISTORY_KEY_TYPES,
  parseAmount,
  walkConditions,
  type Condition,
  type HistoryKeyType,
  type RiskRuleKind,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { VelocityShape } from './conditions/velocity';
import { bulkVelocitySource } from './risk-backtest-velocity';
import { factColumnOf } from './risk-facts';
import type { ValueHash } from './risk-history.queries';
import type { EvaluatedRule, IntakeFacts } from './risk-types';

/*
 * What a backtest reads (docs/risk.md, "Backtests"): the requests of `risk_facts`, as intake
 * saw them. Facts keep each key only as its hash, so a backtest's facts carry a key as a token
 * of its hash: the history reads it back as the hash (`backtestValueHash`), a list matches it by
 * hash (`matchesHash`), and the rule's own code, the one intake runs, compares tokens as it
 * compares values. The order id, which facts do not keep, is read from the pay-in or pay-out.
 */

const TOKEN = 'hash:';
const tokenOf = (hash: string) => `${TOKEN}${hash}`;
/** Whether a backtest fact's value is a hash token (every key but the order id is). */
export const isHashToken = (value: string) => value.startsWith(TOKEN);
/** A token's hash. */
export const hashOfToken = (value: string): bigint => BigInt(value.slice(TOKEN.length));
/** The history's reading of a backtest's values: each is its hash's token. */
export const backtestValueHash: ValueHash = (_key, value) => hashOfToken(value);

/** The facts' key columns and the field of `IntakeFacts` each fills. */
const KEY_FIELDS: Readonly<Record<HistoryKeyType, keyof IntakeFacts>> = {
  email: 'email',
  customer_id: 'customerId',
  customer_ip: 'customerIp',
  source_ip: 'sourceIp',
  bank_account: 'bankAccount',
  wallet: 'wallet',
};

/** One row of facts as a chunk reads it (hashes as text: they are 64-bit). */
interface FactRow {
  ref_id: string;
  kind: RiskRuleKind;
  merchant_account_id: string;
  reseller_account_id: string | null;
  at: Date;
  currency: string;
  amount: string;
  order_id: string | null;
  [hash: `${string}_h`]: string | null;
  [velocity: `v${number}`]: string;
}

/** A fact read back, with its id and its answers to the velocity shapes read in bulk. */
export interface BacktestFact {
  readonly refId: string;
  readonly facts: IntakeFacts;
  readonly velocity?: readonly bigint[];
}

function factOf(row: FactRow, shapes: number): BacktestFact {
  const facts: Record<string, unknown> = {
    kind: row.kind,
    merchantId: row.merchant_account_id,
    resellerId: row.reseller_account_id,
    amount: BigInt(row.amount),
    currency: row.currency,
    orderId: row.order_id,
    at: row.at,
  };
  for (const key of HISTORY_KEY_TYPES) {
    const hash = row[`${key}_h`];
    if (hash !== null && hash !== undefined) facts[KEY_FIELDS[key]] = tokenOf(hash);
  }
  const velocity: bigint[] = [];
  for (let i = 0; i < shapes; i++) velocity.push(BigInt(row[`v${i}`]!));
  return { refId: row.ref_id, facts: facts as unknown as IntakeFacts, velocity };
}

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
 * The window's requests the rule could hold, in time order: watched, and meeting the amounts
 * and currencies its `when` requires (a chunk of a backtest: a few hours, read whole); each
 * with its answers to the velocity `shapes` (`bulkVelocitySource`).
 */
export async function readFacts(
  db: Queryable,
  window: FactWindow,
  shapes: readonly VelocityShape[] = [],
): Promise<BacktestFact[]> {
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
  const hashes = HISTORY_KEY_TYPES.map((key) => `f.${factColumnOf(key)}::text`).join(', ');
  const answers = shapes.map((_, i) => `, f.v${i}`).join('');
  const { rows } = await db.query<FactRow>(
    `SELECT f.ref_id, f.kind, f.merchant_account_id, f.reseller_account_id, f.at, f.currency,
            f.amount::text AS amount, ${orderId} AS order_id, ${hashes}${answers}
       FROM ${source}
      WHERE f.at >= $1 AND f.at < $2 AND ${where.join(' AND ')}
      ORDER BY f.at, f.ref_id`,
    params,
  );
  return rows.map((row) => factOf(row, shapes.length));
}
