import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAmount, type MoneyDetail } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { settleSandboxPayment } from '../../src/connectors/sandbox/sandbox.queries';
import { deliverDueNotifications } from '../../src/modules/merchant-notifications/notifier';
import { buildTimeline } from '../../src/modules/money-detail/money-timeline';
import { openPayin } from '../../src/modules/payins/payin-flow';
import { loggedActions } from '../support/admin-log';
import {
  ADMIN,
  ADMIN2,
  MERCHANT,
  MERCHANT2,
  MERCHANT4,
  RESELLER,
  RESELLER2,
  SUB,
  startMoneyApp,
  type MoneyApp,
  saveTestWallet,
  BANK_TRANSFER,
} from './support/money-app';

/**
 * The detail view of every kind of money item (row, timeline, journals, callbacks,
 * notifications) under each kind's list rule and the caller's scope, and its two actions:
 * resend a merchant notification, ask the gateway about a stuck pay-in.
 */
let t: MoneyApp;
let server: Server;
let failuresLeft = 1;
/** The bodies the receiver got, in order. */
const received: string[] = [];
const ids = {
  payin: '',
  silentPayin: '',
  lostCallbackPayin: '',
  foreignPayin: '',
  payout: '',
  settlement: '',
  settlementWallet: '',
  withdrawal: '',
  topUp: '',
};

type Answer<T> = { status: number; message: string; data: T };
const detail = (email: string, kind: string, id: string) =>
  t.as<MoneyDetail>(email, 'getMoneyDetail', { kind, id });

/** Approves with each admin in turn until the item moves on (maker-checker). */
async function approve(call: string, id: string, admins = [ADMIN, ADMIN2]) {
  for (const admin of admins) {
    const r = await t.as<{ approvals?: number; approvals_required?: number }>(admin, call, { id });
    expect(r.status).toBe(200);
    if ((r.data.approvals ?? 0) >= (r.data.approvals_required ?? 0)) return;
  }
  throw new Error(`${call} ${id} was not approved`);
}

