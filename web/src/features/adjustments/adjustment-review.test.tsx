import { describe, expect, it } from 'vitest';
import { renderedIn, TEST_LOCALES, type TestLanguage } from '../../i18n/test-translations';
import type { AdjustmentFields } from './api/create-adjustment';
import { AdjustmentReview } from './adjustment-review';

const DEBIT: AdjustmentFields = {
  ownerDbCode: 'MER00001',
  direction: 'debit',
  balance: 'available',
  currency: 'THB',
  amount: '120',
  reasonCode: 'fee_correction',
  note: 'Fee charged twice on 1 Dec',
  relatedId: '',
};

/** The text of the element with `testId` in the review as shown in `lang`. */
async function shown(lang: TestLanguage, fields: AdjustmentFields, approvals: number | null) {
  const html = await renderedIn(lang, <AdjustmentReview fields={fields} approvals={approvals} />);
  const text = (testId: string) =>
    new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(p|div)>`).exec(html)?.[1];
  return {
    html,
    effect: text('adjustment-effect'),
    approvals: text('adjustment-approvals-needed'),
  };
}

describe('AdjustmentReview', () => {
  it('says what will move, from whose balance, and how many other admins must approve', async () => {
    const debit = await shown('en', DEBIT, 2);
    expect(debit.effect).toBe('Debit 120.00 THB from MER00001’s available balance.');
    expect(debit.approvals).toBe('Needs 2 more approvals, from other admins (not you).');
    const credit = await shown('en', { ...DEBIT, direction: 'credit', balance: 'commission' }, 1);
    expect(credit.effect).toBe('Credit 120.00 THB to MER00001’s commission balance.');
    expect(credit.approvals).toBe('Needs 1 more approval, from another admin (not you).');
  });

  it('names the related transaction only when one is given', async () => {
    expect((await shown('en', DEBIT, 2)).html).not.toContain('data-quote="related"');
    const related = await shown('en', { ...DEBIT, relatedId: 'po-123' }, 2);
    expect(related.html).toMatch(/data-quote="related"><bdi>po-123<\/bdi>/);
  });

  it('says approvals are needed without a count while the settings have not loaded', async () => {
    expect((await shown('en', DEBIT, null)).approvals).toBe(
      'It needs the approval of other admins (not you) before the money moves.',
    );
  });

  it.each(['fr', 'es', 'zh', 'ar'] as const)('words the effect in %s', async (lang) => {
    const { effect, approvals } = await shown(lang, DEBIT, 3);
    const words = TEST_LOCALES[lang].adjustments;
    expect(effect).toContain('120.00 THB');
    expect(effect).toContain('MER00001');
    expect(effect).toContain(words.balanceInText.available);
    expect(effect).not.toContain('{{');
    expect(approvals).toContain('3');
  });
});
