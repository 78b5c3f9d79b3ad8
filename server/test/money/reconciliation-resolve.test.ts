import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDrift } from '../../src/ledger/invariants';
import { accountKey, findLedgerBalance, platformKey } from '../../src/ledger/ledger-accounts';
import { sweepExpiredPayins } from '../../src/modules/payins/payin-flow';
import { importYesterdaysStatements } from '../../src/modules/reconciliation/recon-sandbox';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  RESELLER,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';

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
const ADMIN3 = 'admin3@demo.test';
const period = {
  from: new Date(Date.now() - 60_000).toISOString(),
  to: new Date(Date.now() + 3600_000).toISOString(),
};

type Line = {
  seq: number;
  class: string;
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

const payinStatus = async (id: string) =>
  (await t.db.query<{ status: string }>('SELECT status FROM payins WHERE id = $1', [id])).rows[0]!
    .status;

beforeAll(async () => {
  t = await startMoneyApp();
  // A third admin: a write-off needs two admins besides whoever asked for it.
  await t.db.query(
    `WITH a AS (
       INSERT INTO accounts (account_db_code, account_type, email, username, name, password_hash)
       SELECT 'ADM00093', 'admin', $1, 'admin3', 'Admin Three', password_hash FROM accounts
        WHERE email = $2 RETURNING id)
     INSERT INTO account_modules (account_id, module)
     SELECT a.id, m.module FROM a, account_modules m JOIN accounts o ON o.id = m.account_id
      WHERE o.email = $2`,
    [ADMIN3, ADMIN2],
  );
  // Pay-ins the sandbox settles (.03), fails (.01), and one it never answers (.02).
  for (let i = 0; i < 30; i++) {
    const r = await t.api('POST', '/api/v1/payins', {
      amount: `${200 + i}.${i % 2 ? '01' : '03'}`,
      currency: 'THB',
      order_id: `resolve-${i}`,
    });
    expect(r.status).toBe(201);
  }
  const late = await t.api<{ id: string }>('POST', '/api/v1/payins', {
    amount: '500.02',
    currency: 'THB',
    order_id: 'resolve-late',
  });
  expect(late.status).toBe(201);
  await t.sandbox.idle();
  const { rows } = await t.db.query<{ id: string; gateway_id: string }>(
    "SELECT id, gateway_id FROM payins WHERE order_id = 'resolve-late'",
  );
  lateId = rows[0]!.id;
  gatewayId = rows[0]!.gateway_id;
  // Expired here (the gateway said nothing), then settled at the gateway with no callback.
  await sweepExpiredPayins(t.db, new Date(Date.now() + 2 * 3600_000));
  expect(await payinStatus(lateId)).toBe('expired');
  await t.db.query("UPDATE sandbox_payments SET status = 'success' WHERE merchant_ref = $1", [
    lateId,
  ]);
  // Every line's status flipped: each transaction of ours is a status mismatch.
  const run = await t.as<{ run: { id: string } }>(ADMIN, 'importSandboxStatement', {
    ...period,
    gatewayId,
    missingRate: '0',
    extraRate: '0',
    amountRate: '0',
    statusRate: '100',
    feeRate: '0',
    duplicateRate: '0',
    lateRate: '0',
  });
  expect(run.status, run.message).toBe(200);
  runId = run.data.run.id;
});
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
    const [busy] = await resolve(ADMIN2, 'explainReconLines', [line.seq]);
    expect(busy).toMatchObject({ ok: false, message: expect.stringMatching(/waiting/) });
    const journals = await t.count('journal');
    const rejected = await decideWriteOff(ADMIN2, asked!.id!, {
      decision: 'reject',
      ...REJECTION,
    });
    expect(rejected.data.results[0]).toMatchObject({ ok: true, status: 'rejected' });
    expect(await t.count('journal')).toBe(journals);
    const [explained] = await resolve(ADMIN2, 'explainReconLines', [line.seq], 'Known reversal');
    expect(explained).toMatchObject({ ok: true, resolution: 'explained' });
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
      reconciliation: { differences: number; resolved: number; open_runs: number } | null;
    }>(ADMIN, 'getAdminDashboardV2');
    expect(dashboard.status, dashboard.message).toBe(200);
    expect(dashboard.data.reconciliation).toEqual({
      differences: summary.data.run.difference_count,
      resolved: summary.data.run.difference_count,
      open_runs: 0,
    });
  });

  it('reports the fees per gateway and day: ours against the gateway’s', async () => {
    const r = await t.as<{
      rows: { line_count: number; our_fee: string; gateway_fee: string; difference: string }[];
    }>(ADMIN, 'getReconFeeReport');
    expect(r.status, r.message).toBe(200);
    expect(r.data.rows.length).toBeGreaterThan(0);
    const row = r.data.rows[0]!;
    expect(row.line_count).toBeGreaterThan(0);
    expect(row.difference).toBe('0.00');
    expect(row.our_fee).toBe(row.gateway_fee);
  });
});

describe('the daily job', () => {
  it("imports each sandbox gateway's statement of yesterday once", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    const { rows } = await t.db.query<{ n: bigint }>(
      "SELECT count(*) AS n FROM payment_gateways WHERE connector = 'sandbox'",
    );
    const runs = await t.count('recon_runs');
    const first = await importYesterdaysStatements(t.db, tomorrow);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(Number(rows[0]!.n));
    expect(await t.count('recon_runs')).toBe(runs + first);
    expect(await importYesterdaysStatements(t.db, tomorrow)).toBe(0);
    expect(await t.count('recon_runs')).toBe(runs + first);
    const { rows: mine } = await t.db.query<{ period_from: Date; created_by: string | null }>(
      "SELECT period_from, created_by FROM recon_runs WHERE source = 'sandbox' AND gateway_id = $1 ORDER BY created_at DESC LIMIT 1",
      [gatewayId],
    );
    expect(mine[0]!.created_by).toBeNull();
    expect(mine[0]!.period_from.toISOString().slice(0, 10)).toBe(
      new Date().toISOString().slice(0, 10),
    );
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
