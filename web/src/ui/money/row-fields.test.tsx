import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADJUSTMENT_REASONS, DISPUTE_REASON_CODES, type MoneyDetailKind } from '@bo/contract';
import { renderedIn, TEST_LOCALES as LOCALES } from '../../i18n/test-translations';
import { RowFields } from './row-fields';

const schema = z.object({ id: z.string(), reason_code: z.string() });

/** The text shown for the reason code field of a detail in `lang`. */
async function reasonShown(
  lang: keyof typeof LOCALES,
  code: string,
  kind: MoneyDetailKind = 'dispute',
) {
  const html = await renderedIn(
    lang,
    <RowFields
      kind={kind}
      row={{ id: 'd1', reason_code: code }}
      schema={schema}
      timeZone="Default"
    />,
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

  it("names an adjustment's reason code in each language, never the raw code", async () => {
    for (const lang of Object.keys(LOCALES) as (keyof typeof LOCALES)[])
      for (const code of ADJUSTMENT_REASONS) {
        const shown = await reasonShown(lang, code, 'adjustment');
        expect(shown).toBe(LOCALES[lang].money.adjustmentReason[code]);
        expect(shown).not.toBe(code);
      }
    expect(await reasonShown('en', 'chargeback_fee', 'adjustment')).toBe('Chargeback fee');
    // A kind names only its own codes: a dispute has no goodwill reason.
    expect(await reasonShown('en', 'goodwill', 'dispute')).toBe('goodwill');
  });

  it('shows a code the translations do not name as it came', async () => {
    expect(await reasonShown('en', 'credit_not_processed')).toBe('credit_not_processed');
    expect(await reasonShown('fr', 'Some Code: 4837')).toBe(
      '<bdi class="text-break">Some Code: 4837</bdi>',
    );
  });
});
