import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import {
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  SETTLEMENT_LIFECYCLE,
  TOP_UP_LIFECYCLE,
  WITHDRAWAL_LIFECYCLE,
} from '@bo/contract';
import { ar } from '../../i18n/locales/ar';
import { en } from '../../i18n/locales/en';
import { fileNameOf, sizeText } from '../../lib/api/export-file';
import { countText } from './count-text';
import { moneyText } from './money-text';
import { pagerFigures } from './pager-math';
import { STATUS_TONES, toneOfStatus } from './status-tones';

describe('money cells', () => {
  it('shows the exact decimal string with two decimals and the currency code', () => {
    expect(moneyText('1234.5', 'THB')).toBe('1,234.50 THB');
    expect(moneyText('-0.005', 'USD')).toBe('-0.01 USD');
    expect(moneyText('1234.5')).toBe('1,234.50');
  });

  it('keeps digits a JS number would lose', () => {
    expect(moneyText('9007199254740993.01', 'IDR')).toBe('9,007,199,254,740,993.01 IDR');
    expect(moneyText('123456789012345678.99', 'MYR')).toBe('123,456,789,012,345,678.99 MYR');
    expect(moneyText('123456789012345678', 'VND')).toBe('123,456,789,012,345,678 VND');
  });

  it("shows the currency's own minor units: none for VND (issue 40)", () => {
    expect(moneyText('150000', 'VND')).toBe('150,000 VND');
    expect(moneyText('150000', 'VND_NATIVE')).toBe('150,000 VND_NATIVE');
  });

  it('shows a missing amount as zero (spec section 9)', () => {
    expect(moneyText(null, 'THB')).toBe('0.00 THB');
    expect(moneyText('', null)).toBe('0.00');
  });
});

describe('status colours', () => {
  it('gives every state of every lifecycle a colour and an English name', () => {
    const lifecycles = [
      PAYIN_LIFECYCLE,
      PAYOUT_LIFECYCLE,
      SETTLEMENT_LIFECYCLE,
      WITHDRAWAL_LIFECYCLE,
      TOP_UP_LIFECYCLE,
    ];
    for (const state of lifecycles.flatMap((l) => l.states)) {
      expect(STATUS_TONES[state], state).toBeDefined();
      expect((en.list.status as Record<string, string>)[state], state).toBeTruthy();
    }
    expect(toneOfStatus('success')).toBe('success');
    expect(toneOfStatus('failed')).toBe('danger');
    expect(toneOfStatus('something-new')).toBe('secondary');
  });
});

describe('pager figures', () => {
  it('says which rows show and how many pages there are', () => {
    expect(pagerFigures(2, 25, 60, 25, false)).toEqual({
      from: 26,
      to: 50,
      lastPage: 3,
      counted: 60,
    });
    expect(pagerFigures(3, 25, 60, 10, false)).toMatchObject({ from: 51, to: 60 });
    expect(pagerFigures(1, 25, 0, 0, false)).toEqual({
      from: 0,
      to: 0,
      lastPage: 1,
      counted: 0,
    });
  });

  it('counts at least the cap when the count was capped', () => {
    expect(pagerFigures(1, 25, 10_000, 25, true)).toMatchObject({ counted: 10_000, lastPage: 400 });
    expect(pagerFigures(1, 25, 12_345, 25, false).counted).toBe(12_345);
  });
});

describe('count text', () => {
  it('says "at least" of a capped count, in every language, and nothing of an exact one', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: en }, ar: { translation: ar } } });
    const t = i18n.getFixedT('en') as unknown as TFunction;
    expect(countText(t, 12_081, true)).toBe('at least 12,081');
    expect(countText(t, 21_258, false)).toBe('21,258');
    expect(countText(i18n.getFixedT('ar') as unknown as TFunction, 10_000, true)).toBe(
      '10,000 على الأقل',
    );
  });
});

describe('export file names', () => {
  it('takes the name the server gave, the UTF-8 one first', () => {
    expect(fileNameOf('attachment; filename="payins.csv"', 'x.csv')).toBe('payins.csv');
    expect(fileNameOf('attachment; filename=payins.xlsx', 'x')).toBe('payins.xlsx');
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''pay%C3%A9.csv`, 'x')).toBe(
      'payé.csv',
    );
  });

  it('falls back without a name, and never keeps a path', () => {
    expect(fileNameOf(null, 'getPayinList.csv')).toBe('getPayinList.csv');
    expect(fileNameOf('attachment', 'getPayinList.csv')).toBe('getPayinList.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
  });

  it('words sizes for the progress text', () => {
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(1536)).toBe('1.5 KB');
    expect(sizeText(12 * 1024 * 1024)).toBe('12.0 MB');
  });

  it('groups the figures of sizes as every count is grouped', () => {
    expect(sizeText(0)).toBe('0 B');
    expect(sizeText(1023)).toBe('1,023 B');
    expect(sizeText(1024 * 1024 - 1)).toBe('1,024.0 KB');
    expect(sizeText(2140 * 1024 * 1024 + 100 * 1024)).toBe('2,140.1 MB');
  });
});
