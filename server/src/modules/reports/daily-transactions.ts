import {
  formatAmount,
  moneyKind,
  PROFIT_KINDS,
  type DailyTransactionsRow,
  type MoneyKindDef,
  type getDailyTransactionsReport,
  type ProfitKind,
} from '@bo/contract';
import type { z } from 'zod';
import type { UserCallContext } from '../../core/context';
import { byDay, readReportDays, reportOwners, type ComputedReport } from './report-service';
import { entryOf, isPlatformPaid, readFigures, type FigureRow } from './profit-figures';
import { accountInScope } from './profit-scope';

type Input = z.output<(typeof getDailyTransactionsReport)['request']>;
type Totals = Omit<DailyTransactionsRow, 'id' | 'day'>;

interface KindSums {
  count: bigint;
  success: bigint;
  failed: bigint;
  volume: bigint;
  fee: bigint;
}
type DaySums = Record<ProfitKind, KindSums>;

const emptyDay = (): DaySums =>
  Object.fromEntries(
    PROFIT_KINDS.map((kind) => [kind, { count: 0n, success: 0n, failed: 0n, volume: 0n, fee: 0n }]),
  ) as DaySums;

function add(sums: DaySums, f: FigureRow): void {
  const s = sums[f.kind];
  s.count += f.count;
  if (f.outcome === 'failed') s.failed += f.count;
  if (f.outcome === 'success') s.success += f.count;
  if (f.counted) s.volume += f.volume;
  if (f.feeCounted) s.fee += f.fee;
}

/**
 * How a kind's counted volume moves the merchants' balances in `net`, by its registry `money`:
 * a credit adds (pay-ins), a debit takes (pay-outs, settlements, refunds, lost disputes); and
 * whether it is on the available balance (`available_net`: pay-outs draw on the pay-out
 * balance). A kind the platform pays (an adjustment) is in neither: a correction, not a
 * transaction, whose balance (a merchant's available or pay-out balance, a reseller's
 * commission) the rollups do not keep; its columns show the net it credited, as the profit
 * report's volume does.
 */
const NET_KINDS = PROFIT_KINDS.filter((kind) => !isPlatformPaid(kind)).map((kind) => {
  const { money } = moneyKind(kind) as MoneyKindDef;
  return {
    kind,
    sign: money.effect === 'credit' ? 1n : -1n,
    available: money.balance === 'available',
  };
});

/**
 * A day's (or the totals') fields; `net` = pay-in − pay-out − settlement − refund − lost
 * dispute volume − fees (a dispute's: the lost ones' and those the gateway kept on won ones),
 * over every balance of the merchants; `available_net` = pay-in − settlement − refund − lost
 * dispute volume − their fees, the part of it on the available balance (the contract ledger's
 * movement). Both by `NET_KINDS`.
 */
function fieldsOf(sums: DaySums, currency: string): Totals {
  const out: Record<string, string | number> = { currency };
  let fee = 0n;
  for (const kind of PROFIT_KINDS) {
    const s = sums[kind];
    out[`${kind}_count`] = Number(s.count);
    out[`${kind}_success_count`] = Number(s.success);
    out[`${kind}_failed_count`] = Number(s.failed);
    out[`${kind}_volume`] = formatAmount(s.volume, currency);
    out[`${kind}_fee`] = formatAmount(s.fee, currency);
    fee += s.fee;
  }
  let net = 0n;
  let availableNet = 0n;
  for (const { kind, sign, available } of NET_KINDS) {
    const moved = sign * sums[kind].volume - sums[kind].fee;
    net += moved;
    if (available) availableNet += moved;
  }
  out.total_fee = formatAmount(fee, currency);
  out.net = formatAmount(net, currency);
  out.available_net = formatAmount(availableNet, currency);
  return out as unknown as Totals;
}

/**
 * /daily-transactions-report: per day of the zone and currency, each profit kind's
 * transactions created that day (all, successful, failed), the counted ones' volume and fees
 * (successful; disputes: lost, and the fees kept on won ones; adjustments: approved, their net
 * credited), and the net. An admin reads every merchant or one; a merchant itself.
 */
export async function computeDailyTransactionsReport(
  ctx: UserCallContext,
  input: Input,
): Promise<ComputedReport<DailyTransactionsRow, Totals>> {
  const days = await readReportDays(ctx, input);
  let owners = await reportOwners(ctx);
  if (input.merchantDbCode) {
    const merchant = await accountInScope(
      ctx,
      'merchantDbCode',
      'account_db_code',
      input.merchantDbCode,
      ['merchant'],
    );
    owners = [merchant.id];
  }
  const figures = await readFigures(ctx.db, days, owners, input.currency, ['day']);
  const groupsByDay = new Map<string, { day: string; currency: string; sums: DaySums }>();
  const totals = new Map<string, DaySums>();
  for (const f of figures) {
    const key = `${f.day}|${f.currency}`;
    add(
      entryOf(groupsByDay, key, () => ({ day: f.day, currency: f.currency, sums: emptyDay() }))
        .sums,
      f,
    );
    add(entryOf(totals, f.currency, emptyDay), f);
  }
  const rows = [...groupsByDay.values()]
    .sort(byDay(input.direction, (a, b) => (a.currency < b.currency ? -1 : 1)))
    .map((g) => ({ id: `${g.day}-${g.currency}`, day: g.day, ...fieldsOf(g.sums, g.currency) }));
  return {
    rows,
    totals: [...totals]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, sums]) => fieldsOf(sums, currency)),
    period: days.period,
  };
}
