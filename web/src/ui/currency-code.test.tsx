import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ar } from '../i18n/locales/ar';
import { en } from '../i18n/locales/en';
import { es } from '../i18n/locales/es';
import { fr } from '../i18n/locales/fr';
import { zh } from '../i18n/locales/zh';
import { CurrencyCode, CurrencyCodes } from './currency-code';

const LOCALES = { en, ar, es, fr, zh } as const;
const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: Object.fromEntries(
    Object.entries(LOCALES).map(([lang, translation]) => [lang, { translation }]),
  ),
  interpolation: { escapeValue: false },
});

async function shown(lang: keyof typeof LOCALES, node: React.ReactNode) {
  await i18n.changeLanguage(lang);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}
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
