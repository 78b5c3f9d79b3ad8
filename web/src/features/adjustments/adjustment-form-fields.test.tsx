import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_TEXT_LIMITS, createAdjustment } from '@bo/contract';
import { renderedIn } from '../../i18n/test-translations';
import { AdjustmentFormFields, type AdjustmentDraft } from './adjustment-form-fields';

const DRAFT: AdjustmentDraft = {
  ownerDbCode: 'MER00001',
  direction: 'credit',
  balance: 'available',
  currency: 'THB',
  amount: '12.34',
  reasonCode: 'goodwill',
  note: 'Goodwill',
  relatedId: '',
};

/** The request the form's draft sends, with one text field `length` characters long. */
const requestWith = (field: keyof typeof ADJUSTMENT_TEXT_LIMITS, length: number) => ({
  ...DRAFT,
  [field]: 'x'.repeat(length),
  requestKey: 'b3f1c1de-6f0a-4c1e-9d55-3d1f6a0b7c21',
});

describe('AdjustmentFormFields', () => {
  it.each(Object.keys(ADJUSTMENT_TEXT_LIMITS) as (keyof typeof ADJUSTMENT_TEXT_LIMITS)[])(
    'lets %s take exactly what createAdjustment accepts',
    async (field) => {
      const limit = ADJUSTMENT_TEXT_LIMITS[field];
      expect(createAdjustment.request.safeParse(requestWith(field, limit)).success).toBe(true);
      expect(createAdjustment.request.safeParse(requestWith(field, limit + 1)).success).toBe(false);
      const html = await renderedIn(
        'en',
        <AdjustmentFormFields draft={DRAFT} errors={{}} currencies={[]} onChange={() => {}} />,
      );
      expect(html).toMatch(
        new RegExp(`<(input|textarea)[^>]*maxLength="${limit}"[^>]*name="${field}"`, 'i'),
      );
    },
  );
});
