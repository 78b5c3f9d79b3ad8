import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { registerMoneyKinds } from '../kind-registry/money-kinds';
import { seedDemoAccounts } from './demo-accounts';
import { DEMO_MONEY_DEFAULTS, seedDemoMoney, type DemoMoneyOptions } from './demo-money';
import { seedDemoMoneySetup } from './demo-money-setup';
import { seedDemoHeldItems } from './demo-held-items';
import { seedDemoReconciliation } from './demo-reconciliation';
import { backfillRiskFacts } from '../modules/risk/risk-facts-backfill';
import { sealHistoryUpToYesterday } from '../ledger/chain/seals';

/**
 * The part of the demo world a sign-in needs, in one transaction and in seconds: the accounts,
 * gateways, contracts and the merchant API key. Running it again changes nothing.
 */
export async function seedDemoFoundation(db: Db): Promise<void> {
  registerMoneyKinds();
  await db.transaction(async (tx) => {
    await seedDemoAccounts(tx);
    await seedDemoMoneySetup(tx);
  });
}

/**
 * The demo world's money history (90 days), one transaction per day through the lifecycle
 * code; the server answers meanwhile. `onDay` reports progress, `signal` stops between days
 * (answers false then: the next start completes it). On PGlite a history made now is then
 * compacted (`onCompact` says when). With `operator` (the server's config and log), the
 * reconciliation of a sandbox statement follows, as the demo admin (`seedDemoReconciliation`),
 * and the pay-outs a risk rule held for review (`seedDemoHeldItems`), then the history is
 * chained and sealed up to yesterday (`sealHistoryUpToYesterday`). The history's risk facts
 * are written once it is complete (`backfillRiskFacts`).
 */
export async function seedDemoHistory(
  db: Db,
  progress: Pick<DemoMoneyOptions, 'onDay' | 'signal' | 'beforeDay'> & {
    onCompact?: () => void;
    operator?: { config: Config; log: FastifyBaseLogger };
  } = {},
): Promise<boolean> {
  let made = false;
  const complete = await seedDemoMoney(db, {
    ...DEMO_MONEY_DEFAULTS,
    signal: progress.signal,
    beforeDay: progress.beforeDay,
    onDay: (...day) => {
      made = true;
      progress.onDay?.(...day);
    },
  });
  // Risk facts for the history made above, so velocity, first-seen and backtests read it.
  if (complete && made) await backfillRiskFacts(db);
  if (complete && progress.operator) {
    const { config, log } = progress.operator;
    await seedDemoReconciliation(db, config, log);
    await seedDemoHeldItems(db, config, log);
    // The history is sealed up to yesterday: its statements verify from the first start.
    if (made) await sealHistoryUpToYesterday(db, config);
  }
  if (complete && made && db.kind === 'pglite') {
    progress.onCompact?.();
    await compactEmbeddedDatabase(db, progress.beforeDay, progress.signal);
  }
  return complete;
}

/**
 * PGlite runs no autovacuum (single-user mode): every pay-in the seed created and then moved
 * twice left two dead versions in the table and in each of its indexes, over 40 % of the data
 * folder. VACUUM FULL rewrites each table and its indexes compactly, one table at a time with
 * the server's requests let in between; the checkpoint then lets the WAL files go.
 */
async function compactEmbeddedDatabase(
  db: Db,
  between?: () => Promise<void>,
  signal?: AbortSignal,
) {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY pg_relation_size(c.oid)`,
  );
  for (const { name } of rows) {
    await new Promise((resolve) => setImmediate(resolve));
    await between?.();
    if (signal?.aborted) return; // a shutdown: the rest stays as it is
    await db.exec(`VACUUM FULL public."${name.replaceAll('"', '""')}"`);
  }
  await db.exec('CHECKPOINT');
}
