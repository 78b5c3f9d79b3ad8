import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountKey, findLedgerBalance } from '../../src/ledger/ledger-accounts';
import { sweepExpiredRequests } from '../../src/modules/request-expiry/request-expiry';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  REJECTION,
  startMoneyApp,
  type MoneyApp,
} from './support/money-app';
import { EVERY_STATUS_FLIPPED } from './support/recon-rates';

/**
 * Gateway reconciliation, phase 3 (issue 28; docs/reconciliation.md, Resolution): a dispute's
 * line is queried at its gateway (the ruling whose callback never came taken through the
 * dispute's own transition), and write-offs left waiting past the approval expiry expire as a
 * rejection would, shown as such on the line and in the write-off queue.
 */
let t: MoneyApp;
let gatewayId: string;
let runId: string;
/** Won at the gateway, its ruling callback lost: evidence submitted here. */
let wonId: string;
/** Accepted, ruled lost, its callback received: lost here too. */
let lostId: string;
/** Opened, not answered: the gateway has not ruled. */
let openId: string;
const started = new Date(Date.now() - 60_000);

type Line = {
  seq: number;
  class: string;
  our_id: string | null;
  our_kind: string | null;
  our_status: string | null;
  status: string | null;
  resolution: string | null;
  resolution_status: string | null;
  resolution_id: string | null;
  closed_write_off: string | null;
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
type QueueRow = { id: string; status: string; decided_at: string | null; seq: number };

async function lines(): Promise<Line[]> {
  const r = await t.as<{ rows: Line[] }>(ADMIN, 'getReconLineList', { runId, pageSize: '200' });
  expect(r.status, r.message).toBe(200);
  return r.data.rows;
}
const lineOf = async (ourId: string) => (await lines()).find((l) => l.our_id === ourId)!;

async function resolve(email: string, call: string, seqs: number[], reason = 'Checked by a test') {
  const r = await t.as<{ results: Result[] }>(email, call, {
    runId,
    seqs: seqs.join(','),
    reason,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.results;
}

async function queue(state?: string): Promise<QueueRow[]> {
  const r = await t.as<{ rows: QueueRow[] }>(ADMIN2, 'getReconWriteOffList', {
    pageSize: '200',
    ...(state ? { state } : {}),
  });
  expect(r.status, r.message).toBe(200);
  return r.data.rows;
}

/** A succeeded 10000.03 THB pay-in of MER00001's on the gateway `on` (when given). */
async function payinOn(orderId: string, on?: string) {
  for (let n = 0; n < 30; n++) {
    const id = n ? `${orderId}-${n}` : orderId;
    const r = await t.api('POST', '/api/v1/payins', {
      amount: '10000.03',
      currency: 'THB',
      order_id: id,
    });
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

async function simulate(payinId: string, reasonCode: string) {
  const r = await t.as<{ id: string }>(ADMIN, 'simulateDispute', {
    payinId,
    reasonCode,
    amount: '1000.00',
  });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

const disputeOf = async (id: string) =>
  (
    await t.db.query<{ status: string; fee: bigint; fee_returned: bigint }>(
      'SELECT status, fee, fee_returned FROM disputes WHERE id = $1',
      [id],
    )
  ).rows[0]!;

const journalsOf = async (id: string) =>
  (
    await t.db.query<{ kind: string }>(
      'SELECT kind FROM journal WHERE ref_id = $1 ORDER BY created_at, kind',
      [id],
    )
  ).rows.map((r) => r.kind);

beforeAll(async () => {
  t = await startMoneyApp();
  const first = await payinOn('ops-won');
  gatewayId = first.gateway_id;
  // Won at the gateway, whose ruling callbacks never arrive (every delivery refused).
  wonId = await simulate(first.id, 'product_not_received');
  const lost = vi.spyOn(t.sandbox, 'sendCallback').mockResolvedValue([503]);
  try {
    const sent = await t.as(MERCHANT, 'saveDisputeEvidence', {
      id: wonId,
      serviceProof: 'Tracking TH0001',
      submit: '1',
    });
    expect(sent.status, sent.message).toBe(200);
    await t.sandbox.idle();
  } finally {
    lost.mockRestore();
  }
  expect((await disputeOf(wonId)).status).toBe('evidence_submitted');
  // Accepted and ruled lost, its callback received.
  lostId = await simulate((await payinOn('ops-lost', gatewayId)).id, 'fraudulent');
  expect((await t.as(MERCHANT, 'acceptDispute', { id: lostId })).status).toBe(200);
  await t.sandbox.idle();
  expect((await disputeOf(lostId)).status).toBe('lost');
  openId = await simulate((await payinOn('ops-open', gatewayId)).id, 'fraudulent');
  // Every line's status flipped: each transaction of ours is a status mismatch.
  const run = await t.as<{ run: { id: string } }>(ADMIN, 'importSandboxStatement', {
    from: started.toISOString(),
    to: new Date(Date.now() + 3600_000).toISOString(),
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

describe("querying the gateway for a dispute's line", () => {
  it('takes a ruling whose callback never came through the dispute’s own transition', async () => {
    const line = await lineOf(wonId);
    expect(line).toMatchObject({
      class: 'status_mismatch',
      our_kind: 'dispute',
      our_status: 'pending',
    });
    const merchant = await t.accountId('MER00001');
    const available = () => findLedgerBalance(t.db, accountKey(merchant, 'THB', 'available'));
    const before = await available();
    const [result] = await resolve(ADMIN, 'queryReconLines', [line.seq]);
    expect(result).toMatchObject({
      ok: true,
      resolution: 'gateway_accepted',
      status: 'done',
      // Won: no chargeback went through, as a statement shows it.
      gateway_status: 'failed',
      our_status: 'won',
    });
    const dispute = await disputeOf(wonId);
    expect(dispute.status).toBe('won');
    // The ruling as its callback carries it: the fee given back, the hold released whole.
    expect(dispute.fee_returned).toBe(dispute.fee);
    expect(await available()).toBe(before + 100_000n + dispute.fee);
    expect(await journalsOf(wonId)).toEqual(['dispute.hold', 'dispute.release']);
    const events = await t.db.query(
      "SELECT 1 FROM gateway_events WHERE event_id = $1 AND outcome = 'applied'",
      [`recon-${result!.id}`],
    );
    expect(events.rows).toHaveLength(1);
    const logs = await t.db.query<{ after: { gateway_said: string } }>(
      "SELECT after FROM admin_logs WHERE action = 'reconciliation.query_gateway' AND target_id = $1",
      [result!.id],
    );
    expect(logs.rows[0]!.after).toMatchObject({ gateway_said: 'won', fee_returned: true });
    expect(await lineOf(wonId)).toMatchObject({
      resolution: 'gateway_accepted',
      resolution_status: 'done',
    });
    await t.expectCleanLedger();
  });

  it('records that the gateway agrees when its ruling is ours, changing nothing', async () => {
    const line = await lineOf(lostId);
    expect(line).toMatchObject({ class: 'status_mismatch', our_status: 'success' });
    const journals = await t.count('journal');
    const [result] = await resolve(ADMIN, 'queryReconLines', [line.seq]);
    expect(result).toMatchObject({
      ok: true,
      resolution: 'gateway_agrees',
      gateway_status: 'success',
      our_status: 'lost',
    });
    expect(await t.count('journal')).toBe(journals);
    expect((await disputeOf(lostId)).status).toBe('lost');
    await t.expectCleanLedger();
  });

  it('resolves nothing while the gateway has not ruled', async () => {
    const line = await lineOf(openId);
    const resolutions = await t.count('recon_resolutions');
    const [result] = await resolve(ADMIN, 'queryReconLines', [line.seq]);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/no final state/) });
    expect(await t.count('recon_resolutions')).toBe(resolutions);
    expect((await disputeOf(openId)).status).toBe('opened');
  });
});

describe('write-offs left waiting', () => {
  /** Lines of our pay-ins (succeeded here, failed at the gateway): each has a difference. */
  const payinLines = async () =>
    (await lines()).filter((l) => l.our_kind === 'payin' && l.class === 'status_mismatch');

  it('expire with the sweep past the approval expiry: nothing posted, the line open again', async () => {
    const [old, fresh] = await payinLines();
    const [a, b] = await resolve(ADMIN, 'writeOffReconLines', [old!.seq, fresh!.seq]);
    expect(a).toMatchObject({ ok: true, status: 'pending' });
    expect(b).toMatchObject({ ok: true, status: 'pending' });
    // One approval of two: still waiting.
    const approved = await t.as<{ results: Result[] }>(ADMIN2, 'decideReconWriteOffs', {
      ids: a!.id!,
      decision: 'approve',
    });
    expect(approved.data.results[0]).toMatchObject({ ok: true, status: 'pending' });
    // Asked 73 hours ago: past the default 72 of `approval_expiry_hours`.
    await t.db.query(
      "UPDATE recon_resolutions SET created_at = now() - interval '73 hours' WHERE id = $1",
      [a!.id],
    );
    const journals = await t.count('journal');
    expect(await sweepExpiredRequests(t.db)).toBe(1);
    expect(await t.count('journal')).toBe(journals);
    const { rows } = await t.db.query<{
      status: string;
      decision_reason_code: string;
      decided_at: Date | null;
    }>(
      'SELECT status, decision_reason_code, decided_at FROM recon_resolutions WHERE id = ANY($1::uuid[]) ORDER BY id = $2 DESC',
      [[a!.id, b!.id], a!.id],
    );
    expect(rows[0]).toMatchObject({ status: 'expired', decision_reason_code: 'expired' });
    expect(rows[0]!.decided_at).not.toBeNull();
    // The one asked for now waits on.
    expect(rows[1]).toMatchObject({ status: 'pending' });
    // Audited as the system's, as every request the sweep expires.
    const logs = await t.db.query<{ actor_account_id: string | null }>(
      "SELECT actor_account_id FROM admin_logs WHERE action = 'recon_write_off.expire' AND target_id = $1",
      [a!.id],
    );
    expect(logs.rows).toEqual([{ actor_account_id: null }]);

    // Shown as its own state: on the line, and in the queue's expired list, not the waiting.
    const line = (await lines()).find((l) => l.seq === old!.seq)!;
    expect(line).toMatchObject({
      resolution: null,
      resolution_status: null,
      closed_write_off: 'expired',
    });
    expect((await queue()).map((w) => w.id)).toEqual([b!.id]);
    const expired = await queue('expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ id: a!.id, status: 'expired', seq: old!.seq });
    expect(expired[0]!.decided_at).not.toBeNull();
    const dashboard = await t.as<{ reconciliation: { write_offs_waiting: number } }>(
      ADMIN,
      'getAdminDashboardV2',
    );
    expect(dashboard.data.reconciliation.write_offs_waiting).toBe(1);

    // Expired, it can no longer be approved; its line may be resolved again.
    const late = await t.as<{ results: Result[] }>(ADMIN, 'decideReconWriteOffs', {
      ids: a!.id!,
      decision: 'reject',
      ...REJECTION,
    });
    expect(late.data.results[0]).toMatchObject({ ok: false });
    const [again] = await resolve(ADMIN2, 'explainReconLines', [old!.seq], 'Known reversal');
    expect(again).toMatchObject({ ok: true, resolution: 'explained' });
    expect((await lines()).find((l) => l.seq === old!.seq)).toMatchObject({
      resolution: 'explained',
      closed_write_off: null,
    });
    await t.expectCleanLedger();
  });

  it('a rejected one shows as rejected, beside the expired', async () => {
    const waiting = await queue();
    expect(waiting).toHaveLength(1);
    const rejected = await t.as<{ results: Result[] }>(ADMIN2, 'decideReconWriteOffs', {
      ids: waiting[0]!.id,
      decision: 'reject',
      ...REJECTION,
    });
    expect(rejected.data.results[0]).toMatchObject({ ok: true, status: 'rejected' });
    expect(await queue()).toEqual([]);
    expect((await queue('rejected')).map((w) => [w.id, w.status])).toEqual([
      [waiting[0]!.id, 'rejected'],
    ]);
    expect((await lines()).find((l) => l.seq === waiting[0]!.seq)).toMatchObject({
      resolution: null,
      closed_write_off: 'rejected',
    });
    // The sweep leaves decided write-offs alone.
    await t.db.query("UPDATE recon_resolutions SET created_at = now() - interval '100 hours'");
    expect(await sweepExpiredRequests(t.db)).toBe(0);
  });
});
