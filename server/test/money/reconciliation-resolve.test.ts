import { randomUUID, randomUUIDv7 } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconFeeRow } from '@bo/contract';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { accountKey, findLedgerBalance, platformKey } from '../../src/ledger/ledger-accounts';
import { applyGatewayCallback } from '../../src/modules/gateway-callbacks/gateway-events';
import { sweepExpiredPayins } from '../../src/modules/payins/payin-flow';
import {
  ABANDONED_STAGING_AFTER_MS,
  createStaging,
  dropStaged,
  importStartOf,
  stagingTable,
  sweepAbandonedStaging,
} from '../../src/modules/reconciliation/recon-matching';
import {
  DAILY_RETRY_MS,
  dailyStatementsJob,
  importYesterdaysStatements,
  type DailyImport,
} from '../../src/modules/reconciliation/recon-sandbox';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  RESELLER,
  STAGING_TABLES,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';
import { EVERY_STATUS_FLIPPED } from './support/recon-rates';

/** A UUIDv7 of Unix millisecond `ms`, as `randomUUIDv7` makes them. */
function uuidV7At(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0') + randomUUID().replace(/-/g, '').slice(12);
  const v7 = `${hex.slice(0, 12)}7${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v7.slice(0, 8)}-${v7.slice(8, 12)}-${v7.slice(12, 16)}-${v7.slice(16, 20)}-${v7.slice(20)}`;
}

/**
 * Gateway reconciliation, phase 2 (issue 28): the differences of a run resolved by asking the
 * gateway (its final state driven through our lifecycle with its journal), by a write-off
 * through the maker-checker, or explained; each line once, every action audited, the run's
 * progress counted, and the books clean after.
 */
let t: MoneyApp;
let gatewayId: string;
let runId: string;
/** The pay-in expired here that the gateway settled after all. */
let lateId: string;
/** Another expired here, whose late callback comes while its write-off waits. */
let lateCallbackId: string;
/** A pay-in not final (processing) when the statement was imported. */
let pendingId: string;
const ADMIN3 = 'admin3@demo.test';
const period = {
  from: new Date(Date.now() - 60_000).toISOString(),
  to: new Date(Date.now() + 3600_000).toISOString(),
};

type Line = {
  seq: number;
  class: string;
  reference: string;
  our_id: string | null;
  our_status: string | null;
  status: string | null;
  resolution: string | null;
  resolution_status: string | null;
  resolution_id: string | null;
};
type Result = {
  seq: number;
  ok: boolean;
  id?: string;
  resolution?: string;
  status?: string;
  gateway_status?: string;
  our_status?: string;
  amount?: string;
  message?: string;
};

async function lines(): Promise<Line[]> {
  const r = await t.as<{ rows: Line[] }>(ADMIN, 'getReconLineList', { runId, pageSize: '200' });
  expect(r.status, r.message).toBe(200);
  return r.data.rows;
}

