import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  ADJUSTMENT_KIND,
  DISPUTE_KIND,
  PAYIN_KIND,
  PAYOUT_KIND,
  REFUND_KIND,
  SETTLEMENT_KIND,
  TOP_UP_KIND,
  WITHDRAWAL_KIND,
  getAdjustmentList,
  getDisputeList,
  getPayinList,
  getPayoutList,
  getRefundList,
  getSettlementList,
  getTopUpList,
  getWithdrawalHistory,
  getWithdrawalList,
  type CallDef,
  DASHBOARD_SERIES_KINDS,
  GATEWAY_KINDS,
  MONEY_KINDS,
  NOTIFIED_KINDS,
  PROFIT_KINDS,
  RECON_OUR_KINDS,
  STATISTICS_SERIES_FIELDS,
  gatewayOutcomeOf,
  isGatewayKind,
  moneyKindNames,
  PROFIT_FIGURES,
  profitFiguresShown,
  profitTotalsRow,
  type DailyEarningRow,
  type DailyTransactionsRow,
  type GatewayKind,
  type MoneyKindDef,
  type ProfitKind,
  type ProfitTotalsRow,
} from '../src';

/** Each kind's value of a flag, by name, in registry order (absent: undefined). */
const flagOf = <F>(read: (k: MoneyKindDef) => F) =>
  Object.fromEntries(MONEY_KINDS.map((k: MoneyKindDef) => [k.name, read(k)]));

