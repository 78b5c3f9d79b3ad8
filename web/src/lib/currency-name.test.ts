import { describe, expect, it } from 'vitest';
import { translatorOf as tOf } from '../i18n/test-translations';
import { CURRENCIES } from '@bo/contract';
import { currencyNameOf } from './currency-name';

const LATIN = /[A-Za-z]/;
const ARABIC = /^[\u0600-\u06FF\s()]+$/;

describe('currency names', () => {
  it('in English are the contract’s names, for every currency the product knows', () => {
    for (const c of CURRENCIES) expect(currencyNameOf(tOf('en'), c.code), c.code).toBe(c.name);
  });

  it('in Arabic are Arabic words only, for every currency, the native and forex ones too', () => {
    for (const c of CURRENCIES) {
      const name = currencyNameOf(tOf('ar'), c.code);
      expect(name, c.code).toMatch(ARABIC);
      expect(LATIN.test(name), c.code).toBe(false);
    }
    expect(currencyNameOf(tOf('ar'), 'THB')).toBe('بات تايلاندي');
    expect(currencyNameOf(tOf('ar'), 'THB_NATIVE')).toBe('بات تايلاندي (محلي)');
  });

  it('are all different in a language: no two currencies read alike', () => {
    for (const lang of ['en', 'ar'] as const) {
      const names = CURRENCIES.map((c) => currencyNameOf(tOf(lang), c.code));
      expect(new Set(names).size, lang).toBe(names.length);
    }
  });

  it('fall back to the name given, else the code, for a code the product does not know', () => {
    expect(currencyNameOf(tOf('ar'), 'XYZ', 'Some Coin')).toBe('Some Coin');
    expect(currencyNameOf(tOf('ar'), 'THB_OTHER')).toBe('THB_OTHER');
  });
});
