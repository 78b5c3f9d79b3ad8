import { describe, expect, it } from 'vitest';
import type { HeldItemRow } from '@bo/contract';
import { translatorOf } from '../../i18n/test-translations';
import { approveEffect, declineEffect } from './held-item-words';

const row = (over: Partial<HeldItemRow>): HeldItemRow => ({
  kind: 'payout',
  id: '00000000-0000-0000-0000-000000000001',
  merchant_db_code: 'MER00001',
  reseller_db_code: 'RES00001',
  order_id: 'ORD-1',
  destination: '9876543210',
  currency: 'THB',
  amount: '1000.00',
  fee: '30.00',
  status: 'held_for_review',
  created_at: '2026-12-03T10:00:00.000Z',
  held_by: ['Large pay-outs'],
  approvals: 0,
  approvals_required: 2,
  decision_reason_code: null,
  decision_note: null,
  ...over,
});

const en = translatorOf('en');

describe('what a review does, in words built from the row and its kind', () => {
  it('says where an approved item goes, by its kind', () => {
    expect(approveEffect(en, [row({})])).toBe(
      'Let pay-out MER00001 · 1,000.00 THB go to its gateway.',
    );
    expect(approveEffect(en, [row({ kind: 'settlement' })])).toMatch(
      /^Let settlement MER00001 · 1,000\.00 THB go on as an approved settlement/,
    );
  });

  it('gives the amount and fee back to the owner’s balance the kind took them from', () => {
    expect(declineEffect(en, [row({})])).toBe(
      'Decline pay-out MER00001 · 1,000.00 THB and give 1,030.00 THB back to the merchant’s pay-out balance.',
    );
    // A withdrawal is a reseller's, from its commission, with no fee.
    expect(
      declineEffect(en, [
        row({ kind: 'withdrawal', merchant_db_code: null, amount: '250.50', fee: '0.00' }),
      ]),
    ).toBe(
      'Decline withdrawal RES00001 · 250.50 THB and give 250.50 THB back to the reseller’s commission balance.',
    );
    expect(declineEffect(en, [row({ kind: 'settlement', amount: '10.00', fee: '0.05' })])).toMatch(
      /give 10\.05 THB back to the merchant’s available balance\.$/,
    );
  });

  it('says what a pay-in’s decline does: nothing moves', () => {
    expect(declineEffect(en, [row({ kind: 'payin', destination: '' })])).toMatch(/nothing moves/);
  });

  it('speaks of several items in general', () => {
    expect(approveEffect(en, [row({}), row({ kind: 'withdrawal' })])).toMatch(/^Let them go on/);
    expect(declineEffect(en, [row({}), row({})])).toMatch(/^Decline them/);
  });

  it('has the words in every language', () => {
    for (const lang of ['ar', 'es', 'fr', 'zh'] as const) {
      const t = translatorOf(lang);
      const text = declineEffect(t, [row({})]);
      expect(text, lang).toContain('1,030.00');
      expect(text, lang).not.toMatch(/riskReview\.|\{\{/);
      expect(approveEffect(t, [row({})]), lang).toContain('MER00001');
    }
  });
});
