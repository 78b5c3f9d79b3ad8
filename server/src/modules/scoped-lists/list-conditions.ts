import { CURRENCIES, currencyInfo } from '@bo/contract';
import type { Actor } from '../../core/context';
import type { ListInput, ScopedListSpec } from './list-spec';
import { sqlOf, type FixedCondition } from './list-totals';
import { scopeCondition } from './scope';
import { searchCondition } from './search-condition';

/*
 * A list request read into SQL conditions (`list-query.ts` runs them): the scope, filters, search
 * and amount bounds, the order, and the FROM its counts and keys read.
 */

/** Minor units of a decimal bound, rounded inward: a minimum up, a maximum down. */
function amountBound(text: string, scale: number, side: 'min' | 'max'): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  const exact = BigInt(whole + frac.slice(0, scale).padEnd(scale, '0'));
  const cut = /[1-9]/.test(frac.slice(scale));
  return side === 'min' && cut ? exact + 1n : exact;
}

/** The largest amount a `bigint` column holds. */
const MAX_AMOUNT = 2n ** 63n - 1n;

const SCALES = [...new Set(CURRENCIES.map((c) => c.scale))];
const codesOfScale = (scale: number) =>
  CURRENCIES.filter((c) => c.scale === scale).map((c) => c.code);

/** Conditions and their parameters, built as a list's request is read. */
export class Conditions {
  readonly where: string[] = [];
  constructor(readonly params: unknown[] = []) {}
  /** Adds `sql`, its `?` standing for `value`'s parameter. */
  add(sql: string, value: unknown): void {
    this.where.push(sql.replace('?', `$${this.params.push(value)}`));
  }
  text(): string {
    return this.where.length ? this.where.join(' AND ') : 'TRUE';
  }
}

/**
 * The table of a list alone (`FROM payins p`) and a test for conditions naming one of its
 * joined aliases, when `from` is the table under its alias followed only by joins that look a
 * partner up by its id (`[LEFT] JOIN accounts m ON m.id = p.merchant_account_id`): each row
 * then has the one partner its columns show, so the rows matching conditions on the table
 * alone are the same with or without the joins. Null for any other shape.
 */
export function baseOf(spec: ScopedListSpec): { from: string; joined: RegExp } | null {
  const head =
    /^\s*FROM\s+(\w+)\s+(\w+)((?:\s+(?:LEFT\s+)?JOIN\s+\w+\s+\w+\s+ON\s+\w+\.\w+\s*=\s*\w+\.\w+)*)\s*$/i.exec(
      spec.from,
    );
  if (!head || head[2] !== spec.alias) return null;
  const joins = [
    ...head[3]!.matchAll(/JOIN\s+\w+\s+(\w+)\s+ON\s+(\w+)\.(\w+)\s*=\s*(\w+)\.(\w+)/gi),
  ];
  const aliases: string[] = [];
  for (const [, alias, l, lc, r, rc] of joins) {
    // One side is the joined row's id, the other a column of the list's table.
    const byId =
      (l === alias && lc === 'id' && r === spec.alias) ||
      (r === alias && rc === 'id' && l === spec.alias);
    if (!byId) return null;
    aliases.push(alias!);
  }
  return {
    from: `FROM ${head[1]} ${spec.alias}`,
    joined: aliases.length ? new RegExp(`\\b(?:${aliases.join('|')})\\.`) : /(?!)/,
  };
}

/** What every read of one list shares, worked out once from its spec. */
export interface ListQuery {
  readonly spec: ScopedListSpec;
  /** The table alone and its joined aliases (`baseOf`), when counts and keys may skip joins. */
  readonly base: ReturnType<typeof baseOf>;
  /** The merchant column a reseller's scope is checked on, when it is a column of the table. */
  readonly merchantColumn: string | null;
}

export function listQueryOf(spec: ScopedListSpec): ListQuery {
  const merchantColumn =
    spec.scope.merchant && new RegExp(`^${spec.alias}\\.\\w+$`).test(spec.scope.merchant)
      ? spec.scope.merchant
      : null;
  return { spec, base: baseOf(spec), merchantColumn };
}

