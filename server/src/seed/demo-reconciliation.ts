import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config';
import { DEFAULT_PLANT_RATES } from '../connectors/sandbox/sandbox-statement';
import type { UserCallContext } from '../core/context';
import type { Db } from '../db/db';
import { findAccountByEmail, findModules } from '../modules/accounts/accounts.service';
import { explainLines, writeOffLines } from '../modules/reconciliation/recon-resolve';
import { importSandboxOf, sandboxFileName } from '../modules/reconciliation/recon-sandbox';
import { gatewayOf } from '../modules/reconciliation/reconciliation.service';

/** The demo's reconciled gateway (the busiest THB lane) and the statement's seed. */
const DEMO_RECON_GATEWAY = 'SBX-THB-1';
const DEMO_RECON_SEED = 40;
/** A few planted differences of each kind on a day's few hundred lines, not dozens. */
const DEMO_RECON_RATES = {
  ...DEFAULT_PLANT_RATES,
  missing: 0.02,
  extra: 0.02,
  amount: 0.02,
  status: 0.02,
  fee: 0.02,
  duplicate: 0.01,
  late: 0,
};
const DAY_MS = 86_400_000;
/** How many differences the demo admin marks explained. */
const EXPLAINED = 2;

/** The demo admin (admin@demo.test) as a call's context: the run and its resolutions are its. */
export async function demoAdminContext(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
): Promise<UserCallContext | null> {
  const admin = await findAccountByEmail(db, 'admin@demo.test');
  if (!admin) return null;
  return {
    db,
    config,
    log,
    clientIp: '',
    userAgent: 'demo-seed',
    requestId: '',
    actor: {
      accountId: admin.id,
      sessionId: '',
      username: admin.username,
      email: admin.email,
      accountType: admin.account_type,
      modules: await findModules(db, admin.id),
      scopeAccountId: admin.id,
      isSubAccount: false,
    },
  };
}

/**
 * The demo's reconciliation (/reconciliation): the sandbox's statement of SBX-THB-1 for the
 * day before yesterday (the daily job imports yesterday's), with a few planted differences,
 * imported and matched by the real import; then, through the real resolution calls, two
 * differences explained and one written off, its write-off waiting for its approvals. Made
 * once: a demo run already there (of any day) changes nothing. Answers whether it made the run.
 */
export async function seedDemoReconciliation(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<boolean> {
  const ctx = await demoAdminContext(db, config, log);
  const found = await db.query<{ id: string }>(
    'SELECT id FROM payment_gateways WHERE payment_gateway_code = $1',
    [DEMO_RECON_GATEWAY],
  );
  const gatewayId = found.rows[0]?.id;
  if (!ctx || !gatewayId) return false;
  const day = Math.floor(now.getTime() / DAY_MS) - 2;
  const period = { from: new Date(day * DAY_MS), to: new Date((day + 1) * DAY_MS - 1) };
  const gateway = await gatewayOf(db, gatewayId);
  // One demo run ever, whichever day it was made on (a later start finds it).
  const made = await db.query(
    'SELECT 1 FROM recon_runs WHERE gateway_id = $1 AND file_name LIKE $2 LIMIT 1',
    [
      gatewayId,
      sandboxFileName(DEMO_RECON_GATEWAY, period.from, DEMO_RECON_SEED).replace(
        /\d{4}-\d{2}-\d{2}/,
        '%',
      ),
    ],
  );
  if (made.rows.length) return false;
  const { run } = await importSandboxOf(ctx, gateway, period, DEMO_RECON_SEED, DEMO_RECON_RATES);
  const { rows } = await db.query<{ seq: number; class: string }>(
    `SELECT seq, class FROM recon_lines WHERE run_id = $1 AND class <> 'matched' ORDER BY seq`,
    [run.id],
  );
  // The write-off: the first amount difference the resolution code accepts.
  let writtenOff: number | null = null;
  for (const line of rows.filter((r) => r.class === 'amount_mismatch')) {
    const input = { runId: run.id, seqs: [line.seq], reason: 'Demo: the gateway rounded it' };
    const { results } = await writeOffLines(ctx, input);
    if (results[0]?.ok) {
      writtenOff = line.seq;
      break;
    }
  }
  const toExplain = rows
    .filter((r) => r.seq !== writtenOff && r.class !== 'amount_mismatch')
    .slice(0, EXPLAINED)
    .map((r) => r.seq);
  await explainLines(ctx, {
    runId: run.id,
    seqs: toExplain,
    reason: 'Demo: checked with the gateway, booked on their side the next day',
  });
  return true;
}
