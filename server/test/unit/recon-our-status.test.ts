import { describe, expect, it } from 'vitest';
import { foldsOf, OUR_TABLES } from '../../src/modules/reconciliation/our-status';

describe('our statuses as a statement shows them, from the money-kind registry', () => {
  it('folds each kind into success and failed', () => {
    expect(foldsOf('payin')).toEqual({ success: ['success'], failed: ['failed', 'expired'] });
    expect(foldsOf('payout')).toEqual({ success: ['success'], failed: ['failed', 'rejected'] });
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
});
