import { submitGatewayCallback } from '../../server/src/modules/gateway-callbacks/gateway-events';
import type { Db } from '../../server/src/db/db';
import { findLedgerDrift } from '../../server/src/ledger/invariants';
import { registerMoneyKinds } from '../../server/src/kind-registry/money-kinds';
import {
  submitPayinChange,
  submitPayinCreation,
} from '../../server/src/modules/payins/payin-batches';
import { BENCH_GATEWAY } from './bench-db';

/**
 * Pay-ins completed per second at the service level: create, mark processing, and apply the
 * gateway's success callback (three transactions, each through the group commit the server
 * uses, so concurrent workers share them), from `workers` concurrent loops. The first
 * `warmupSeconds` (compilation, connections) are not counted.
 */
export async function measureServiceIngest(
  db: Db,
  seconds: number,
  workers: number,
  warmupSeconds = 0,
): Promise<{ perSecond: number; total: number; drift: string[] }> {
  registerMoneyKinds();
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM accounts WHERE account_db_code = 'MER00001'`,
  );
  const merchantId = rows[0]!.id;
  const gatewayCode = BENCH_GATEWAY;
  let done = 0;
  let seq = 0;
  const started = Date.now();
  const counted = started + warmupSeconds * 1000;
  const deadline = counted + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_v, w) => {
      while (Date.now() < deadline) {
        const n = seq++;
        const at = new Date();
        const p = await submitPayinCreation(db, {
          merchantId,
          orderId: `svc-${w}-${n}-${started}`,
          currency: 'THB',
          amount: 10_000n + BigInt(n % 5_000) * 100n,
          createdAt: at,
        });
        await submitPayinChange(db, {
          id: p.id,
          status: 'processing',
          at,
          reference: `SBX-PI-${p.id}`,
        });
        await submitGatewayCallback(db, {
          eventId: `SBX-PI-${p.id}:success`,
          gatewayCode,
          kind: 'payin',
          refId: p.id,
          status: 'success',
        });
        if (Date.now() > counted) done++;
      }
    }),
  );
  const elapsed = (Date.now() - counted) / 1000;
  return { perSecond: done / elapsed, total: done, drift: await findLedgerDrift(db) };
}
