import {
  FEE_SPLIT_PARTS,
  feeSplitSeenBy,
  formatAmount,
  LIST_TOTALS_ROW_CAP,
  type CurrencyTotals,
  type FeeSplitPart,
  type FeeSplitTotals,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';
import type { RollupDelta } from '../../ledger/rollups';
import { allTimeFigureRows, reportFigureRows } from '../../ledger/report-sources';
import { scopeCondition } from './scope';

/**
 * Totals of a list's filtered set (`getListTotals`): count, amount, fee, net and the fee's
 * split per currency of every row the list's own conditions match. Where every filter is one
 * the report rollups keep (ledger/rollups.ts: owner, currency, UTC day of creation, kind,
 * status, gateway, and the fee split; written in the same transaction as each row's change),
 * the whole UTC days inside the date range are read from the rollups (whole months from their
 * month rows; a list opened with no range, from their all-time rows: issue 46) and only the
 * part days at its ends from the rows. Under any other filter (a search, an amount range, a
 * flag the rollups don't know) the rows are added up:
 * first the rollups count the rows the other filters leave over the days the range touches,
 * and past `LIST_TOTALS_ROW_CAP` the answer is capped without reading them (a search finds a
 * handful through its index and is never counted first); more than the cap matching is capped
 * too. So no request reads more than about the cap's worth of rows one by one.
 */

export type RollupKind = RollupDelta['kind'];

/** What a call's own constant condition means in the rollups. */
export interface RollupSlice {
  readonly kind?: RollupKind;
  readonly statuses?: readonly string[];
}

/**
 * A call's own constant condition (a queue's statuses, a settlement's destination): its SQL
 * and, where the rollups can tell it, what it means there. Bare SQL is a condition the
 * rollups can't tell (a pay-out's in-house flag): totals under it add the rows up.
 */
export type FixedCondition = string | { readonly sql: string; readonly rollup: RollupSlice };

/** The SQL of a fixed condition. */
export const sqlOf = (c: FixedCondition): string => (typeof c === 'string' ? c : c.sql);

/** The condition "status is one of `statuses`" on the table under `alias`, rollups included. */
export function statusIn(alias: string, statuses: readonly string[]): FixedCondition {
  if (!statuses.every((s) => /^[a-z_]+$/.test(s))) throw new Error('A status is a plain name');
  return {
    sql: `${alias}.status IN (${statuses.map((s) => `'${s}'`).join(', ')})`,
    rollup: { statuses },
  };
}

/** How a list's rows add up: the columns besides the amount, and where its rollups are. */
export type TotalsSpec = TotalsColumns &
  (
    | { readonly rollup?: RollupOf; readonly signedAmount?: undefined }
    | {
        /**
         * The amount the totals add where the rows move money either way (the contract's
         * `listTotalsAreSigned`: a balance adjustment's credit plus, its debit minus), the SQL
         * of the rows' `signed_amount`. The rollups keep volumes unsigned: such a list has
         * none, and its totals add its rows up.
         */
        readonly signedAmount: string;
        readonly rollup?: undefined;
      }
  );

/**
 * The list's rows in the rollups: their kind (else a fixed condition names it), whose
 * they are (the rollup's owner: the row's merchant, or its reseller), and whether the rollups
 * keep the row's gateway code.
 */
interface RollupOf {
  readonly kind?: RollupKind;
  readonly owner: 'merchant' | 'reseller';
  readonly gateway?: boolean;
}

interface TotalsColumns {
  /** The fee column (minor units), when the rows have one. */
  readonly fee?: string;
  /**
   * The net amount column, when the rows have one. It is always amount − fee (`fees.ts`),
   * which is how it is read from the rollups (they keep volume and fee).
   */
  readonly net?: string;
  /**
   * The rows' fee split (`FEE_SPLIT_PARTS`, minor units): each part's SQL, when the rows keep
   * the split (a part they never have, as a settlement's gateway cost, `0::bigint`). Over
   * whole days it is read from the report rollups, which keep the same parts of the same rows.
   */
  readonly split?: Readonly<Record<FeeSplitPart, string>>;
}

/** The fee split's columns of a table that keeps all its parts under their names. */
export const feeSplitColumnsOf = (alias: string): Record<FeeSplitPart, string> =>
  Object.fromEntries(FEE_SPLIT_PARTS.map((p) => [p, `${alias}.${p}`])) as Record<
    FeeSplitPart,
    string
  >;

/** The fee split's parts as the sums of a totals part (`sum(x)::text AS part`). */
const splitSums = (of: (part: FeeSplitPart) => string) =>
  FEE_SPLIT_PARTS.map((p) => `sum(${of(p)})::text AS ${p}`).join(', ');

/** The filters of a list request (`ListInput` without its page and order): the totals read them. */
export interface ListFilters {
  readonly search?: string;
  readonly status?: string;
  readonly currency?: string;
  readonly from?: string;
  readonly to?: string;
  readonly merchantDbCode?: string;
  readonly resellerDbCode?: string;
  readonly gatewayCode?: string;
  readonly amountMin?: string;
  readonly amountMax?: string;
}

/** One list's request, as the totals need it from the list (`ScopedList.totals`). */
export interface TotalsQuery {
  readonly alias: string;
  /** The amount column, in minor units of `<alias>.currency`. */
  readonly amount: string;
  readonly spec: TotalsSpec;
  readonly actor: Pick<Actor, 'accountType' | 'scopeAccountId'>;
  readonly input: ListFilters;
  readonly fixed: readonly FixedCondition[];
  /** The list's code filter conditions (a code filter without one matches nothing). */
  readonly codes: {
    readonly merchant?: string;
    readonly reseller?: string;
    readonly gateway?: string;
  };
  /**
   * The list's own conditions for the request (scope, filters, status, fixed), the same the
   * page and the export read, with their parameters pushed onto `params`, and the from clause
   * they need (the table alone unless a condition names a joined table). `without` leaves a
   * date bound out.
   */
  readonly matching: (params: unknown[], without?: 'to') => { from: string; where: string };
}

/** The answer, and where it was read from (for tests and the benchmark). */
export interface ListTotals {
  readonly totals: CurrencyTotals[];
  readonly capped: boolean;
  readonly source: 'rollups' | 'rows';
}

const DAY_MS = 86_400_000;
/** Midnights a `date` column holds as YYYY-MM-DD (years 1–9999). */
const MIN_DAY = Date.parse('0001-01-01T00:00:00Z');
const MAX_DAY = Date.UTC(9999, 11, 31);
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface RollupPlan {
  readonly kind: RollupKind;
  readonly owner: 'merchant' | 'reseller';
  /** The statuses allowed (null: any). */
  readonly statuses: readonly string[] | null;
  /** UTC days read from the rollups: from `lo` (a midnight, inclusive) to `hi` (exclusive). */
  readonly lo: number | null;
  readonly hi: number | null;
  /**
   * Every filter is one the rollups keep and `lo`–`hi` are the whole days of the range: the
   * rollups (plus the rows of the part days) are the totals. Otherwise the rollups, over the
   * days the range touches and with the filters they keep, count at least the rows the list's
   * other conditions select, so they bound what adding the rows up would read.
   */
  readonly exact: boolean;
}

/** A midnight a `date` column names (years 1–9999), else null. */
const dayOrNull = (ms: number) => (ms >= MIN_DAY && ms <= MAX_DAY ? ms : null);

/**
 * How the rollups serve the request, or null when they can't (no rollups, no kind). `from`
 * and `to` are inclusive instants (milliseconds; rows keep microseconds): a day is whole
 * when its first instant is at or after `from` and every instant before the next midnight
 * is at or before `to`, so the next midnight is at most `to`.
 */
function rollupPlanOf(q: TotalsQuery): RollupPlan | null {
  const { input, spec } = q;
  const source = spec.rollup;
  if (!source) return null;
  let exact = !input.search && !input.amountMin && !input.amountMax;
  // A filter the rollups can't apply is left out of them: exact no more, still a bound.
  if (input.gatewayCode && !source.gateway) exact = false;
  if (input.merchantDbCode && source.owner !== 'merchant') exact = false;
  let kind = source.kind;
  let statuses: readonly string[] | null = input.status ? [input.status] : null;
  for (const c of q.fixed) {
    if (typeof c === 'string') {
      exact = false;
      continue;
    }
    if (c.rollup.kind) {
      if (kind && kind !== c.rollup.kind) return null;
      kind = c.rollup.kind;
    }
    const only = c.rollup.statuses;
    if (only) statuses = statuses ? statuses.filter((s) => only.includes(s)) : only;
  }
  if (!kind) return null;
  const from = input.from === undefined ? null : Date.parse(input.from);
  const to = input.to === undefined ? null : Date.parse(input.to);
  const plan = { kind, owner: source.owner, statuses };
  if (exact) {
    const lo = from === null ? null : dayOrNull(Math.ceil(from / DAY_MS) * DAY_MS);
    const hi = to === null ? null : dayOrNull(Math.floor(to / DAY_MS) * DAY_MS);
    const named = (from === null || lo !== null) && (to === null || hi !== null);
    if (named && (lo === null || hi === null || lo < hi)) return { ...plan, lo, hi, exact };
  }
  // The days the range touches (a bound); an end a `date` can't name is left open.
  const lo = from === null ? null : dayOrNull(Math.floor(from / DAY_MS) * DAY_MS);
  const hi = to === null ? null : dayOrNull(Math.floor(to / DAY_MS) * DAY_MS + DAY_MS);
  return { ...plan, lo, hi, exact: false };
}

/**
 * The report rollups' rows of the plan's UTC days (`reportFigureRows`: whole months from the
 * month rows, the days around them from the day rows, and the buckets not yet folded), so a
 * range of a year reads a dozen rows per key, not 365, and no range at all reads the all-time
 * rows (`allTimeFigureRows`): one per key. The report rollups are written in the
 * transaction of every change of a row, keyed by its creation instant (`rollupWrites`), so over
 * the same days and filters they count the list's rows. The day `hi` itself is added when
 * `lastDayBroken` says no matching row of it comes after `to` (see `readListTotals`).
 */
function reportRollupsOf(plan: RollupPlan, params: unknown[], lastDayBroken: string | null) {
  if (plan.lo === null && plan.hi === null) {
    // No range (a list as it opens): the all-time rows, flat however long the history.
    const part = allTimeFigureRows(params.length);
    params.push(...part.params);
    return `(${part.sql})`;
  }
  const read = (fromDay: string, toDay: string) => {
    const part = reportFigureRows(
      { zone: 'UTC', fromDay, toDay },
      null,
      { byDay: false, byOwner: true },
      params.length,
    );
    params.push(...part.params);
    return part.sql;
  };
  const days = read(
    plan.lo === null ? dayText(MIN_DAY) : dayText(plan.lo),
    plan.hi === null ? dayText(MAX_DAY - DAY_MS) : dayText(plan.hi - DAY_MS),
  );
  if (plan.hi === null || !lastDayBroken) return `(${days})`;
  const lastDay = read(dayText(plan.hi), dayText(plan.hi));
  return `(${days} UNION ALL SELECT * FROM (${lastDay}) last_day WHERE NOT ${lastDayBroken})`;
}

/**
 * The rollups' part of the totals over the plan's days, grouped by currency, with every
 * filter the rollups keep (a filter they don't keep is left out: see `RollupPlan.exact`):
 * count, amount, fee, net and the fee split, from the report rollups.
 */
function rollupPart(
  q: TotalsQuery,
  plan: RollupPlan,
  params: unknown[],
  lastDayBroken: string | null = null,
  per: 'currency' | 'status' = 'currency',
): string {
  const { input } = q;
  const add = (value: unknown) => `$${params.push(value)}`;
  const byCode = (code: string) =>
    `(SELECT id FROM accounts WHERE account_db_code = ${add(code)} AND parent_account_id IS NULL)`;
  const owner = 'r.owner_account_id';
  const where = [
    `r.kind = ${add(plan.kind)}`,
    // The list's own scope, on the rollup's owner: a reseller's merchants by the accounts.
    scopeCondition(
      q.actor,
      plan.owner === 'merchant' ? { merchant: owner } : { reseller: owner },
      params,
    ),
  ];
  if (input.currency) where.push(`r.currency = ${add(input.currency)}`);
  if (plan.statuses) where.push(`r.status = ANY(${add(plan.statuses)}::text[])`);
  if (input.gatewayCode && q.spec.rollup?.gateway)
    where.push(`r.gateway_code = ${add(input.gatewayCode)}`);
  if (input.merchantDbCode && plan.owner === 'merchant')
    where.push(`${owner} = ${byCode(input.merchantDbCode)}`);
  if (input.resellerDbCode)
    // A row's reseller is its merchant's, fixed when the merchant is created.
    where.push(
      plan.owner === 'merchant'
        ? `${owner} IN (SELECT id FROM accounts WHERE reseller_account_id = ${byCode(input.resellerDbCode)})`
        : `${owner} = ${byCode(input.resellerDbCode)}`,
    );
  return `SELECT 'rollups' AS part, r.${per}, sum(r.count)::text AS n, sum(r.volume)::text AS amount,
                 sum(r.fee)::text AS fee, sum(r.volume - r.fee)::text AS net, ${splitSums((p) => `r.${p}`)}
            FROM ${reportRollupsOf(plan, params, lastDayBroken)} r
           WHERE ${where.join(' AND ')} GROUP BY r.${per}`;
}

/**
 * The rows' part of the totals: the rows matching the list's conditions (and `extra`, the
 * ends of a range the rollups don't cover), at most `cap + 1` of them, grouped by currency.
 */
function rowsPart(q: TotalsQuery, params: unknown[], cap: number, extra: string[][]): string {
  const a = q.alias;
  const split = FEE_SPLIT_PARTS.map((p) => `${q.spec.split?.[p] ?? '0::bigint'} AS ${p}`);
  const columns = `${a}.currency, ${q.spec.signedAmount ?? q.amount} AS amount, ${q.spec.fee ?? '0::bigint'} AS fee,
                   ${q.spec.net ?? '0::bigint'} AS net, ${split.join(', ')}`;
  const pieces = extra.map((conditions) => {
    const m = q.matching(params);
    return `(SELECT ${columns} ${m.from} WHERE ${[m.where, ...conditions].join(' AND ')} LIMIT ${Math.trunc(cap) + 1})`;
  });
  return `SELECT 'rows' AS part, currency, count(*)::text AS n, sum(amount)::text AS amount,
                 sum(fee)::text AS fee, sum(net)::text AS net, ${splitSums((p) => p)}
            FROM (${pieces.join(' UNION ALL ')}) x GROUP BY currency`;
}

type Sums = Record<'n' | 'amount' | 'fee' | 'net' | FeeSplitPart, bigint>;
const SUMMED = ['n', 'amount', 'fee', 'net', ...FEE_SPLIT_PARTS] as const;

type PartRow = { part: 'rows' | 'rollups'; currency: string } & Record<
  (typeof SUMMED)[number],
  string | null
>;

/** The fee split's totals as the viewer may see them (`feeSplitSeenBy`). */
const splitSeen = (q: TotalsQuery, s: Sums, currency: string): FeeSplitTotals | null =>
  q.spec.split
    ? feeSplitSeenBy(q.actor.accountType, (part) => formatAmount(s[part], currency))
    : null;

/** Whether a code filter names a code the list has no condition for: it matches nothing. */
function matchesNothing({ input, codes }: TotalsQuery): boolean {
  return (
    (input.merchantDbCode !== undefined && codes.merchant === undefined) ||
    (input.resellerDbCode !== undefined && codes.reseller === undefined) ||
    (input.gatewayCode !== undefined && codes.gateway === undefined)
  );
}

/**
 * The totals of a list request (see the top of this file). The rollups and the rows of the
 * part days are read in one statement, so they come from one snapshot. Rows are added up one
 * by one only when the rollups (or a search, which finds a handful by an index) say there are
 * at most `cap` of them to read.
 */
export async function readListTotals(
  db: Queryable,
  q: TotalsQuery,
  cap = LIST_TOTALS_ROW_CAP,
): Promise<ListTotals> {
  // A code filter the list has no condition for matches nothing (as on its pages).
  if (matchesNothing(q)) return { totals: [], capped: false, source: 'rows' };
  const plan = rollupPlanOf(q);
  const params: unknown[] = [];
  const parts: string[] = [];
  if (plan?.exact) {
    // The part days at the ends of the range, read from the rows as the list reads them.
    const a = q.alias;
    const at = (ms: number) => `$${params.push(new Date(ms).toISOString())}::timestamptz`;
    const ends: string[][] = [];
    let lastDayBroken: string | null = null;
    if (plan.lo !== null) ends.push([`${a}.created_at < ${at(plan.lo)}`]);
    if (plan.hi !== null && q.input.to !== undefined) {
      // The day `to` falls in is whole as well when no row matching the other filters comes
      // after `to` that day: a range ending now or later (a preset ending today) reads it
      // from the rollups, after one index probe. One statement, so one snapshot for both.
      const next = plan.hi + DAY_MS;
      if (next <= MAX_DAY) {
        const m = q.matching(params, 'to');
        lastDayBroken = `(SELECT EXISTS (SELECT 1 ${m.from} WHERE ${m.where}
          AND ${a}.created_at > ${at(Date.parse(q.input.to))} AND ${a}.created_at < ${at(next)}))`;
      }
      ends.push([`${a}.created_at >= ${at(plan.hi)}`, ...(lastDayBroken ? [lastDayBroken] : [])]);
    }
    if (ends.length) parts.push(rowsPart(q, params, cap, ends));
    parts.push(rollupPart(q, plan, params, lastDayBroken));
  } else {
    if (plan && !q.input.search) {
      const counted: unknown[] = [];
      const { rows } = await db.query<PartRow>(rollupPart(q, plan, counted), counted);
      const toRead = rows.reduce((n, r) => n + BigInt(r.n ?? 0), 0n);
      if (toRead > BigInt(cap)) return { totals: [], capped: true, source: 'rows' };
    }
    parts.push(rowsPart(q, params, cap, [[]]));
  }
  const { rows } = await db.query<PartRow>(parts.join(' UNION ALL '), params);

  const sums = new Map<string, Sums>();
  let fromRows = 0n;
  for (const r of rows) {
    if (r.part === 'rows') fromRows += BigInt(r.n ?? '0');
    const s = sums.get(r.currency) ?? (Object.fromEntries(SUMMED.map((k) => [k, 0n])) as Sums);
    for (const k of SUMMED) s[k] += BigInt(r[k] ?? '0');
    sums.set(r.currency, s);
  }
  const source = plan?.exact ? 'rollups' : 'rows';
  if (fromRows > BigInt(cap)) return { totals: [], capped: true, source };
  const totals = [...sums.entries()]
    .filter(([, s]) => s.n !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, s]) => ({
      currency,
      count: Number(s.n),
      amount: formatAmount(s.amount, currency),
      fee: q.spec.fee ? formatAmount(s.fee, currency) : null,
      net_amount: q.spec.net ? formatAmount(s.net, currency) : null,
      fee_split: splitSeen(q, s, currency),
    }));
  return { totals, capped: false, source };
}

/**
 * How many rows of each status the list's request matches (its status filter left out), from
 * the report rollups' all-time rows, each at most `cap + 1` as the rows would be counted; null
 * when the rollups can't say exactly (a date range, a search, an amount range, a condition they
 * don't keep): the list then counts its rows. A list opens with no range, and counting each
 * status's rows up to the cap grew with the history until the cap (issue 46); this reads a row
 * per owner and status however long the history.
 */
export async function readRollupStatusCounts(
  db: Queryable,
  q: TotalsQuery,
  cap: number,
): Promise<Record<string, number> | null> {
  if (matchesNothing(q)) return null;
  const plan = rollupPlanOf({ ...q, input: { ...q.input, status: undefined } });
  if (!plan?.exact || plan.lo !== null || plan.hi !== null) return null;
  const params: unknown[] = [];
  const { rows } = await db.query<{ status: string; n: string | null }>(
    rollupPart(q, plan, params, null, 'status'),
    params,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Math.min(Number(r.n ?? 0), cap + 1)]));
}
