import { expect } from 'vitest';
import { formatAmount } from '@bo/contract';

/**
 * The profit and transaction reports recomputed from transaction rows, independently of the
 * report code (reports-profit.test.ts): day in a zone, success and failure per kind, sums.
 */
export interface Tx {
  kind: (typeof KINDS)[number];
  owner: string;
  code: string;
  reseller: string | null;
  currency: string;
  status: string;
  created_at: Date;
  gateway: string;
  /** Of an adjustment: the net it credited its owner (a debit negative). */
  amount: bigint;
  fee: bigint;
  gateway_cost: bigint;
  reseller_commission: bigint;
  platform_profit: bigint;
}

const KINDS = ['payin', 'payout', 'settlement', 'refund', 'dispute', 'adjustment'] as const;
const SPLIT = ['fee', 'gateway_cost', 'reseller_commission', 'platform_profit'] as const;

export const zoneDay = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

const SUCCESS: Record<Tx['kind'], readonly string[]> = {
  payin: ['success'],
  payout: ['success'],
  settlement: ['completed'],
  refund: ['succeeded'],
  dispute: ['won'],
  adjustment: ['approved'],
};
const FAILURE: Record<Tx['kind'], readonly string[]> = {
  payin: ['failed', 'expired'],
  payout: ['failed', 'rejected'],
  settlement: ['rejected'],
  refund: ['failed', 'rejected'],
  dispute: ['lost'],
  adjustment: ['rejected'],
};
const succeeded = (x: Tx) => SUCCESS[x.kind].includes(x.status);
/** Whether a report counts its volume and fees: a successful transaction, a lost dispute. */
const counted = (x: Tx) => (x.kind === 'dispute' ? x.status === 'lost' : succeeded(x));
/** Whether a report counts its fees: the counted ones, and a won dispute whose fee was kept. */
const feeCounted = (x: Tx) =>
  counted(x) || (x.kind === 'dispute' && x.status === 'won' && x.fee !== 0n);
const failed = (x: Tx) => FAILURE[x.kind].includes(x.status);
const sum = (xs: Tx[], f: (x: Tx) => bigint) => xs.reduce((s, x) => s + f(x), 0n);
const byKey = (xs: Tx[], key: (x: Tx) => string) => {
  const groups = new Map<string, Tx[]>();
  for (const x of xs) groups.set(key(x), [...(groups.get(key(x)) ?? []), x]);
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
};

/** A day report's default order (issue 40): the newest day first, keeping the order within a day. */
const newestDayFirst = <R extends { day: string }>(rows: R[]) =>
  [...rows].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));

function profitOf(xs: Tx[], currency: string): Record<string, string | number> {
  const out: Record<string, string | number> = { currency };
  const ok = xs.filter(feeCounted);
  for (const kind of KINDS) {
    const of = ok.filter((x) => x.kind === kind);
    out[`${kind}_count`] = of.filter(counted).length;
    out[`${kind}_volume`] = formatAmount(
      sum(of.filter(counted), (x) => x.amount),
      currency,
    );
    for (const f of SPLIT)
      out[`${kind}_${f}`] = formatAmount(
        sum(of, (x) => x[f]),
        currency,
      );
  }
  for (const f of SPLIT)
    out[`total_${f}`] = formatAmount(
      sum(ok, (x) => x[f]),
      currency,
    );
  return out;
}

const totalsOf = (xs: Tx[], figures: (xs: Tx[], currency: string) => Record<string, unknown>) =>
  byKey(xs, (x) => x.currency).map(([currency, of]) => figures(of, currency));

/** The profit report's rows (`account_id`, currency, figures) in id order, and its totals. */
export function profitReportOf(xs: Tx[], group: (x: Tx) => string) {
  const rows = byKey(xs, (x) => `${group(x)}|${x.currency}`).map(([, of]) => ({
    account_id: group(of[0]!),
    ...profitOf(of, of[0]!.currency),
  }));
  return { rows, totals: totalsOf(xs, profitOf) };
}

/** The detailed report: per day × merchant × gateway × currency, counted ones only. */
export function detailedProfitOf(xs: Tx[], zone: string) {
  const ok = xs.filter(feeCounted);
  const rows = byKey(ok, (x) =>
    [zoneDay(x.created_at, zone), x.code, x.gateway, x.currency].join('\u0001'),
  ).map(([, of]) => {
    const x = of[0]!;
    const day = zoneDay(x.created_at, zone);
    return {
      id: `${day}-${x.owner}-${x.gateway}-${x.currency}`,
      day,
      merchant_id: x.owner,
      merchant_db_code: x.code,
      gateway_code: x.gateway,
      ...profitOf(of, x.currency),
    };
  });
  return { rows: newestDayFirst(rows).map((r) => expectObject(r)), totals: totalsOf(ok, profitOf) };
}

