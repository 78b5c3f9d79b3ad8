import { describe, expect, it } from 'vitest';
import { renderedIn, TEST_LOCALES as LOCALES } from '../i18n/test-translations';
import { CurrencyCode, CurrencyCodes } from './currency-code';

const shown = renderedIn;
const titleOf = (html: string) => /title="([^"]*)"/.exec(html)?.[1];

describe('currency codes (issue 40)', () => {
  it('explain a raw code by its name in each of the five languages', async () => {
    expect(titleOf(await shown('en', <CurrencyCode code="THB_FOREX" />))).toBe('Thai Baht (Forex)');
    expect(titleOf(await shown('en', <CurrencyCode code="MYR_NATIVE" />))).toBe(
      'Malaysian Ringgit (Native)',
    );
    for (const lang of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
      const title = titleOf(await shown(lang, <CurrencyCode code="THB_FOREX" />));
      expect(title).toContain(LOCALES[lang].money.currencyName.THB);
      expect(title).not.toBe('THB_FOREX');
    }
  });

  it('shows an unknown code as given, and every code of a list', async () => {
    expect(await shown('en', <CurrencyCode code="XYZ" />)).toBe('<bdi>XYZ</bdi>');
    const list = await shown('en', <CurrencyCodes codes={['MYR', 'THB', 'VND']} />);
    expect(list.match(/<abbr/g)).toHaveLength(3);
    expect(await shown('en', <CurrencyCodes codes={[]} />)).toBe('—');
  });
});
