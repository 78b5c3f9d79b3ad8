import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { DISPUTE_REASON_CODES } from '@bo/contract';
import { ar } from '../../i18n/locales/ar';
import { en } from '../../i18n/locales/en';
import { es } from '../../i18n/locales/es';
import { fr } from '../../i18n/locales/fr';
import { zh } from '../../i18n/locales/zh';
import { RowFields } from './row-fields';

const LOCALES = { en, ar, es, fr, zh } as const;
const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'en',
  resources: Object.fromEntries(
    Object.entries(LOCALES).map(([lang, translation]) => [lang, { translation }]),
  ),
  interpolation: { escapeValue: false },
});

const schema = z.object({ id: z.string(), reason_code: z.string() });

/** The text shown for the reason code field of a detail in `lang`. */
async function reasonShown(lang: keyof typeof LOCALES, code: string) {
  await i18n.changeLanguage(lang);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RowFields row={{ id: 'd1', reason_code: code }} schema={schema} timeZone="Default" />
    </I18nextProvider>,
  );
  return /data-field="reason_code".*?<dd[^>]*>(.*?)<\/dd>/.exec(html)?.[1];
}

describe('RowFields', () => {
  it("names a dispute's reason code in each language, never the raw code", async () => {
    for (const lang of Object.keys(LOCALES) as (keyof typeof LOCALES)[])
      for (const code of DISPUTE_REASON_CODES) {
        const shown = await reasonShown(lang, code);
        expect(shown).toBe(LOCALES[lang].money.disputeReason[code]);
        expect(shown).not.toBe(code);
      }
    expect(await reasonShown('en', 'product_not_received')).toBe('Product not received');
    expect(await reasonShown('ar', 'fraudulent')).toBe('احتيالي');
  });

  it('shows a code the translations do not name as it came', async () => {
    expect(await reasonShown('en', 'credit_not_processed')).toBe('credit_not_processed');
    expect(await reasonShown('fr', 'Some Code: 4837')).toBe(
      '<bdi class="text-break">Some Code: 4837</bdi>',
    );
  });
});
