import { describe, expect, it } from 'vitest';
import { depositEntriesUrl } from './deposit-entries-link';

describe('depositEntriesUrl', () => {
  it('opens the gateway’s clearing account over this UTC month', () => {
    const url = depositEntriesUrl({ id: 'g-1', currency: 'THB' }, new Date('2026-12-06T08:00:00Z'));
    expect(url).toBe(
      '/ledger-entries?currency=THB&from=2026-12-01&to=2026-12-06&timeZone=Default&ownerKind=gateway&ownerId=g-1&purposes=gateway_clearing',
    );
    expect(depositEntriesUrl({ currency: 'THB' })).toBeNull();
  });
});
