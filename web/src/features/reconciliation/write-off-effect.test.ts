import { describe, expect, it } from 'vitest';
import type { ReconLineRow } from '@bo/contract';
import { resolvableBy, writeOffMinor, writeOffTotals } from './write-off-effect';

const line = (over: Partial<ReconLineRow>): ReconLineRow => ({
  seq: 1,
  line_no: 1,
  class: 'amount_mismatch',
  reference: 'R1',
  order_id: 'O1',
  currency: 'THB',
  amount: '101.00',
  fee: '1.00',
  status: 'success',
  occurred_at: '2026-11-26T10:00:00.000Z',
  outside_period: false,
  our_kind: 'payin',
  our_id: 'p1',
  our_currency: 'THB',
  our_amount: '100.00',
  our_fee: '1.00',
  our_status: 'success',
  resolution: null,
  resolution_status: null,
  resolution_id: null,
  closed_write_off: null,
  ...over,
});

describe('a write-off’s effect before it is asked', () => {
  it('reads each class as the server’s difference does', () => {
    expect(writeOffMinor(line({}))).toBe(100n);
    expect(writeOffMinor(line({ our_kind: 'payout' }))).toBe(-100n);
    expect(writeOffMinor(line({ class: 'fee_mismatch', fee: '1.50' }))).toBe(-50n);
    expect(writeOffMinor(line({ class: 'status_mismatch', our_status: 'failed' }))).toBe(10100n);
    expect(writeOffMinor(line({ class: 'missing_at_gateway', amount: null, status: null }))).toBe(
      -10000n,
    );
    expect(writeOffMinor(line({ class: 'duplicate_at_gateway' }))).toBe(10100n);
    expect(writeOffMinor(line({ class: 'matched' }))).toBe(0n);
  });

  it('sums per currency and offers only what a line can take', () => {
    const a = line({});
    const b = line({ seq: 2, class: 'fee_mismatch', fee: '1.50' });
    expect(writeOffTotals([a, b])).toEqual([{ currency: 'THB', count: 2, amount: '0.50' }]);
    const stranger = line({ class: 'missing_here', our_kind: null, our_id: null });
    expect(resolvableBy.query(stranger)).toBe(false);
    expect(resolvableBy.writeOff(stranger)).toBe(true);
    const done = line({ resolution: 'explained', resolution_status: 'done' });
    expect(resolvableBy.explain(done)).toBe(false);
    // A dispute's ruling is asked for as any transaction's state is.
    expect(resolvableBy.query(line({ class: 'status_mismatch', our_kind: 'dispute' }))).toBe(true);
    // A write-off rejected or expired leaves the line open to every resolution again.
    const expired = line({ closed_write_off: 'expired' });
    expect(
      [resolvableBy.query, resolvableBy.writeOff, resolvableBy.explain].map((f) => f(expired)),
    ).toEqual([true, true, true]);
    // A difference across currencies is not one amount: the server refuses it, so is the button.
    expect(resolvableBy.writeOff(line({ our_currency: 'MYR' }))).toBe(false);
  });
});