export const sortColumnOf = (spec: ScopedListSpec, input: ListInput) =>
  spec.sorts[input.sort ?? ''] ?? spec.sorts[spec.defaultSort]!;
export const isDesc = (input: ListInput) => (input.direction ?? 'desc') === 'desc';

export const orderOf = (spec: ScopedListSpec, input: ListInput) => {
  const dir = isDesc(input) ? 'DESC' : 'ASC';
  return `${sortColumnOf(spec, input)} ${dir}, ${spec.alias}.id ${dir}`;
};

/**
 * Every condition of the request but the status (the tabs count across statuses), its
 * parameters pushed onto `params`.
 */
export function listConditions(
  spec: ScopedListSpec,
  actor: Actor,
  input: ListInput,
  fixed: readonly FixedCondition[],
  params: unknown[] = [],
): Conditions {
  const a = spec.alias;
  const c = new Conditions(params);
  c.where.push(scopeCondition(actor, spec.scope, c.params), ...fixed.map(sqlOf));
  if (input.currency) c.add(`${a}.currency = ?`, input.currency);
  if (input.from) c.add(`${a}.created_at >= ?`, new Date(input.from).toISOString());
  if (input.to) c.add(`${a}.created_at <= ?`, new Date(input.to).toISOString());
  const code = (condition: string | undefined, value: string | undefined) => {
    if (value === undefined) return;
    if (condition) c.add(condition, value);
    else c.where.push('FALSE');
  };
  code(spec.codes.merchant, input.merchantDbCode);
  code(spec.codes.reseller, input.resellerDbCode);
  code(spec.codes.gateway, input.gatewayCode);
  if (input.search) c.where.push(searchCondition(spec.search, input.search, c.params));
  if (spec.amount) {
    addAmountBound(c, spec, spec.amount, input, 'min');
    addAmountBound(c, spec, spec.amount, input, 'max');
  }
  return c;
}

/** The request's amount minimum or maximum, if it has one, as a condition on `amount`. */
function addAmountBound(
  c: Conditions,
  spec: ScopedListSpec,
  amount: string,
  input: ListInput,
  side: 'min' | 'max',
): void {
  const text = side === 'min' ? input.amountMin : input.amountMax;
  if (text === undefined) return;
  const op = side === 'min' ? '>=' : '<=';
  // A bound past what an amount column holds: no amount reaches a minimum there (NULL
  // compares false), and every amount is under such a maximum.
  const sqlBound = (scale: number) => {
    const bound = amountBound(text, scale, side);
    if (bound <= MAX_AMOUNT) return String(bound);
    return side === 'min' ? null : String(MAX_AMOUNT);
  };
  if (input.currency) {
    c.add(`${amount} ${op} ?::bigint`, sqlBound(currencyInfo(input.currency).scale));
    return;
  }
  // Without a currency, each row's bound is in its own currency's scale.
  const cases = SCALES.map((scale) => {
    const codes = `$${c.params.push(codesOfScale(scale))}::text[]`;
    return `WHEN ${spec.alias}.currency = ANY(${codes}) THEN $${c.params.push(sqlBound(scale))}::bigint`;
  });
  c.where.push(`${amount} ${op} CASE ${cases.join(' ')} END`);
}

export function addStatus(spec: ScopedListSpec, c: Conditions, input: ListInput): Conditions {
  if (input.status) c.add(`${spec.alias}.status = ?`, input.status);
  return c;
}

/** A copy of `c` with the request's status added. */
export function withStatus(spec: ScopedListSpec, c: Conditions, input: ListInput): Conditions {
  const all = new Conditions([...c.params]);
  all.where.push(...c.where);
  return addStatus(spec, all, input);
}

/** What counts and keys read: the table alone unless a condition or the sort needs a join. */
export function keyFrom({ spec, base }: ListQuery, c: Conditions, sort = ''): string {
  return base && ![...c.where, sort].some((w) => base.joined.test(w)) ? base.from : spec.from;
}
