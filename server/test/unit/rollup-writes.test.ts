import { describe, expect, it } from 'vitest';
import { dashboardRollupWrites } from '../../src/ledger/dashboard-rollups';
import { reportRollupWrites } from '../../src/ledger/report-rollups';
import { rollupWrites, type RollupDelta } from '../../src/ledger/rollups';

const MERCHANTS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const STATUSES = ['created', 'processing', 'success', 'failed'];
const KINDS: RollupDelta['kind'][] = ['payin', 'payout', 'top_up'];

/**
 * Deltas of one batch around the edges the rollups bucket on: a UTC day (00:00), a Malaysia
 * day (16:00 UTC), an hour and a half hour, in two months, with and without a gateway and a
 * fee split, some cancelling each other.
 */
function batchDeltas(): RollupDelta[] {
  const instants = [
    '2026-01-31T15:59:59.999Z',
    '2026-01-31T16:00:00.000Z',
    '2026-01-31T16:29:59.999Z',
    '2026-01-31T16:30:00.000Z',
    '2026-01-31T23:59:59.999Z',
    '2026-02-01T00:00:00.000Z',
    '2026-02-01T00:45:10.000Z',
  ].map((t) => new Date(t));
  const deltas: RollupDelta[] = [];
  let n = 0;
  for (const createdAt of instants)
    for (const ownerAccountId of MERCHANTS)
      for (const status of STATUSES) {
        n++;
        const kind = KINDS[n % KINDS.length]!;
        const volume = BigInt(1000 + n * 37);
        deltas.push({
          ownerAccountId,
          currency: n % 2 ? 'THB' : 'MYR',
          createdAt,
          kind,
          status,
          gatewayCode: kind === 'top_up' ? undefined : `GW-${n % 3}`,
          count: n % 5 === 0 ? -1 : 1,
          volume: n % 5 === 0 ? -volume : volume,
          fee: BigInt(n),
          split:
            n % 4 === 0
              ? undefined
              : { gatewayCost: BigInt(n), resellerCommission: 2n, platformProfit: BigInt(n % 7) },
        });
      }
  // A transition within the batch: counted into one status and out of it again.
  deltas.push({ ...deltas[0]!, count: -deltas[0]!.count, volume: -deltas[0]!.volume, fee: -1n });
  return deltas;
}

describe('rollup writes of a batch', () => {
  it('write the same dashboard and report rows as the batch delta by delta', () => {
    const deltas = batchDeltas();
    const written = rollupWrites(deltas, 5)!;
    const dashboard = dashboardRollupWrites(deltas, 5)!;
    const report = reportRollupWrites(deltas, 5)!;
    const expected = [...dashboard.params, ...report.params];
    expect(written.params).toEqual(expected);
  });

  it('refuse slot 0, the compaction’s, and any slot that is not one of 1–15', () => {
    for (const slot of [0, -1, 16, 1.5])
      expect(() => rollupWrites(batchDeltas(), slot), String(slot)).toThrow(/writers use 1–15/);
    for (let i = 0; i < 200; i++) {
      const written = rollupWrites(batchDeltas())!;
      const slot = written.params[15] as number;
      expect(slot).toBeGreaterThanOrEqual(1);
      expect(slot).toBeLessThan(16);
    }
  });
});
