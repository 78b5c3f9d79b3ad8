import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  amountText,
  getListTotals,
  getDisputeList,
  getPayinList,
  getPayoutList,
  getTopUpList,
  getUserFullData,
  getWithdrawalList,
  getRefundList,
  hasListTotals,
  listFeesAreNet,
  listTotalsAreSigned,
  getAdjustmentList,
  listPageOf,
  defineCall,
  RULES,
} from '@bo/contract';
import { en } from '../../i18n/locales/en';
import { totalsFieldsOf } from '../../lib/api/get-list-totals';
import { totalsFigures } from './totals-figures';

describe('list totals', () => {
  it('are offered for lists whose rows carry a currency and an exact amount', () => {
    // A dispute's returned fee is no refund's: its fees stay gross, as its rollups count them.
    for (const call of [
      getPayinList,
      getPayoutList,
      getWithdrawalList,
      getTopUpList,
      getDisputeList,
    ])
      expect(hasListTotals(call), call.name).toBe(true);
    expect(hasListTotals(getUserFullData)).toBe(false);
    const textAmount = defineCall({
      name: 'getTextAmountList',
      request: z.object({}),
      response: listPageOf(z.object({ currency: z.string(), amount: z.string() })),
      rule: RULES.anyUser,
    });
    expect(hasListTotals(textAmount)).toBe(false);
    const noCurrency = defineCall({
      name: 'getNoCurrencyList',
      request: z.object({}),
      response: listPageOf(z.object({ amount: amountText })),
      rule: RULES.anyUser,
    });
    expect(hasListTotals(noCurrency)).toBe(false);
  });

  it('say "net fees" where rows give fees back (refunds), as the sum they show is', () => {
    expect(listFeesAreNet(getRefundList)).toBe(true);
    // A dispute's returned fee is no refund's: its fees stay gross, as its rollups count them.
    for (const call of [
      getPayinList,
      getPayoutList,
      getWithdrawalList,
      getTopUpList,
      getDisputeList,
    ])
      expect(listFeesAreNet(call), call.name).toBe(false);
  });

  it('say "credits − debits" where rows move money either way (adjustments), and show a negative sum', () => {
    expect(listTotalsAreSigned(getAdjustmentList)).toBe(true);
    for (const call of [getPayinList, getPayoutList, getTopUpList, getRefundList, getDisputeList])
      expect(listTotalsAreSigned(call), call.name).toBe(false);
    expect(
      totalsFigures({
        currency: 'THB',
        count: 3,
        amount: '-1234.50',
        fee: null,
        net_amount: null,
        fee_split: null,
      }),
    ).toMatchObject({ volume: '-1,234.50 THB', fees: null });
  });

  it('ask with the page’s filters and fixed fields, not its page, sort or zone', () => {
    expect(
      totalsFieldsOf({
        page: 3,
        pageSize: 50,
        sort: 'amount',
        direction: 'asc',
        timeZone: 'India',
        status: 'success',
        from: '2026-01-01T00:00:00.000Z',
        processingOnly: '1',
      }),
    ).toEqual({ status: 'success', from: '2026-01-01T00:00:00.000Z', processingOnly: '1' });
    // The answer's schema reads what the server sends: exact text, null where a list has none.
    expect(
      getListTotals.response.parse({
        totals: [
          {
            currency: 'VND',
            count: 3,
            amount: '21000063',
            fee: null,
            net_amount: null,
            fee_split: null,
          },
        ],
        capped: false,
      }).totals[0]!.amount,
    ).toBe('21000063');
  });

  it('show each currency’s figures exactly, grouped, with the currency code', () => {
    expect(
      totalsFigures({
        currency: 'THB',
        count: 12345,
        amount: '9007199254740993.01',
        fee: '225.50',
        net_amount: '9007199254740767.51',
        fee_split: {
          gateway_cost: '200.00',
          reseller_commission: '26.25',
          platform_profit: '-0.75',
        },
      }),
    ).toEqual({
      currency: 'THB',
      count: 12345,
      countText: '12,345',
      volume: '9,007,199,254,740,993.01 THB',
      fees: '225.50 THB',
      net: '9,007,199,254,740,767.51 THB',
      split: [
        { part: 'gateway_cost', text: '200.00 THB' },
        { part: 'reseller_commission', text: '26.25 THB' },
        { part: 'platform_profit', text: '-0.75 THB' },
      ],
    });
    expect(
      totalsFigures({
        currency: 'MYR',
        count: 1,
        amount: '5.55',
        fee: null,
        net_amount: null,
        fee_split: null,
      }),
    ).toMatchObject({ countText: '1', volume: '5.55 MYR', fees: null, net: null, split: [] });
    // A reseller sees its commission alone; the parts it may not see are not shown at all.
    expect(
      totalsFigures({
        currency: 'VND',
        count: 2,
        amount: '1000',
        fee: '30',
        net_amount: '970',
        fee_split: { gateway_cost: null, reseller_commission: '5', platform_profit: null },
      }).split,
    ).toEqual([{ part: 'reseller_commission', text: '5 VND' }]);
  });

  it('have English words for every state of the strip', () => {
    expect(Object.keys(en.list.totals).sort()).toEqual(
      [
        'capped',
        'failed',
        'fees',
        'items_one',
        'items_other',
        'label',
        'loading',
        'net',
        'netFees',
        'none',
        'signed',
        'volume',
        'gateway_cost',
        'reseller_commission',
        'platform_profit',
      ].sort(),
    );
    expect(en.list.totals.capped).toContain('{{cap}}');
  });
});
