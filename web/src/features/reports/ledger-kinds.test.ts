import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/locales/en';
import { ar } from '../../i18n/locales/ar';
import { LEDGER_KINDS } from './ledger-report';

describe('ledger kinds', () => {
  it('has words for every journal kind of the registry, in English and Arabic', () => {
    expect(LEDGER_KINDS).toContain('refund_fee_return');
    for (const kind of LEDGER_KINDS) {
      expect(en.reportLedgers.kinds[kind], kind).toBeTruthy();
      expect(ar.reportLedgers.kinds[kind], kind).toBeTruthy();
    }
  });
});