async function apiPayin(order: string, amount: string, extra: Record<string, string> = {}) {
  const r = await t.api<{ id: string }>('POST', '/api/v1/payins', {
    amount,
    currency: 'THB',
    order_id: order,
    ...extra,
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

const sandboxPayment = async (id: string) => {
  const { rows } = await t.db.query<{ code: string }>(
    `SELECT g.payment_gateway_code AS code FROM payins p JOIN payment_gateways g ON g.id = p.gateway_id
      WHERE p.id = $1`,
    [id],
  );
  return {
    reference: `SBX-PI-${id}`,
    gateway_code: rows[0]!.code,
    kind: 'payin' as const,
    merchant_ref: id,
  };
};

beforeAll(async () => {
  // The receiver below is local (http on 127.0.0.1).
  t = await startMoneyApp({ NOTIFY_ALLOW_LOCAL: '1' });
  await saveTestWallet(t, MERCHANT);
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push(body);
      res.statusCode = failuresLeft-- > 0 ? 503 : 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const notifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

  // A pay-in whose success callback arrives twice, notified with a 503 then a 200.
  ids.payin = await apiPayin('md-1', '1000.00', { notify_url: notifyUrl });
  await t.sandbox.sendCallback(await sandboxPayment(ids.payin), 'success', 2);
  await deliverDueNotifications(t.db, t.config);
  await deliverDueNotifications(t.db, t.config, new Date(Date.now() + 60_000));
  // Amounts ending in .02 never get a callback.
  ids.silentPayin = await apiPayin('md-2', '100.02');
  ids.lostCallbackPayin = await apiPayin('md-3', '200.02');
  const merchant4 = await t.accountId('MER00004');
  ids.foreignPayin = (
    await openPayin(t.db, {
      merchantId: merchant4,
      orderId: 'md-foreign',
      currency: 'MYR',
      amount: 10_000n,
      createdAt: new Date(),
    })
  ).id;

  const topUp = await t.as<{ id: string }>(ADMIN, 'createTopUp', {
    merchantDbCode: 'MER00001',
    currency: 'THB',
    amount: '5000.00',
  });
  ids.topUp = topUp.data.id;
  await approve('approveTopUp', ids.topUp, [ADMIN2]);
  // Amounts ending in .03 succeed at the sandbox.
  const payout = await t.as<{ id: string }>(MERCHANT, 'createPayout', {
    currency: 'THB',
    amount: '1000.03',
    orderId: 'md-po-1',
    bankName: 'Kasikorn',
    accountNumber: '123-4-56789-0',
    accountHolder: 'Somchai P.',
  });
  ids.payout = payout.data.id;
  await approve('approvePayout', ids.payout);
  await t.sandbox.idle();

  const settlement = await t.as<{ id: string }>(MERCHANT, 'requestSettlement', {
    currency: 'THB',
    amount: '100.00',
    bankName: 'Kasikorn',
    accountNumber: '123-4-56789-0',
    accountHolder: 'Somchai P.',
  });
  ids.settlement = settlement.data.id;
  await approve('approveSettlement', ids.settlement);
  expect(
    (await t.as(ADMIN, 'completeSettlement', { id: ids.settlement, ...BANK_TRANSFER })).status,
  ).toBe(200);
  const wallet = await t.as<{ id: string }>(MERCHANT, 'requestSettlementWallet', {
    currency: 'THB',
    amount: '34.50',
  });
  ids.settlementWallet = wallet.data.id;
  const withdrawal = await t.as<{ id: string }>(RESELLER, 'requestWithdrawal', {
    currency: 'THB',
    amount: '1.00',
    bankName: 'Kasikorn',
    accountNumber: '987-6-54321-0',
    accountHolder: 'Andaman Partners',
  });
  ids.withdrawal = withdrawal.data.id;
  for (const id of Object.values(ids)) expect(id).toMatch(/^[0-9a-f-]{36}$/);
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
  await new Promise((r) => server.close(r));
});

const KINDS = [
  ['payin', 'getPayinList', () => ids.payin],
  ['payout', 'getPayoutList', () => ids.payout],
  ['settlement', 'getSettlementList', () => ids.settlement],
  ['settlement_wallet', 'getSettlementWalletList', () => ids.settlementWallet],
  ['withdrawal', 'getWithdrawalList', () => ids.withdrawal],
  ['top_up', 'getTopUpList', () => ids.topUp],
] as const;

/** The sum of a journal's lines per currency (credits minus debits), in minor units. */
function lineSums(entry: MoneyDetail['journal'][number]) {
  const sums = new Map<string, bigint>();
  for (const line of entry.lines) {
    const credit = line.credit ? parseAmount(line.credit, line.currency)! : 0n;
    const debit = line.debit ? parseAmount(line.debit, line.currency)! : 0n;
    sums.set(line.currency, (sums.get(line.currency) ?? 0n) + credit - debit);
  }
  return [...sums.values()];
}

describe('getMoneyDetail', () => {
  it.each(KINDS)(
    'shows an admin a %s with the row exactly as its list shows it',
    async (kind, list, id) => {
      const r = await detail(ADMIN, kind, id());
      expect(r.status).toBe(200);
      const listed = await t.as<{ rows: { id: string }[] }>(ADMIN, list, { search: id() });
      expect(r.data.kind).toBe(kind);
      expect(r.data.row).toEqual(listed.data.rows.find((row) => row.id === id()));
      expect(r.data.timeline[0]).toMatchObject({ event: 'created' });
      for (const entry of r.data.journal) expect(lineSums(entry).every((s) => s === 0n)).toBe(true);
    },
  );

  it("balances a pay-in's journal lines and repeats the row's fee split and contract version", async () => {
    const { data } = await detail(ADMIN, 'payin', ids.payin);
    const row = data.row as { fee: string; net_amount: string; amount: string };
    expect(data.journal.map((j) => j.kind)).toEqual(['payin.success']);
    const [success] = data.journal;
    expect(success).toMatchObject({ contract_version: 1, hidden_lines: 0 });
    expect(success!.contract_id).toMatch(/^[0-9a-f-]{36}$/);
    // 2.5% of 1000.00; the reseller's price is 1.5%, the gateway costs 1.2%.
    expect(success!.fee_split).toEqual({
      amount: row.amount,
      fee: row.fee,
      merchant_net: row.net_amount,
      reseller_commission: '10.00',
      platform_profit: '3.00',
      gateway_cost: '12.00',
    });
    expect(row).toMatchObject({ amount: '1000.00', fee: '25.00', net_amount: '975.00' });
    const byPurpose = Object.fromEntries(success!.lines.map((l) => [l.purpose, l]));
    expect(byPurpose.available).toMatchObject({ owner: 'MER00001', credit: '975.00', debit: null });
    expect(byPurpose.commission).toMatchObject({ owner: 'RES00001', credit: '10.00' });
    expect(byPurpose.platform_fees).toMatchObject({ owner: 'platform', credit: '3.00' });
    expect(byPurpose.gateway_clearing).toMatchObject({ debit: '988.00', credit: null });
    expect(lineSums(success!)).toEqual([0n]);
  });

  it("shows a pay-out's reserve and post, each balanced, with the row's fee", async () => {
    const { data } = await detail(ADMIN, 'payout', ids.payout);
    expect(data.journal.map((j) => j.kind)).toEqual(['payout.reserve', 'payout.post']);
    const [reserve, post] = data.journal;
    // 1% + 2.00 of 1000.03 = 12.00: amount plus fee is held.
    expect(reserve!.lines.map((l) => [l.purpose, l.debit ?? l.credit])).toEqual([
      ['payout_available', '1012.03'],
      ['payout_reserved', '1012.03'],
    ]);
    expect(post!.fee_split).toMatchObject({
      amount: '1000.03',
      fee: (data.row as { fee: string }).fee,
    });
    for (const j of data.journal) expect(lineSums(j)).toEqual([0n]);
  });

  it('tells who moved each item and when: API, gateway, admins, server', async () => {
    const payin = (await detail(ADMIN, 'payin', ids.payin)).data.timeline;
    expect(payin.map((e) => [e.event, e.to_status ?? e.action, e.actor])).toEqual([
      ['created', 'created', 'merchant API'],
      ['status_change', 'processing', 'system'],
      ['status_change', 'success', 'gateway'],
      ['journal', 'payin.success', 'system'],
    ]);
    const payout = (await detail(ADMIN, 'payout', ids.payout)).data.timeline;
    const moves = payout.filter((e) => e.event !== 'journal');
    expect(moves.map((e) => [e.event, e.to_status, e.actor])).toEqual([
      ['created', 'pending_approval', 'merchant'],
      ['action', null, 'admin'],
      ['status_change', 'processing', 'admin2'],
      ['status_change', 'success', 'gateway'],
    ]);
    expect(moves[2]).toMatchObject({ from_status: 'pending_approval', action: 'payout.approve' });
    const times = payout.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    // The merchant sees that the back office decided, not who.
    const seen = (await detail(MERCHANT, 'payout', ids.payout)).data.timeline;
    expect(seen.filter((e) => e.event === 'status_change')[0]).toMatchObject({
      actor: 'back office',
      actor_kind: 'user',
    });
  });

  it('lists the gateway callbacks raw, the redelivered one marked as a duplicate', async () => {
    const { data } = await detail(ADMIN, 'payin', ids.payin);
    const callbacks = data.callbacks ?? [];
    expect(callbacks.map((c) => [c.outcome, c.is_duplicate])).toEqual([
      ['applied', false],
      ['duplicate', true],
    ]);
    for (const c of callbacks) {
      expect(JSON.parse(c.raw)).toMatchObject({ merchant_ref: ids.payin, status: 'success' });
      expect(c.event_id).toBe(`SBX-PI-${ids.payin}:success`);
    }
    // Raw gateway payloads are the platform's (docs/money.md, "callbacks (admins…)"): the
    // others are told there is nothing for them to see, not shown an empty list.
    expect((await detail(MERCHANT, 'payin', ids.payin)).data.callbacks).toBeNull();
    expect((await detail(RESELLER, 'payin', ids.payin)).data.callbacks).toBeNull();
  });

  it('redelivers a notification with the event id it first had', () => {
    const mine = received.map((b) => JSON.parse(b) as Record<string, unknown>);
    const ofPayin = mine.filter((b) => b.id === ids.payin);
    expect(ofPayin).toHaveLength(2);
    expect(ofPayin.map((b) => b.event_id)).toEqual([
      `payin.success:${ids.payin}`,
      `payin.success:${ids.payin}`,
    ]);
    expect(received.filter((b) => b.includes(ids.payin!))).toEqual([
      received.find((b) => b.includes(ids.payin!)),
      received.find((b) => b.includes(ids.payin!)),
    ]);
  });

  it("lists the merchant notifications with each attempt's HTTP status", async () => {
    const { data } = await detail(MERCHANT, 'payin', ids.payin);
    expect(data.notifications).toHaveLength(1);
    expect(data.notifications[0]).toMatchObject({ status: 'delivered', next_attempt_at: null });
    expect(data.notifications[0]!.attempts.map((a) => a.http_status)).toEqual([503, 200]);
    expect(JSON.parse(data.notifications[0]!.payload)).toMatchObject({ status: 'success' });
    expect(data.can_resend_notification).toBe(true);
  });

  it('shows a merchant its own items only, and only its own ledger lines', async () => {
    const own = await detail(MERCHANT, 'payin', ids.payin);
    expect(own.status).toBe(200);
    const [success] = own.data.journal;
    expect(success!.lines.map((l) => l.owner)).toEqual(['MER00001']);
    expect(success!.hidden_lines).toBe(3);
    expect(success!.fee_split).toMatchObject({
      fee: '25.00',
      reseller_commission: null,
      platform_profit: null,
      gateway_cost: null,
    });
    expect(own.data.can_query_gateway).toBe(false);
    for (const [kind, id] of [
      ['payin', ids.foreignPayin],
      ['payout', ids.payout],
      ['settlement', ids.settlement],
    ] as const) {
      const foreign = await detail(kind === 'payin' ? MERCHANT : MERCHANT2, kind, id);
      expect(foreign).toMatchObject({
        status: 404,
        message: expect.stringMatching(/^No .* has this id$/),
      });
    }
    // The rules of the lists: no withdrawals or top-ups for merchants.
    expect((await detail(MERCHANT, 'withdrawal', ids.withdrawal)).status).toBe(403);
    expect((await detail(MERCHANT, 'top_up', ids.topUp)).status).toBe(403);
    // A sub-account sees its parent's pay-ins, but holds no pay-out module.
    expect((await detail(SUB, 'payin', ids.payin)).status).toBe(200);
    expect((await detail(SUB, 'payout', ids.payout)).status).toBe(403);
  });

  it("shows a reseller its merchants' items and its own withdrawals, never another reseller's", async () => {
    const theirs = await detail(RESELLER, 'payin', ids.payin);
    expect(theirs.status).toBe(200);
    expect(theirs.data.journal[0]!.lines.map((l) => l.owner).sort()).toEqual([
      'MER00001',
      'RES00001',
    ]);
    expect(theirs.data.journal[0]!.fee_split).toMatchObject({
      reseller_commission: '10.00',
      platform_profit: null,
    });
    expect((await detail(RESELLER, 'withdrawal', ids.withdrawal)).status).toBe(200);
    expect((await detail(RESELLER, 'settlement', ids.settlement)).status).toBe(200);
    expect((await detail(RESELLER, 'payin', ids.foreignPayin)).status).toBe(404);
    expect((await detail(RESELLER2, 'payin', ids.foreignPayin)).status).toBe(200);
    for (const [kind, id] of [
      ['payin', ids.payin],
      ['payout', ids.payout],
      ['settlement_wallet', ids.settlementWallet],
      ['withdrawal', ids.withdrawal],
    ] as const)
      expect((await detail(RESELLER2, kind, id)).status).toBe(404);
  });

  it('finds a settlement only under its own destination', async () => {
    expect((await detail(ADMIN, 'settlement_wallet', ids.settlement)).status).toBe(404);
    expect((await detail(ADMIN, 'settlement', ids.settlementWallet)).status).toBe(404);
  });

  it('names the bad field', async () => {
    expect(await t.as(ADMIN, 'getMoneyDetail', { id: ids.payin })).toMatchObject({
      status: 400,
      message: 'kind is required',
    });
    expect(await t.as(ADMIN, 'getMoneyDetail', { kind: 'loan', id: ids.payin })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^kind must be one of payin, payout/),
    });
    expect(await t.as(ADMIN, 'getMoneyDetail', { kind: 'payin', id: '42' })).toMatchObject({
      status: 400,
      message: 'id must be an id',
    });
  });
});

describe('resendMerchantNotification', () => {
  it('queues the last notification again, once, with its admin-log entry', async () => {
    const queued = await t.count('merchant_notifications');
    const logged = (await loggedActions(t.db, 'payin.resend_notification')).length;
    const r = await t.as<{ status: string; url: string }>(MERCHANT, 'resendMerchantNotification', {
      kind: 'payin',
      id: ids.payin,
    });
    expect(r).toMatchObject({ status: 200, data: { status: 'pending', ref_id: ids.payin } });
    expect(await t.count('merchant_notifications')).toBe(queued + 1);
    const logs = await loggedActions(t.db, 'payin.resend_notification');
    expect(logs).toHaveLength(logged + 1);
    expect(logs.at(-1)).toMatchObject({ actor_username: 'merchant', target_id: ids.payin });
    const { data } = await detail(ADMIN, 'payin', ids.payin);
    expect(data.notifications.map((n) => n.status)).toEqual(['delivered', 'pending']);
    expect(data.notifications[1]!.url).toBe(r.data.url);
    expect(data.timeline.at(-1)).toMatchObject({
      event: 'action',
      action: 'payin.resend_notification',
      actor: 'merchant',
    });
  });

  it('refuses a reseller, hides foreign items, and has nothing to resend without a notify URL', async () => {
    const fields = { kind: 'payin', id: ids.payin };
    expect((await t.as(RESELLER, 'resendMerchantNotification', fields)).status).toBe(403);
    expect((await t.as(MERCHANT4, 'resendMerchantNotification', fields)).status).toBe(404);
    const none = await t.as(ADMIN, 'resendMerchantNotification', {
      kind: 'payout',
      id: ids.payout,
    });
    expect(none).toMatchObject({
      status: 409,
      message: 'This pay-out has no notification to resend',
    });
    expect(
      (await t.as(ADMIN, 'resendMerchantNotification', { kind: 'top_up', id: ids.topUp })).status,
    ).toBe(400);
  });
});

describe('queryPayinAtGateway', () => {
  it("applies the gateway's answer through the lifecycle when its callback was lost", async () => {
    // The gateway settled the payment, but its callback never reached us.
    expect(await settleSandboxPayment(t.db, `SBX-PI-${ids.lostCallbackPayin}`, 'success')).toBe(
      true,
    );
    const before = await detail(ADMIN, 'payin', ids.lostCallbackPayin);
    expect(before.data).toMatchObject({ row: { status: 'processing' }, can_query_gateway: true });
    const r = await t.as(ADMIN, 'queryPayinAtGateway', { id: ids.lostCallbackPayin });
    expect(r).toMatchObject({
      status: 200,
      data: { gateway_status: 'success', status: 'success', changed: true },
    });
    const after = await detail(ADMIN, 'payin', ids.lostCallbackPayin);
    expect(after.data.journal.map((j) => j.kind)).toEqual(['payin.success']);
    expect(after.data.timeline.filter((e) => e.event === 'status_change').at(-1)).toMatchObject({
      from_status: 'processing',
      to_status: 'success',
      actor: 'admin',
      action: 'payin.query_gateway',
    });
    expect(after.data.can_query_gateway).toBe(false);
    const logs = await loggedActions(t.db, 'payin.query_gateway');
    expect(logs.at(-1)).toMatchObject({
      target_id: ids.lostCallbackPayin,
      after: { status: 'success', gateway_status: 'success' },
    });
  });

  it('refuses a final pay-in and changes nothing while the gateway says pending', async () => {
    const final = await t.as(ADMIN, 'queryPayinAtGateway', { id: ids.payin });
    expect(final).toMatchObject({
      status: 409,
      message:
        'This pay-in is success: its gateway is asked only while it is created or processing',
    });
    const pending = await t.as(ADMIN, 'queryPayinAtGateway', { id: ids.silentPayin });
    expect(pending).toMatchObject({
      status: 200,
      data: { gateway_status: 'pending', status: 'processing', changed: false },
    });
    const { data } = await detail(ADMIN, 'payin', ids.silentPayin);
    expect(data.journal).toEqual([]);
    expect(data.timeline.at(-1)).toMatchObject({ event: 'action', action: 'payin.query_gateway' });
  });

  it('is an admin action', async () => {
    const r: Answer<unknown> = await t.as(MERCHANT, 'queryPayinAtGateway', { id: ids.silentPayin });
    expect(r.status).toBe(403);
    expect((await t.as(ADMIN, 'queryPayinAtGateway', { id: ids.foreignPayin })).status).toBe(200);
  });
});

describe('the stuck age of the processing list', () => {
  it('comes from PAYIN_STUCK_MINUTES (15 by default) through getAppSettings', async () => {
    const r = await t.call<{ payin_stuck_minutes: number }>('getAppSettings');
    expect(r.data.payin_stuck_minutes).toBe(15);
    expect(loadConfig({ PAYIN_STUCK_MINUTES: '40' }, []).payinStuckMinutes).toBe(40);
    expect(() => loadConfig({ PAYIN_STUCK_MINUTES: 'soon' }, [])).toThrow(/PAYIN_STUCK_MINUTES/);
  });
});

describe('buildTimeline', () => {
  const item = {
    row: {} as MoneyDetail['row'],
    id: 'p1',
    status: 'expired',
    currency: 'THB',
    amount: 10000n,
    merchantId: 'm1',
    resellerId: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    changedAt: new Date('2026-01-01T00:31:00Z'),
    gatewayReference: 'SBX-PI-p1',
    gatewayCode: 'SBX-THB-1',
  };
  const kind = {
    defaultCreator: 'merchant_api',
    initialStatus: 'created',
    handedOverAtCreation: true,
  } as const;

  it('shows a status nothing stored explains as a step of the server, at the time the row stamps', () => {
    const events = buildTimeline({
      kind,
      item,
      logs: [],
      callbacks: [],
      journals: [],
      viewerIsAdmin: true,
    });
    expect(events.map((e) => [e.at.slice(11, 16), e.to_status, e.actor])).toEqual([
      ['00:00', 'created', 'merchant API'],
      ['00:00', 'processing', 'system'],
      ['00:31', 'expired', 'system'],
    ]);
  });

  it('names the system for decisions without a user, and keeps the reason of a rejection', () => {
    const events = buildTimeline({
      kind: { defaultCreator: 'system', initialStatus: 'pending' },
      item: { ...item, status: 'rejected', gatewayReference: '' },
      logs: [
        {
          created_at: new Date('2026-01-04T00:00:00Z'),
          action: 'settlement.rejected',
          actor_username: 'system',
          actor_account_type: '',
          before: { status: 'pending' },
          after: { status: 'rejected', reason_code: 'expired', note: 'Not decided in 72 hours' },
        },
      ],
      callbacks: [],
      journals: [],
      viewerIsAdmin: false,
    });
    expect(events.at(-1)).toMatchObject({
      event: 'status_change',
      from_status: 'pending',
      to_status: 'rejected',
      actor: 'system',
      actor_kind: 'system',
      reason: 'expired: Not decided in 72 hours',
    });
    expect(events).toHaveLength(2);
  });
});
