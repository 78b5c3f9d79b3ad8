import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formOptionalCurrency,
  formOptionalDate,
  formOptionalText,
  getAdjustmentList,
  getLedgerEntries,
  getPayinList,
  getPayoutList,
  getTopUpList,
  getReconLineList,
  RECON_CLASSES,
  listRequest,
  MONEY_LIST_SORTS,
  pageRequest,
  PAYIN_STATUSES,
  SETTLEMENT_STATUSES,
  sortField,
} from '@bo/contract';
import { enumValuesOf, filterSetOf } from './schema-filters';

describe('filters read from a request schema', () => {
  it("puts its tabs on the field the screen names (a run's class), kept in the URL", () => {
    const set = filterSetOf(getReconLineList.request, 'class');
    expect(set.tabField).toBe('class');
    expect(set.statuses).toEqual(RECON_CLASSES);
    expect(set.urlKeys[0]).toBe('class');
    expect(filterSetOf(getReconLineList.request).statuses).toBeNull();
  });

  it("shows only a call's own filters", () => {
    const set = filterSetOf(
      z.object({
        ...pageRequest,
        status: z.enum(PAYIN_STATUSES).optional(),
        currency: formOptionalCurrency,
        merchantDbCode: formOptionalText(40),
        from: formOptionalDate,
        to: formOptionalDate,
      }),
    );
    expect(set.statuses).toEqual(PAYIN_STATUSES);
    expect(set).toMatchObject({
      dateRange: true,
      currency: true,
      merchant: true,
      reseller: false,
      gateway: false,
      amountRange: false,
      search: false,
      timeZone: false,
      sortColumns: [],
    });
    expect(set.urlKeys).toEqual(['status', 'from', 'to', 'currency', 'merchantDbCode']);
    expect(set.currencyRequired).toBe(false);
  });

  it('knows a call that needs a currency (the entries view)', () => {
    expect(filterSetOf(getLedgerEntries.request).currencyRequired).toBe(true);
  });

  it('gives the pay-in list every filter of the protocol and the money sorts', () => {
    const set = filterSetOf(getPayinList.request);
    expect(set).toMatchObject({
      statuses: PAYIN_STATUSES,
      dateRange: true,
      currency: true,
      merchant: true,
      reseller: true,
      gateway: true,
      amountRange: true,
      search: true,
      timeZone: true,
      sortColumns: [...MONEY_LIST_SORTS],
    });
  });

  it('offers a gateway code only on the lists of kinds a gateway moves', () => {
    expect(filterSetOf(getPayinList.request).gateway).toBe(true);
    for (const call of [getAdjustmentList, getTopUpList]) {
      const set = filterSetOf(call.request);
      expect(set.gateway).toBe(false);
      expect(set.urlKeys).not.toContain('gatewayCode');
      expect(set.merchant && set.currency && set.amountRange).toBe(true);
    }
  });

  it('offers how routing sent the rows only on the lists of routed kinds, kept in the URL', () => {
    for (const call of [getPayinList, getPayoutList]) {
      const set = filterSetOf(call.request);
      expect(set.routedBy).toBe(true);
      expect(set.urlKeys).toContain('routedBy');
    }
    for (const call of [getAdjustmentList, getTopUpList]) {
      expect(filterSetOf(call.request).routedBy).toBe(false);
    }
  });

  it('shows every filter of the list protocol, and the sort columns the call names', () => {
    const set = filterSetOf(
      z.object({
        ...listRequest,
        sort: sortField(['created_at', 'amount']),
        status: z.enum(SETTLEMENT_STATUSES).optional(),
      }),
    );
    expect(set).toMatchObject({
      dateRange: true,
      currency: true,
      merchant: true,
      reseller: true,
      gateway: true,
      amountRange: true,
      search: true,
      timeZone: true,
      statuses: SETTLEMENT_STATUSES,
      sortColumns: ['created_at', 'amount'],
    });
  });

  it('shows no status tabs, dates or sort for a call without those fields', () => {
    const set = filterSetOf(z.object({ page: z.number(), from: z.string().optional() }));
    expect(set).toMatchObject({
      statuses: null,
      dateRange: false,
      sortColumns: [],
      urlKeys: ['from'],
    });
  });

  it('finds the choices through preprocess, optional and default wrappers', () => {
    const wrapped = z.preprocess((v) => v, z.enum(['a', 'b']).optional().default('a'));
    expect(enumValuesOf(wrapped)).toEqual(['a', 'b']);
    expect(enumValuesOf(z.string())).toBeNull();
  });
});
