import { describe, expect, it } from 'vitest';
import { payinAfterCare } from '../src/payin-after-care';

const row = (refunded_amount: string, disputed = false, amount = '10000.03', currency = 'THB') =>
  payinAfterCare({ amount, refunded_amount, currency, disputed });

describe('payinAfterCare', () => {
  it('names how much of a pay-in its refunds gave back', () => {
    expect(row('0.00').refund).toBe('none');
    expect(row('0.01').refund).toBe('partially_refunded');
    expect(row('10000.02').refund).toBe('partially_refunded');
    expect(row('10000.03').refund).toBe('refunded');
    // Compared in minor units: VND has none, and large amounts stay exact.
    expect(row('150000', false, '150000', 'VND').refund).toBe('refunded');
    expect(row('90071992547409.92', false, '90071992547409.93').refund).toBe('partially_refunded');
  });

  it('carries an open dispute beside any refund', () => {
    expect(row('0.00', true)).toEqual({ refund: 'none', disputed: true });
    expect(row('100.03', true)).toEqual({ refund: 'partially_refunded', disputed: true });
  });
});