async function resolve(email: string, call: string, seqs: number[], reason = 'Checked by a test') {
  const r = await t.as<{ results: Result[] }>(email, call, {
    runId,
    seqs: seqs.join(','),
    reason,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.results;
}

const decideWriteOff = (email: string, id: string, extra: Record<string, string> = {}) =>
  t.as<{ results: (Result & { approvals?: number; approvals_required?: number })[] }>(
    email,
    'decideReconWriteOffs',
    { ids: id, decision: 'approve', ...extra },
  );

/**
 * A pay-in asked for through the merchant API, on gateway `on` when given (the gateways of a
 * currency share its pay-ins by order id: other order ids are tried until one lands there);
 * answers its id and gateway once the sandbox is done with it.
 */
async function createPayin(amount: string, orderId: string, currency = 'THB', on?: string) {
  for (let n = 0; n < 20; n++) {
    const id = n ? `${orderId}-${n}` : orderId;
    const r = await t.api('POST', '/api/v1/payins', { amount, currency, order_id: id });
    expect(r.status).toBe(201);
    await t.sandbox.idle();
    const { rows } = await t.db.query<{ id: string; gateway_id: string }>(
      'SELECT id, gateway_id FROM payins WHERE order_id = $1',
      [id],
    );
    if (!on || rows[0]!.gateway_id === on) return rows[0]!;
  }
  throw new Error(`no pay-in landed on gateway ${on}`);
}

const payinStatus = async (id: string) =>
  (await t.db.query<{ status: string }>('SELECT status FROM payins WHERE id = $1', [id])).rows[0]!
    .status;

beforeAll(async () => {
  t = await startMoneyApp();
  // The demo's third admin (issue 40) is there: a write-off needs two admins besides whoever
  // asked for it.
  // Pay-ins the sandbox settles (.03), fails (.01), and one it never answers (.02).
  for (let i = 0; i < 30; i++) {
    const r = await t.api('POST', '/api/v1/payins', {
      amount: `${200 + i}.${i % 2 ? '01' : '03'}`,
      currency: 'THB',
      order_id: `resolve-${i}`,
    });
    expect(r.status).toBe(201);
  }
  ({ id: lateId, gateway_id: gatewayId } = await createPayin('500.02', 'resolve-late'));
  lateCallbackId = (await createPayin('500.02', 'resolve-late-callback', 'THB', gatewayId)).id;
  // Expired here (the gateway said nothing), then settled at the gateway with no callback.
  await sweepExpiredPayins(t.db, new Date(Date.now() + 2 * 3600_000));
  expect(await payinStatus(lateId)).toBe('expired');
  await t.db.query("UPDATE sandbox_payments SET status = 'success' WHERE merchant_ref = $1", [
    lateId,
  ]);
  // Still processing when the statement is imported: the gateway never answers it.
  pendingId = (await createPayin('600.02', 'resolve-pending', 'THB', gatewayId)).id;
  expect(await payinStatus(pendingId)).toBe('processing');
  // Every line's status flipped: each transaction of ours is a status mismatch.
  const run = await t.as<{ run: { id: string } }>(ADMIN, 'importSandboxStatement', {
    ...period,
    gatewayId,
    ...EVERY_STATUS_FLIPPED,
  });
  expect(run.status, run.message).toBe(200);
  runId = run.data.run.id;
}, 120_000);
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

describe('querying the gateway', () => {
  it('takes a final state that differs through our lifecycle with its journal', async () => {
    const line = (await lines()).find((l) => l.our_id === lateId)!;
    expect(line).toMatchObject({
      class: 'status_mismatch',
      our_status: 'failed',
      status: 'success',
    });
    const merchant = await t.accountId('MER00001');
    const available = () => findLedgerBalance(t.db, accountKey(merchant, 'THB', 'available'));
    const before = await available();
    const [result] = await resolve(ADMIN, 'queryReconLines', [line.seq]);
    expect(result).toMatchObject({
      ok: true,
      resolution: 'gateway_accepted',
      status: 'done',
      gateway_status: 'success',
      our_status: 'success',
    });
    expect(await payinStatus(lateId)).toBe('success');
    const { rows } = await t.db.query<{ net_amount: bigint }>(
      'SELECT net_amount FROM payins WHERE id = $1',
      [lateId],
    );
    expect(await available()).toBe(before + rows[0]!.net_amount);
    const journals = await t.db.query(
      "SELECT 1 FROM journal WHERE ref_id = $1 AND kind = 'payin.success'",
      [lateId],
    );
    expect(journals.rows).toHaveLength(1);
    const logs = await t.db.query(
      "SELECT 1 FROM admin_logs WHERE action = 'reconciliation.query_gateway' AND target_id = $1",
      [result!.id],
    );
    expect(logs.rows).toHaveLength(1);
    await t.expectCleanLedger();
  });

  it('records that the gateway agrees when its final state is ours, changing nothing', async () => {
    const settled = (await lines()).find(
      (l) => l.class === 'status_mismatch' && l.our_status === 'success' && !l.resolution,
    )!;
    const journals = await t.count('journal');
    const [result] = await resolve(ADMIN, 'queryReconLines', [settled.seq]);
    expect(result).toMatchObject({ ok: true, resolution: 'gateway_agrees', our_status: 'success' });
    expect(await t.count('journal')).toBe(journals);
  });

  it('resolves a line once: a second resolution of it is refused', async () => {
    const done = (await lines()).find((l) => l.our_id === lateId)!;
    expect(done).toMatchObject({ resolution: 'gateway_accepted', resolution_status: 'done' });
    const [again] = await resolve(ADMIN, 'explainReconLines', [done.seq]);
    expect(again).toMatchObject({ ok: false, message: expect.stringMatching(/resolved already/) });
  });
});

describe('writing a difference off', () => {
  it('waits for two admins besides the requester, then posts to the reconciliation account', async () => {
    const line = (await lines()).find(
      (l) => l.class === 'status_mismatch' && l.our_status === 'success' && !l.resolution,
    )!;
    const [asked] = await resolve(ADMIN, 'writeOffReconLines', [line.seq], 'Gateway reversed it');
    expect(asked).toMatchObject({ ok: true, resolution: 'write_off', status: 'pending' });
    // Ours succeeded, the gateway says it failed: it holds less of ours, a loss.
    expect(asked!.amount).toMatch(/^-/);
    const account = platformKey('THB', 'reconciliation_difference');
    const journals = await t.count('journal');

    const own = await decideWriteOff(ADMIN, asked!.id!);
    expect(own.data.results[0]).toMatchObject({ ok: false });
    expect(own.data.results[0]!.message).toMatch(/asked for by you/);
    const first = await decideWriteOff(ADMIN2, asked!.id!);
    expect(first.data.results[0]).toMatchObject({
      ok: true,
      status: 'pending',
      approvals: 1,
      approvals_required: 2,
    });
    expect(await t.count('journal')).toBe(journals);
    const twice = await decideWriteOff(ADMIN2, asked!.id!);
    expect(twice.data.results[0]).toMatchObject({ ok: false });

    const second = await decideWriteOff(ADMIN3, asked!.id!);
    expect(second.data.results[0]).toMatchObject({ ok: true, status: 'done', approvals: 2 });
    expect(await t.count('journal')).toBe(journals + 1);
    expect(String(await findLedgerBalance(t.db, account))).toBe(
      asked!.amount!.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1'),
    );
    const after = (await lines()).find((l) => l.seq === line.seq)!;
    expect(after).toMatchObject({ resolution: 'write_off', resolution_status: 'done' });
    await t.expectCleanLedger();
    // The books check the account against the write-offs done: a drift is named.
    const skew = (by: number) =>
      t.db.query('UPDATE recon_resolutions SET difference = difference + $2 WHERE id = $1', [
        asked!.id,
        by,
      ]);
    await skew(1);
    expect((await findLedgerDrift(t.db)).join('\n')).toMatch(
      /^reconciliation differences differ from posted write-offs: /m,
    );
    await skew(-1);
  });

  it('posts nothing when rejected, and the line may be resolved again', async () => {
    const line = (await lines()).find(
      (l) => l.class === 'status_mismatch' && l.our_status === 'success' && !l.resolution,
    )!;
    const [asked] = await resolve(ADMIN, 'writeOffReconLines', [line.seq]);
    const pending = (await lines()).find((l) => l.seq === line.seq)!;
    expect(pending).toMatchObject({ resolution_status: 'pending', resolution_id: asked!.id });
    // The checkers' queue lists it, whichever run, filtered as lists are.
    const queue = async (filters: Record<string, string> = {}) => {
      const r = await t.as<{ rows: { id: string }[]; total: number }>(
        ADMIN2,
        'getReconWriteOffList',
        { pageSize: '200', ...filters },
      );
      expect(r.status, r.message).toBe(200);
      return r.data.rows;
    };
    const { rows: gateways } = await t.db.query<{ payment_gateway_code: string }>(
      'SELECT payment_gateway_code FROM payment_gateways WHERE id = $1',
      [gatewayId],
    );
    const code = gateways[0]!.payment_gateway_code;
    expect((await queue({ gatewayCode: code })).find((w) => w.id === asked!.id)).toMatchObject({
      run_id: runId,
      seq: line.seq,
      payment_gateway_code: code,
      class: 'status_mismatch',
      reference: line.reference,
      difference: asked!.amount,
      requested_by: expect.stringMatching(/\S/),
    });
    expect(await queue({ search: asked!.id! })).toHaveLength(1);
    expect(await queue({ currency: 'MYR' })).toHaveLength(0);
    const waiting = await t.as<{ reconciliation: { write_offs_waiting: number } }>(
      ADMIN,
      'getAdminDashboardV2',
    );
    expect(waiting.data.reconciliation.write_offs_waiting).toBe((await queue()).length);
    // Whoever asked for it cannot approve it.
    const own = await decideWriteOff(ADMIN, asked!.id!);
    expect(own.data.results[0]).toMatchObject({
      ok: false,
      message: expect.stringMatching(/asked for by you/),
    });
    const [busy] = await resolve(ADMIN2, 'explainReconLines', [line.seq]);
    expect(busy).toMatchObject({ ok: false, message: expect.stringMatching(/waiting/) });
    const journals = await t.count('journal');
    const rejected = await decideWriteOff(ADMIN2, asked!.id!, {
      decision: 'reject',
      ...REJECTION,
    });
    expect(rejected.data.results[0]).toMatchObject({ ok: true, status: 'rejected' });
    expect(await t.count('journal')).toBe(journals);
    expect((await queue()).map((w) => w.id)).not.toContain(asked!.id);
    const [explained] = await resolve(ADMIN2, 'explainReconLines', [line.seq], 'Known reversal');
    expect(explained).toMatchObject({ ok: true, resolution: 'explained' });
  });
});

describe('a write-off refused', () => {
  it('while our transaction is not final, nothing changed', async () => {
    const line = (await lines()).find((l) => l.our_id === pendingId)!;
    expect(line).toMatchObject({ class: 'status_mismatch', our_status: 'pending' });
    const resolutions = await t.count('recon_resolutions');
    const [asked] = await resolve(ADMIN, 'writeOffReconLines', [line.seq]);
    expect(asked).toMatchObject({
      ok: false,
      message: expect.stringMatching(/is processing, not final/),
    });
    expect(await t.count('recon_resolutions')).toBe(resolutions);
  });

  it('at approval, when our status changed since it was asked for', async () => {
    const line = (await lines()).find((l) => l.our_id === lateCallbackId)!;
    expect(line).toMatchObject({ class: 'status_mismatch', our_status: 'failed' });
    const [asked] = await resolve(ADMIN, 'writeOffReconLines', [line.seq], 'Gateway settled it');
    expect(asked).toMatchObject({ ok: true, status: 'pending' });
    // The gateway settled what we had failed: it holds all of it.
    expect(asked!.amount).toBe('500.02');
    expect((await decideWriteOff(ADMIN2, asked!.id!)).data.results[0]).toMatchObject({
      ok: true,
      approvals: 1,
    });
    // Its late callback arrives while the write-off waits: our books now hold it.
    const { rows } = await t.db.query<{ payment_gateway_code: string }>(
      'SELECT payment_gateway_code FROM payment_gateways WHERE id = $1',
      [gatewayId],
    );
    const callback = await applyGatewayCallback(t.db, {
      eventId: `late-${lateCallbackId}`,
      gatewayCode: rows[0]!.payment_gateway_code,
      kind: 'payin',
      refId: lateCallbackId,
      status: 'success',
    });
    expect(callback).toBe('applied');
    const journals = await t.count('journal');
    const refused = await decideWriteOff(ADMIN3, asked!.id!);
    expect(refused.data.results[0]).toMatchObject({
      ok: false,
      message: expect.stringMatching(/success now, expired when this write-off was asked for/),
    });
    expect(await t.count('journal')).toBe(journals);
    const still = (await lines()).find((l) => l.seq === line.seq)!;
    expect(still).toMatchObject({ resolution: 'write_off', resolution_status: 'pending' });
    const rejected = await decideWriteOff(ADMIN2, asked!.id!, { decision: 'reject', ...REJECTION });
    expect(rejected.data.results[0]).toMatchObject({ ok: true, status: 'rejected' });
    // Asked again, it is refused at once: our status is no longer the run's.
    const [again] = await resolve(ADMIN, 'writeOffReconLines', [line.seq]);
    expect(again).toMatchObject({ ok: false, message: expect.stringMatching(/as the run saw it/) });
    await t.expectCleanLedger();
  });
});

describe('several lines at once', () => {
  it('resolves a line once when two admins resolve it at the same time', async () => {
    const line = (await lines()).find((l) => l.class !== 'matched' && !l.resolution)!;
    const both = await Promise.all(
      [ADMIN, ADMIN2].map((email) => resolve(email, 'explainReconLines', [line.seq])),
    );
    expect(both.map(([r]) => r!.ok).sort()).toEqual([false, true]);
    const { rows } = await t.db.query(
      'SELECT 1 FROM recon_resolutions WHERE run_id = $1 AND seq = $2',
      [runId, line.seq],
    );
    expect(rows).toHaveLength(1);
  });

  it('answers each line, one failing never stopping the others, and counts the progress', async () => {
    const all = await lines();
    const open = all.filter((l) => l.class !== 'matched' && !l.resolution).map((l) => l.seq);
    const resolved = all.find((l) => l.resolution)!.seq;
    const results = await resolve(ADMIN, 'explainReconLines', [resolved, ...open, 99_999]);
    expect(results.map((r) => r.seq)).toEqual([resolved, ...open, 99_999]);
    expect(results[0]).toMatchObject({ ok: false });
    expect(results.at(-1)).toMatchObject({ ok: false, message: expect.stringMatching(/no line/) });
    expect(results.slice(1, -1).every((r) => r.ok && r.resolution === 'explained')).toBe(true);
    const summary = await t.as<{ run: { difference_count: number; resolved_count: number } }>(
      ADMIN,
      'getReconRun',
      { id: runId },
    );
    expect(summary.data.run.resolved_count).toBe(summary.data.run.difference_count);
    const list = await t.as<{ rows: { id: string; resolved_count: number }[] }>(
      ADMIN,
      'getReconRunList',
    );
    expect(list.data.rows.find((r) => r.id === runId)!.resolved_count).toBe(
      summary.data.run.difference_count,
    );
    const dashboard = await t.as<{
      reconciliation: {
        differences: number;
        resolved: number;
        open_runs: number;
        write_offs_waiting: number;
      } | null;
    }>(ADMIN, 'getAdminDashboardV2');
    expect(dashboard.status, dashboard.message).toBe(200);
    expect(dashboard.data.reconciliation).toEqual({
      differences: summary.data.run.difference_count,
      resolved: summary.data.run.difference_count,
      open_runs: 0,
      write_offs_waiting: 0,
    });
    // The dashboard reads counts kept beside the rows (issue 46); the books check them.
    await t.expectCleanLedger();
    await t.db.query('UPDATE recon_progress SET resolved = resolved - 1');
    await t.db.query('INSERT INTO recon_open_runs (run_id, unresolved) VALUES ($1, 1)', [runId]);
    const drift = (await findLedgerDrift(t.db)).join('\n');
    expect(drift).toMatch(/^reconciliation progress differs .*: the totals: the rows say/m);
    expect(drift).toContain(`run ${runId}: the rows say 0 open, the kept counts 1 open`);
    await t.db.query('UPDATE recon_progress SET resolved = resolved + 1');
    await t.db.query('DELETE FROM recon_open_runs WHERE run_id = $1', [runId]);
  });

  it('reports the fees per gateway and day: ours against what the gateway charged', async () => {
    const report = async () => {
      const r = await t.as<{ rows: ReconFeeRow[] }>(ADMIN, 'getReconFeeReport', {
        pageSize: '200',
      });
      expect(r.status, r.message).toBe(200);
      return r.data.rows;
    };
    // The status run's fees are the gateway's own: no difference.
    const agreed = await report();
    expect(agreed.length).toBeGreaterThan(0);
    expect(agreed.every((r) => r.difference === '0.00' && r.fee_mismatch_count === 0)).toBe(true);
    // A newer statement of the period where the gateway charged more on every line.
    const run = await t.as<{ run: { id: string } }>(ADMIN, 'importSandboxStatement', {
      ...period,
      gatewayId,
      seed: '77',
      ...Object.fromEntries(
        ['missing', 'extra', 'amount', 'status', 'duplicate', 'late'].map((k) => [`${k}Rate`, '0']),
      ),
      feeRate: '100',
    });
    expect(run.status, run.message).toBe(200);
    const { rows } = await t.db.query<{ n: bigint; mismatches: bigint; charged: bigint }>(
      `SELECT count(*) AS n, count(*) FILTER (WHERE class = 'fee_mismatch') AS mismatches,
              sum(fee - our_fee)::bigint AS charged
         FROM recon_lines WHERE run_id = $1 AND fee IS NOT NULL AND our_id IS NOT NULL`,
      [run.data.run.id],
    );
    const expected = rows[0]!;
    expect(expected.mismatches).toBeGreaterThan(0n);
    const rowsNow = await report();
    const sum = (pick: (r: ReconFeeRow) => number | string) =>
      rowsNow.reduce((s, r) => s + BigInt(String(pick(r)).replace('.', '')), 0n);
    expect(sum((r) => r.line_count)).toBe(expected.n);
    expect(sum((r) => r.fee_mismatch_count)).toBe(expected.mismatches);
    expect(sum((r) => r.difference)).toBe(expected.charged);
    expect(sum((r) => r.difference)).toBeGreaterThan(0n);
  });
});

describe('the daily job', () => {
  const tomorrow = new Date(Date.now() + 86_400_000);
  const errors: unknown[] = [];
  const log = { error: (o: unknown) => void errors.push(o) };
  let gatewayCode = '';
  let otherGatewayId = '';
  /** Sandbox runs of yesterday as seen from `tomorrow` (today), per gateway id. */
  const dailyRuns = async () => {
    const { rows } = await t.db.query<{ gateway_id: string; created_by: string | null }>(
      `SELECT gateway_id, created_by FROM recon_runs
        WHERE source = 'sandbox' AND period_from = $1`,
      [`${new Date().toISOString().slice(0, 10)}T00:00:00Z`],
    );
    return rows;
  };
  /** Fails the import of the test's gateway (its run cannot be written) until dropped. */
  const failGateway = async (fail: boolean) => {
    const statements = fail
      ? [
          `CREATE FUNCTION fail_recon_run() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             IF NEW.gateway_id = '${gatewayId}' THEN RAISE EXCEPTION 'gateway down'; END IF;
             RETURN NEW;
           END $$`,
          `CREATE TRIGGER fail_recon_run BEFORE INSERT ON recon_runs
             FOR EACH ROW EXECUTE FUNCTION fail_recon_run()`,
        ]
      : ['DROP TRIGGER fail_recon_run ON recon_runs', 'DROP FUNCTION fail_recon_run()'];
    for (const sql of statements) await t.db.query(sql);
  };

  beforeAll(async () => {
    const { rows } = await t.db.query<{ payment_gateway_code: string }>(
      'SELECT payment_gateway_code FROM payment_gateways WHERE id = $1',
      [gatewayId],
    );
    gatewayCode = rows[0]!.payment_gateway_code;
    // A pay-in on another sandbox gateway (MYR), so two gateways have a day to reconcile.
    otherGatewayId = (await createPayin('300.03', 'daily-myr', 'MYR')).gateway_id;
  });

  it('goes on past a failing gateway and counts the day done only once every gateway is in', async () => {
    const job = dailyStatementsJob(log);
    let rounds = 0;
    const run = (work: () => Promise<DailyImport>) => {
      rounds++;
      return work().then((value) => ({ ran: true as const, value }));
    };
    await failGateway(true);
    try {
      job.startWhenDue(t.db, run, tomorrow.getTime());
      await job.idle();
    } finally {
      await failGateway(false);
    }
    expect(rounds).toBe(1);
    // The failing gateway is logged and has no run; the other one is in.
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ gateway: gatewayCode });
    const after = await dailyRuns();
    expect(after.map((r) => r.gateway_id)).toContain(otherGatewayId);
    expect(after.map((r) => r.gateway_id)).not.toContain(gatewayId);
    expect(await t.count(STAGING_TABLES)).toBe(0);
    // Not done: tried again, but not before the retry's wait.
    job.startWhenDue(t.db, run, tomorrow.getTime() + 1_000);
    await job.idle();
    expect(rounds).toBe(1);
    job.startWhenDue(t.db, run, tomorrow.getTime() + DAILY_RETRY_MS);
    await job.idle();
    expect(rounds).toBe(2);
    expect((await dailyRuns()).map((r) => r.gateway_id)).toContain(gatewayId);
    // Done for the day: later rounds of it start nothing.
    job.startWhenDue(t.db, run, tomorrow.getTime() + 2 * DAILY_RETRY_MS);
    await job.idle();
    expect(rounds).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it("imports each gateway's day once, as the system, and makes no run of an empty day", async () => {
    const runs = await dailyRuns();
    // Only the gateways with transactions that day have a run.
    const { rows } = await t.db.query<{ gateway_id: string }>(
      `SELECT DISTINCT gateway_id FROM payins
        WHERE gateway_reference <> '' AND created_at >= $1`,
      [`${new Date().toISOString().slice(0, 10)}T00:00:00Z`],
    );
    expect(rows.map((r) => r.gateway_id)).toEqual(
      expect.arrayContaining([gatewayId, otherGatewayId]),
    );
    expect(runs.map((r) => r.gateway_id).sort()).toEqual(rows.map((r) => r.gateway_id).sort());
    expect(runs.every((r) => r.created_by === null)).toBe(true);
    const count = await t.count('recon_runs');
    expect(await importYesterdaysStatements(t.db, log, tomorrow)).toEqual({
      imported: 0,
      failed: [],
    });
    // A day with no transaction anywhere: no run at all.
    const later = new Date(Date.now() + 30 * 86_400_000);
    expect(await importYesterdaysStatements(t.db, log, later)).toEqual({ imported: 0, failed: [] });
    expect(await t.count('recon_runs')).toBe(count);
  });

  it('first sweeps the staging tables of imports abandoned mid-way, and only those', async () => {
    // An import's id is a UUIDv7: it tells when the import started.
    const before = Date.now();
    expect(importStartOf(randomUUIDv7())!.getTime()).toBeGreaterThanOrEqual(before);
    const startedAt = Date.parse('2026-01-01T00:00:00Z');
    const old = uuidV7At(startedAt);
    const fresh = uuidV7At(startedAt + 3_600_000);
    const legacy = randomUUID();
    const stagedNow = async () =>
      (await t.db.query<{ tablename: string }>(`SELECT tablename FROM ${STAGING_TABLES}`)).rows
        .map((r) => r.tablename)
        .sort();
    for (const id of [old, fresh, legacy]) await createStaging(t.db, id);
    try {
      // Six hours on, the first import is taken for abandoned (and one whose id has no time);
      // the import started an hour later may still be under way.
      const sixHoursOn = new Date(startedAt + ABANDONED_STAGING_AFTER_MS);
      expect((await sweepAbandonedStaging(t.db, sixHoursOn)).sort()).toEqual([old, legacy].sort());
      expect(await stagedNow()).toEqual([stagingTable(fresh)]);
      // The daily job sweeps first.
      await importYesterdaysStatements(t.db, log, new Date(sixHoursOn.getTime() + 3_600_000));
      expect(await stagedNow()).toEqual([]);
    } finally {
      for (const id of [old, fresh, legacy]) await dropStaged(t.db, id);
    }
  });
});

describe('who may resolve', () => {
  it('refuses merchants and resellers (403)', async () => {
    for (const email of [MERCHANT, RESELLER]) {
      for (const call of ['queryReconLines', 'writeOffReconLines', 'explainReconLines']) {
        const r = await t.as(email, call, { runId, seqs: '1', reason: 'x' });
        expect(r.status, call).toBe(403);
      }
      const d = await t.as(email, 'decideReconWriteOffs', { ids: runId, decision: 'approve' });
      expect(d.status).toBe(403);
      expect((await t.as(email, 'getReconFeeReport')).status).toBe(403);
    }
  });
});