describe('the money kinds’ declarative flags', () => {
  it('pins which way a gateway moves each kind', () => {
    expect(flagOf((k) => k.gatewayFlow)).toEqual({
      payin: 'in',
      payout: 'out',
      settlement: undefined,
      settlement_wallet: undefined,
      withdrawal: undefined,
      top_up: undefined,
      refund: 'out',
      dispute: 'out',
    });
    expect(GATEWAY_KINDS).toEqual(['payin', 'payout', 'refund', 'dispute']);
    expectTypeOf<GatewayKind>().toEqualTypeOf<'payin' | 'payout' | 'refund' | 'dispute'>();
    expect(['payin', 'dispute', 'settlement', 'top_up', ''].map(isGatewayKind)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('moves through a gateway the kinds it notifies and reconciles', () => {
    expect(GATEWAY_KINDS).toEqual(NOTIFIED_KINDS);
    expect(GATEWAY_KINDS).toEqual([...RECON_OUR_KINDS]);
  });

  it('pins what the dashboard draws of each kind', () => {
    expect(flagOf((k) => k.dashboard)).toEqual({
      payin: { series: true, gatewayRollups: true },
      payout: { series: true },
      settlement: undefined,
      settlement_wallet: undefined,
      withdrawal: undefined,
      top_up: undefined,
      refund: undefined,
      dispute: undefined,
    });
    expect(DASHBOARD_SERIES_KINDS).toEqual(['payin', 'payout']);
    expect(Object.keys(STATISTICS_SERIES_FIELDS)).toEqual(DASHBOARD_SERIES_KINDS);
  });

  it('pins the profit kinds, their fees and their column order', () => {
    expect(flagOf((k) => k.profit)).toEqual({
      payin: 'revenue',
      payout: 'revenue',
      settlement: 'revenue',
      settlement_wallet: undefined,
      withdrawal: undefined,
      top_up: undefined,
      refund: 'revenue',
      dispute: 'cost',
      adjustment: 'cost',
    });
    // The reports' columns follow this order (it was a fixed list before the flag).
    expect(PROFIT_KINDS).toEqual([
      'payin',
      'payout',
      'settlement',
      'refund',
      'dispute',
      'adjustment',
    ]);
    expectTypeOf<ProfitKind>().toEqualTypeOf<
      'payin' | 'payout' | 'settlement' | 'refund' | 'dispute' | 'adjustment'
    >();
    // Only the platform pays a kind's volume from its own account: an adjustment's.
    expect(moneyKindNames((k) => !!k.platformPaysVolume)).toEqual(['adjustment']);
  });

  it('derives the profit fields from the registry, their types exact', () => {
    expect(Object.keys(profitTotalsRow.shape)).toEqual([
      'currency',
      ...PROFIT_KINDS.flatMap((k) => [`${k}_count`, ...PROFIT_FIGURES.map((f) => `${k}_${f}`)]),
      'total_fee',
      'total_gateway_cost',
      'total_reseller_commission',
      'total_platform_profit',
    ]);
    expectTypeOf<ProfitTotalsRow['payin_volume']>().toEqualTypeOf<string>();
    expectTypeOf<ProfitTotalsRow['adjustment_count']>().toEqualTypeOf<number>();
    expectTypeOf<ProfitTotalsRow['adjustment_platform_profit']>().toEqualTypeOf<string | null>();
    expectTypeOf<DailyEarningRow['adjustment_earning']>().toEqualTypeOf<string>();
    expectTypeOf<DailyTransactionsRow['adjustment_failed_count']>().toEqualTypeOf<number>();
    // The columns shown leave out the figures always zero for a kind.
    expect(profitFiguresShown('settlement')).not.toContain('gateway_cost');
    expect(profitFiguresShown('adjustment')).toEqual(['volume', 'platform_profit']);
    expect(profitFiguresShown('payin')).toEqual(PROFIT_FIGURES);
  });

  it('pins the reseller balance settlement column of each kind', () => {
    expect(flagOf((k) => k.balanceColumn)).toEqual({
      payin: undefined,
      payout: undefined,
      settlement: undefined,
      settlement_wallet: undefined,
      withdrawal: 'withdrawn',
      top_up: undefined,
      refund: undefined,
      dispute: undefined,
    });
  });
});

describe('a money kind’s list request', () => {
  const LISTS: readonly [MoneyKindDef, CallDef][] = [
    [PAYIN_KIND, getPayinList],
    [PAYOUT_KIND, getPayoutList],
    [SETTLEMENT_KIND, getSettlementList],
    [WITHDRAWAL_KIND, getWithdrawalList],
    [WITHDRAWAL_KIND, getWithdrawalHistory],
    [TOP_UP_KIND, getTopUpList],
    [REFUND_KIND, getRefundList],
    [DISPUTE_KIND, getDisputeList],
    [ADJUSTMENT_KIND, getAdjustmentList],
  ];

  it.each(LISTS.map(([kind, call]) => ({ name: call.name, kind, call })))(
    '$name takes a gateway code exactly when a gateway moves its kind',
    ({ kind, call }) => {
      const shape = (call.request as z.ZodObject).shape;
      expect('gatewayCode' in shape).toBe(kind.gatewayFlow !== undefined);
      // Every other list field stays.
      for (const key of ['status', 'currency', 'merchantDbCode', 'search', 'amountMin', 'sort'])
        expect(shape).toHaveProperty(key);
    },
  );

  it('refuses nothing but reads no gateway code where the kind has none', () => {
    const read = getAdjustmentList.request.parse({ gatewayCode: 'SBX-THB-1', currency: 'THB' });
    expect(read).not.toHaveProperty('gatewayCode');
    expect(getPayinList.request.parse({ gatewayCode: 'SBX-THB-1' }).gatewayCode).toBe('SBX-THB-1');
  });
});

describe('gatewayJudged: what a gateway finished, the one rule its success rates count by', () => {
  it('names final states of the kind, each once, and only for kinds a gateway moves', () => {
    for (const kind of MONEY_KINDS as readonly MoneyKindDef[]) {
      if (!kind.gatewayJudged) continue;
      expect(kind.gatewayFlow, kind.name).toBeDefined();
      const { success, unsuccessful } = kind.gatewayJudged;
      const all = [...success, ...unsuccessful];
      expect(new Set(all).size, kind.name).toBe(all.length);
      for (const status of all) expect(kind.lifecycle.states, kind.name).toContain(status);
    }
  });

  it('counts an expired pay-in against its gateway, and an admin-rejected pay-out not at all', () => {
    expect(gatewayOutcomeOf(PAYIN_KIND, 'success')).toBe('success');
    expect(gatewayOutcomeOf(PAYIN_KIND, 'expired')).toBe('unsuccessful');
    expect(gatewayOutcomeOf(PAYIN_KIND, 'processing')).toBeNull();
    expect(gatewayOutcomeOf(PAYIN_KIND, 'blocked')).toBeNull();
    expect(gatewayOutcomeOf(PAYOUT_KIND, 'failed')).toBe('unsuccessful');
    expect(gatewayOutcomeOf(PAYOUT_KIND, 'rejected')).toBeNull();
    expect(gatewayOutcomeOf(PAYOUT_KIND, 'queued_for_gateway')).toBeNull();
    expect(gatewayOutcomeOf(REFUND_KIND, 'success')).toBeNull();
  });
});