/**
 * The profit per gateway (issue 43): every tenant's counted transactions per gateway ×
 * currency, in currency order, then gateway (no gateway last).
 */
export function gatewayProfitOf(xs: Tx[]) {
  const ok = xs.filter(feeCounted);
  const order = (x: Tx) => `${x.currency}\u0001${x.gateway || '\uffff'}`;
  const rows = byKey(ok, (x) => `${x.gateway}\u0001${x.currency}`)
    .sort(([, a], [, b]) => (order(a[0]!) < order(b[0]!) ? -1 : 1))
    .map(([, of]) => {
      const x = of[0]!;
      return {
        id: `${x.gateway || 'none'}-${x.currency}`,
        gateway_code: x.gateway,
        ...profitOf(of, x.currency),
      };
    });
  return { rows, totals: totalsOf(ok, profitOf) };
}

/** Rows compared with `toEqual` but carrying a field the test does not recompute (the name). */
const expectObject = (r: Record<string, unknown>) => ({ ...r, merchant_name: expect.any(String) });

function transactionsOf(xs: Tx[], currency: string): Record<string, string | number> {
  const out: Record<string, string | number> = { currency };
  let fee = 0n;
  const volume: Record<string, bigint> = {};
  for (const kind of KINDS) {
    const of = xs.filter((x) => x.kind === kind);
    const ok = of.filter(counted);
    out[`${kind}_count`] = of.length;
    out[`${kind}_success_count`] = of.filter(succeeded).length;
    out[`${kind}_failed_count`] = of.filter(failed).length;
    volume[kind] = sum(ok, (x) => x.amount);
    out[`${kind}_volume`] = formatAmount(volume[kind], currency);
    const kindFee = sum(of.filter(feeCounted), (x) => x.fee);
    out[`${kind}_fee`] = formatAmount(kindFee, currency);
    fee += kindFee;
  }
  out.total_fee = formatAmount(fee, currency);
  out.net = formatAmount(
    volume.payin! - volume.payout! - volume.settlement! - volume.refund! - volume.dispute! - fee,
    currency,
  );
  // The available balance's part: the pay-outs and their fees draw on the pay-out balance.
  const payoutFee = sum(xs.filter((x) => x.kind === 'payout').filter(succeeded), (x) => x.fee);
  out.available_net = formatAmount(
    volume.payin! - volume.settlement! - volume.refund! - volume.dispute! - (fee - payoutFee),
    currency,
  );
  return out;
}

/** The daily transactions report: per day × currency, every status counted. */
export function dailyTransactionsOf(xs: Tx[], zone: string) {
  const rows = byKey(xs, (x) => `${zoneDay(x.created_at, zone)}|${x.currency}`).map(([, of]) => {
    const x = of[0]!;
    const day = zoneDay(x.created_at, zone);
    return { id: `${day}-${x.currency}`, day, ...transactionsOf(of, x.currency) };
  });
  return {
    rows: newestDayFirst(rows),
    totals: byKey(xs, (x) => x.currency).map(([currency, of]) => transactionsOf(of, currency)),
  };
}

/** The daily earning report: one split figure of the successful ones per day × currency. */
export function dailyEarningOf(
  xs: Tx[],
  zone: string,
  figure: 'platform_profit' | 'reseller_commission',
) {
  const ok = xs.filter(feeCounted);
  const earningOf = (of: Tx[], currency: string) => {
    const out: Record<string, string> = { currency };
    for (const kind of KINDS)
      out[`${kind}_earning`] = formatAmount(
        sum(
          of.filter((x) => x.kind === kind),
          (x) => x[figure],
        ),
        currency,
      );
    out.earning = formatAmount(
      sum(of, (x) => x[figure]),
      currency,
    );
    return out;
  };
  return {
    rows: newestDayFirst(
      byKey(ok, (x) => `${zoneDay(x.created_at, zone)}|${x.currency}`).map(([, of]) => {
        const day = zoneDay(of[0]!.created_at, zone);
        return { id: `${day}-${of[0]!.currency}`, day, ...earningOf(of, of[0]!.currency) };
      }),
    ),
    totals: byKey(ok, (x) => x.currency).map(([currency, of]) => earningOf(of, currency)),
  };
}

/** A reseller's view of profit figures: the platform's own (gateway cost, profit) are null. */
export const asReseller = <T extends Record<string, unknown>>(r: T): T =>
  Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k, /_(gateway_cost|platform_profit)$/.test(k) ? null : v]),
  ) as T;
