import { describe, expect, it } from 'vitest';
import { callbackStatusIn } from '../../src/modules/gateway-callbacks/gateway-events';
import { registerMoneyKinds } from '../../src/kind-registry/money-kinds';
import { foldedStatusOf, foldsOf, OUR_TABLES } from '../../src/modules/reconciliation/our-status';

describe('our statuses as a statement shows them, from the money-kind registry', () => {
  it('folds each kind into success and failed', () => {
    // Risk controls' refusals (issue 42) never reached a gateway: failed, as a statement sees them.
    expect(foldsOf('payin')).toEqual({
      success: ['success'],
      failed: ['failed', 'expired', 'rejected', 'blocked'],
    });
    expect(foldsOf('payout')).toEqual({
      success: ['success'],
      failed: ['failed', 'rejected', 'blocked'],
    });
    expect(foldsOf('refund')).toEqual({ success: ['succeeded'], failed: ['failed', 'rejected'] });
    // A lost dispute's chargeback went through; a won one did not.
    expect(foldsOf('dispute')).toEqual({ success: ['lost'], failed: ['won'] });
    expect(OUR_TABLES).toEqual({
      payin: 'payins',
      payout: 'payouts',
      refund: 'refunds',
      dispute: 'disputes',
    });
  });

  it('folds a gateway query’s answer as ours, read in our lifecycle as its callback is', () => {
    registerMoneyKinds();
    const fold = (kind: 'payin' | 'payout' | 'refund' | 'dispute', said: 'success' | 'failed') =>
      foldedStatusOf(kind, callbackStatusIn(kind, said));
    for (const kind of ['payin', 'payout', 'refund'] as const) {
      expect(fold(kind, 'success')).toBe('success');
      expect(fold(kind, 'failed')).toBe('failed');
    }
    // A dispute's `success` is the merchant's win: no chargeback, failed as a statement shows it.
    expect(fold('dispute', 'success')).toBe('failed');
    expect(fold('dispute', 'failed')).toBe('success');
    expect(foldedStatusOf('dispute', 'evidence_submitted')).toBe('pending');
    expect(foldedStatusOf('payin', 'expired')).toBe('failed');
  });
});
