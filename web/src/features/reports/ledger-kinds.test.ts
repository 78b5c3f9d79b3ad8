import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/locales/en';
import { ar } from '../../i18n/locales/ar';
import { es } from '../../i18n/locales/es';
import { fr } from '../../i18n/locales/fr';
import { zh } from '../../i18n/locales/zh';
import { LEDGER_KINDS } from './ledger-report';

const LOCALES = { en, es, fr, ar, zh };

describe('ledger kinds', () => {
  it('has words for every journal kind of the registry, in every language', () => {
    expect(LEDGER_KINDS).toContain('refund_fee_return');
    expect(LEDGER_KINDS).toEqual(
      expect.arrayContaining(['dispute_hold', 'dispute_release', 'dispute_lose']),
    );
    for (const [language, locale] of Object.entries(LOCALES))
      for (const kind of LEDGER_KINDS)
        expect(locale.reportLedgers.kinds[kind], `${language} ${kind}`).toBeTruthy();
  });

  it('names the dispute columns of the statements in every language', () => {
    for (const [language, locale] of Object.entries(LOCALES)) {
      expect(locale.reportLedgers.columns.disputes, language).toBeTruthy();
      expect(locale.reportBalances.columns.disputesLost, language).toBeTruthy();
      expect(locale.reportBalances.columns.disputesHeld, language).toBeTruthy();
    }
  });
});
