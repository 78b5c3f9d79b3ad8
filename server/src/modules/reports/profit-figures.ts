import {
  formatAmount,
  moneyKind,
  moneyKindNames,
  PLATFORM_PROFIT_FIGURES,
  PROFIT_FIGURES,
  PROFIT_KINDS,
  PROFIT_TOTAL_FIGURES,
  type MoneyKindDef,
  type MoneyKindName,
  type ProfitKind,
  type ProfitTotalsRow,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { reportFigureRows, type ZoneDays } from '../../ledger/report-sources';

/**
 * The transaction figures the profit and transaction reports read: `reportFigureRows` of the
 * profit kinds (`PROFIT_KINDS`; a settlement to the USDT wallet counts as a settlement),
 * summed per outcome (success, failed, other), whether the reports count its volume and fees,
 * and per the keys a report groups by.
 */

/** The rollup kinds the profit figures read: each profit kind, and the USDT wallet settlement. */
const FIGURE_KINDS: readonly MoneyKindName[] = [...PROFIT_KINDS, 'settlement_wallet'];

/** The outcome of a rollup row by its kind's registry `outcomes` (the rest are under way). */
const OUTCOME_SQL = `CASE ${FIGURE_KINDS.flatMap((name) => {
  const { outcomes } = moneyKind(name);
  return (['success', 'failed'] as const).map(
    (outcome) =>
      `WHEN kind = '${name}' AND status IN (${outcomes[outcome].map((s) => `'${s}'`).join(', ')}) THEN '${outcome}'`,
  );
}).join(' ')} ELSE 'other' END`;

/** A CASE over the figure kinds: whether a rollup row's status is among `statusesOf` its kind. */
const statusCaseSql = (statusesOf: (kind: MoneyKindDef) => readonly string[]) =>
  `(CASE ${FIGURE_KINDS.map((name) => {
    const statuses = statusesOf(moneyKind(name));
    return `WHEN kind = '${name}' THEN ${statuses.length ? `status IN (${statuses.map((s) => `'${s}'`).join(', ')})` : 'false'}`;
  }).join(' ')} ELSE false END)`;

/**
 * Whether the reports count a rollup row's volume and fees: its kind's registry `reportCounts`,
 * else its `outcomes.success` (a successful transaction; a dispute: a lost one).
 */
const countedStatuses = (kind: MoneyKindDef) => kind.reportCounts ?? kind.outcomes.success;
const COUNTED_SQL = statusCaseSql(countedStatuses);
/**
 * Whether the reports count a rollup row's fees (and their split): the counted rows, and its
 * kind's `reportFees` (a won dispute: the fee the gateway kept, its volume not counted).
 */
const FEE_COUNTED_SQL = statusCaseSql((kind) => [
  ...countedStatuses(kind),
  ...(kind.reportFees ?? []),
]);

/**
 * A rollup row's volume as the reports count it: the rollup's, but of a kind the platform pays
 * (`platformPaysVolume`: an adjustment) the net it gave the owners, minus its platform profit
 * (its rollups keep the amount as volume, unsigned, for its list's totals).
 */
const PLATFORM_PAID = moneyKindNames((k) => !!k.platformPaysVolume && !!k.profit);
/** Whether the platform pays a kind's volume (`platformPaysVolume`: an adjustment). */
export const isPlatformPaid = (kind: MoneyKindName) => PLATFORM_PAID.includes(kind);
const VOLUME_SQL = PLATFORM_PAID.length
  ? `CASE WHEN kind IN (${PLATFORM_PAID.map((k) => `'${k}'`).join(', ')}) THEN -platform_profit ELSE volume END`
  : 'volume';

export type Outcome = 'success' | 'failed' | 'other';
export type FigureKey = 'day' | 'owner' | 'gateway';

/** One group of figures: the keys asked for, then the currency, kind, outcome and sums. */
export interface FigureRow {
  readonly day: string;
  readonly owner: string;
  readonly gateway: string;
  readonly currency: string;
  readonly kind: ProfitKind;
  readonly outcome: Outcome;
  /** Whether its count, volume and fees count (`COUNTED_SQL`). */
  readonly counted: boolean;
  /** Whether its fees and their split count (`FEE_COUNTED_SQL`: `counted`, or a fee kept). */
  readonly feeCounted: boolean;
  readonly count: bigint;
  readonly volume: bigint;
  readonly fee: bigint;
  readonly gateway_cost: bigint;
  readonly reseller_commission: bigint;
  readonly platform_profit: bigint;
}

const KEY_SQL: Record<FigureKey, string> = {
  day: `day::text AS day`,
  owner: `owner_account_id::text AS owner`,
  gateway: `gateway_code AS gateway`,
};

/**
 * The figures of `owners` (null: every tenant) over the report's days, in one currency or all,
 * grouped by `keys` (missing keys read as ''), from the coarsest rollup those keys allow;
 * `countedOnly`: the counted figures only (all a profit figure counts: the successful
 * transactions, the lost disputes, the fees the gateway kept on won ones; a won dispute whose
 * fee came back counts nothing, so it makes no row of zeros).
 */
export async function readFigures(
  db: Queryable,
  days: ZoneDays,
  owners: readonly string[] | null,
  currency: string | undefined,
  keys: readonly FigureKey[],
  options: { countedOnly?: boolean } = {},
): Promise<FigureRow[]> {
  const part = reportFigureRows(days, owners, {
    byDay: keys.includes('day'),
    byOwner: keys.includes('owner'),
  });
  const currencyParam = `$${part.params.length + 1}`;
  const keyColumns = keys.map((k) => `${KEY_SQL[k]}, `).join('');
  // The keys, then currency, kind, outcome, counted and feeCounted, by position.
  const groupBy = Array.from({ length: keys.length + 5 }, (_, i) => i + 1).join(', ');
  const { rows } = await db.query<Partial<FigureRow>>(
    `SELECT ${keyColumns} currency,
            CASE WHEN kind = 'settlement_wallet' THEN 'settlement' ELSE kind END AS kind,
            ${OUTCOME_SQL} AS outcome, ${COUNTED_SQL} AS counted,
            ${FEE_COUNTED_SQL} AS "feeCounted",
            sum(count)::bigint AS count, sum(${VOLUME_SQL})::bigint AS volume, sum(fee)::bigint AS fee,
            sum(gateway_cost)::bigint AS gateway_cost,
            sum(reseller_commission)::bigint AS reseller_commission,
            sum(platform_profit)::bigint AS platform_profit
       FROM (${part.sql}) f
      WHERE kind IN (${FIGURE_KINDS.map((k) => `'${k}'`).join(', ')})
        AND (${currencyParam}::text IS NULL OR currency = ${currencyParam})
        ${options.countedOnly ? `AND (${COUNTED_SQL} OR (${FEE_COUNTED_SQL} AND fee <> 0))` : ''}
      GROUP BY ${groupBy}`,
    [...part.params, currency ?? null],
  );
  return rows.map((r) => ({ day: '', owner: '', gateway: '', ...r }) as FigureRow);
}

type Sums = Record<(typeof PROFIT_FIGURES)[number] | 'count', bigint>;
/** The counted figures of each kind (successful transactions, lost disputes, kept fees). */
export type ProfitSums = Record<ProfitKind, Sums>;

const zeroSums = (): Sums => ({
  count: 0n,
  volume: 0n,
  fee: 0n,
  gateway_cost: 0n,
  reseller_commission: 0n,
  platform_profit: 0n,
});

export const emptyProfit = (): ProfitSums =>
  Object.fromEntries(PROFIT_KINDS.map((kind) => [kind, zeroSums()])) as ProfitSums;

/**
 * Adds a figure row to the sums when it counts (a successful transaction, a lost dispute); of a
 * row whose fee alone counts (a won dispute's kept fee), its fees and their split.
 */
export function addProfit(sums: ProfitSums, row: FigureRow): void {
  if (!row.feeCounted) return;
  const s = sums[row.kind];
  if (row.counted) {
    s.count += row.count;
    s.volume += row.volume;
  }
  for (const f of PROFIT_FIGURES) if (f !== 'volume') s[f] += row[f];
}

/**
 * The profit fields of a row or of the totals (`ProfitTotalsRow`), as exact decimals; without
 * `platformFigures` (a reseller), the gateways' cost and the platform's profit are null.
 */
export function profitFields(
  sums: ProfitSums,
  currency: string,
  platformFigures: boolean,
): ProfitTotalsRow {
  const out: Record<string, string | number | null> = { currency };
  const total = zeroSums();
  for (const kind of PROFIT_KINDS) {
    out[`${kind}_count`] = Number(sums[kind].count);
    for (const f of PROFIT_FIGURES) {
      out[`${kind}_${f}`] = formatAmount(sums[kind][f], currency);
      total[f] += sums[kind][f];
    }
  }
  for (const f of PROFIT_TOTAL_FIGURES) out[`total_${f}`] = formatAmount(total[f], currency);
  if (!platformFigures)
    for (const f of PLATFORM_PROFIT_FIGURES)
      for (const of of [...PROFIT_KINDS, 'total']) out[`${of}_${f}`] = null;
  return out as unknown as ProfitTotalsRow;
}

/**
 * Where the fee split does not add up (fee = gateway cost + reseller commission + platform
 * profit, docs/money.md; of a kind the platform pays, fee − volume, the net it gave away): one
 * line per currency, so the report shows it rather than hides it.
 */
export function splitDifferences(totals: ReadonlyMap<string, ProfitSums>): string[] {
  const found: string[] = [];
  for (const [currency, sums] of totals) {
    for (const kind of PROFIT_KINDS) {
      const s = sums[kind];
      const parts = s.gateway_cost + s.reseller_commission + s.platform_profit;
      const split = isPlatformPaid(kind) ? s.fee - s.volume : s.fee;
      if (parts !== split)
        found.push(
          `${currency} ${kind}: fees ${formatAmount(split, currency)} ≠ gateway cost + commission + profit ${formatAmount(parts, currency)}`,
        );
    }
  }
  return found;
}

/** A map's entry, created empty on first use. */
export function entryOf<V>(map: Map<string, V>, key: string, empty: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = empty();
    map.set(key, value);
  }
  return value;
}

/** Currency totals of keyed sums, in currency order. */
export function totalsByCurrency(
  groups: Iterable<{ currency: string; sums: ProfitSums }>,
): Map<string, ProfitSums> {
  const totals = new Map<string, ProfitSums>();
  for (const g of groups) {
    const t = entryOf(totals, g.currency, emptyProfit);
    for (const kind of PROFIT_KINDS)
      for (const f of [...PROFIT_FIGURES, 'count'] as const) t[kind][f] += g.sums[kind][f];
  }
  return new Map([...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
