import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isFinalState,
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  PAYOUT_QUEUED_STATUS,
  RISK_BLOCKED_STATUS,
  RISK_HELD_STATUS,
  SETTLEMENT_LIFECYCLE,
  TOP_UP_LIFECYCLE,
  WITHDRAWAL_LIFECYCLE,
  type Lifecycle,
} from '../src';

const machines: Lifecycle<string>[] = [
  PAYIN_LIFECYCLE,
  PAYOUT_LIFECYCLE,
  SETTLEMENT_LIFECYCLE,
  WITHDRAWAL_LIFECYCLE,
  TOP_UP_LIFECYCLE,
];

describe('lifecycles', () => {
  it.each(machines.map((m) => [m.name, m] as const))(
    '%s: every transition names a known state, and every state is reachable',
    (_n, m) => {
      const reached = new Set([m.initial]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const s of [...reached]) {
          for (const next of m.transitions[s] ?? []) {
            if (reached.has(next)) continue;
            reached.add(next);
            grew = true;
          }
        }
      }
      expect([...reached].sort()).toEqual([...m.states].sort());
      for (const s of m.states)
        for (const next of m.transitions[s]!) expect(m.states).toContain(next);
    },
  );

  it('pay-ins: only forward moves, a late success after expiry, nothing out of a final state', () => {
    expect(canTransition(PAYIN_LIFECYCLE, 'created', 'processing')).toBe(true);
    expect(canTransition(PAYIN_LIFECYCLE, 'processing', 'success')).toBe(true);
    expect(canTransition(PAYIN_LIFECYCLE, 'expired', 'success')).toBe(true);
    expect(canTransition(PAYIN_LIFECYCLE, 'created', 'success')).toBe(false);
    expect(canTransition(PAYIN_LIFECYCLE, 'success', 'failed')).toBe(false);
    expect(canTransition(PAYIN_LIFECYCLE, 'failed', 'success')).toBe(false);
    expect(isFinalState(PAYIN_LIFECYCLE, 'success')).toBe(true);
    expect(isFinalState(PAYIN_LIFECYCLE, 'expired')).toBe(false);
  });

  it('money leaving: a completed or rejected item never moves again, a pending one cannot complete', () => {
    for (const m of [SETTLEMENT_LIFECYCLE, WITHDRAWAL_LIFECYCLE]) {
      expect(canTransition(m, 'pending', 'completed')).toBe(false);
      expect(canTransition(m, 'approved', 'completed')).toBe(true);
      expect(canTransition(m, 'approved', 'rejected')).toBe(true);
      expect(m.transitions.completed).toEqual([]);
      expect(m.transitions.rejected).toEqual([]);
    }
    expect(canTransition(PAYOUT_LIFECYCLE, 'pending_approval', 'success')).toBe(false);
    expect(canTransition(PAYOUT_LIFECYCLE, 'success', 'failed')).toBe(false);
    expect(canTransition(TOP_UP_LIFECYCLE, 'approved', 'rejected')).toBe(false);
  });

  it('risk controls: a held item leaves its hold only through its review, and only to where a review leads', () => {
    const held = [
      [PAYIN_LIFECYCLE, ['created', 'rejected']],
      // A pay-out let go waits for its gateway's deposit when it cannot cover it (issue 43).
      [PAYOUT_LIFECYCLE, ['processing', 'rejected', 'queued_for_gateway']],
      [SETTLEMENT_LIFECYCLE, ['approved', 'rejected']],
      [WITHDRAWAL_LIFECYCLE, ['approved', 'rejected']],
    ] as const;
    for (const [m, ways] of held) {
      const lifecycle = m as Lifecycle<string>;
      expect(canTransition(lifecycle, lifecycle.initial, RISK_HELD_STATUS)).toBe(true);
      expect(canTransition(lifecycle, lifecycle.initial, RISK_BLOCKED_STATUS)).toBe(true);
      expect(isFinalState(lifecycle, RISK_BLOCKED_STATUS)).toBe(true);
      for (const to of lifecycle.states) {
        const allowed = (ways as readonly string[]).includes(to);
        expect(canTransition(lifecycle, RISK_HELD_STATUS, to, 'review')).toBe(allowed);
        // No ordinary change (an approval, a callback, a sweep) takes it anywhere.
        expect(canTransition(lifecycle, RISK_HELD_STATUS, to)).toBe(false);
      }
      // A review moves only held items: it cannot take an item the ordinary flow owns.
      expect(canTransition(lifecycle, lifecycle.initial, RISK_BLOCKED_STATUS, 'review')).toBe(
        false,
      );
    }
    // A queued pay-out goes to its gateway or is rejected, by the ordinary flow (its release).
    expect(canTransition(PAYOUT_LIFECYCLE, PAYOUT_QUEUED_STATUS, 'processing')).toBe(true);
    expect(canTransition(PAYOUT_LIFECYCLE, PAYOUT_QUEUED_STATUS, 'success')).toBe(false);
    // Held money is never paid out: no kind goes from held straight to its success.
    expect(canTransition(PAYOUT_LIFECYCLE, RISK_HELD_STATUS, 'success', 'review')).toBe(false);
    expect(canTransition(SETTLEMENT_LIFECYCLE, RISK_HELD_STATUS, 'completed', 'review')).toBe(
      false,
    );
  });
});
