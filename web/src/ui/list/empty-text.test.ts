import { describe, expect, it } from 'vitest';
import { list as ar } from '../../i18n/locales/ar/list';
import { list as en } from '../../i18n/locales/en/list';
import { list as es } from '../../i18n/locales/es/list';
import { list as fr } from '../../i18n/locales/fr/list';
import { list as zh } from '../../i18n/locales/zh/list';
import { translatorOf } from '../../i18n/test-translations';
import { emptyHintKey, emptyTextOf } from './empty-text';

const t = translatorOf('en');

describe('an empty list', () => {
  it('says nothing matches only when a filter is set', () => {
    expect(emptyTextOf(t, 'payins', true)).toEqual({ title: 'No records match these filters.' });
  });

  it('with no filter, says there is nothing yet and what makes the first row', () => {
    expect(emptyTextOf(t, 'merchants', false)).toEqual({
      title: 'Nothing here yet.',
      hint: 'Add the first merchant with New merchant.',
    });
    expect(emptyTextOf(t, 'withdrawals-pending', false).hint).toBe(
      'Requests that wait for a decision appear here.',
    );
    expect(emptyTextOf(t, 'usdt-rate-history', false).hint).toBe(
      'Rows appear here as they are recorded.',
    );
  });

  it('falls back to the general hint for a list the words do not name', () => {
    expect(emptyTextOf(t, 'x-y', false).hint).toBe(emptyTextOf(t, 'usdt-rate-history', false).hint);
  });

  it('has every hint in all five languages', () => {
    const lists = ['payins', 'top-ups', 'settlement-wallet', 'refunds-pending', 'adjustments'];
    for (const id of [...lists, 'in-house-payouts', 'withdrawal-history', 'payment-gateways']) {
      const key = emptyHintKey(id) as keyof typeof en.firstRow;
      for (const lang of [en, ar, es, fr, zh]) expect(lang.firstRow[key], `${id}`).toBeTruthy();
    }
    for (const lang of [ar, es, fr, zh])
      expect(Object.keys(lang.firstRow)).toEqual(Object.keys(en.firstRow));
  });
});
