import { createHash } from 'node:crypto';
import type { PayinStatus, SettlementStatus } from '@bo/contract';
import type { Db } from '../db/db';
import { findBalancesByPurpose } from '../modules/balances/balances.service';
import { noteApiKeyUse } from '../modules/merchant-settings/api-key-cache';
import { createPayins, PAYIN_TTL_MS, type NewPayin } from '../modules/payins/payins.service';
import { changePayouts, createPayouts } from '../modules/payouts/payouts.service';
import { changeSettlements, requestSettlements } from '../modules/settlements/settlements.service';
import { changeTopUps, createTopUps } from '../modules/top-ups/top-ups.service';
import { changeWithdrawals, requestWithdrawals } from '../modules/withdrawals/withdrawals.service';
import { seededRandom } from '../core/seeded-random';
import { drawPpm } from '../connectors/sandbox/sandbox-gateway';
import { registerMoneyKinds } from '../kind-registry/money-kinds';
import { DEMO_LOGGED_DAYS, demoNotifyUrl, settleDemoPayins } from './demo-api-traffic';
import { availableBalances, fitSettlements } from './demo-settlement-fit';
import {
  DEMO_API_KEY,
  DEMO_CONTRACT_CURRENCIES,
  DEMO_GATEWAYS,
  seedDemoMoneySetup,
} from './demo-money-setup';
import { demoSettlementDestination, seedDemoQueues } from './demo-queues';
import { seedDemoRefunds } from './demo-refunds';
import { seedDemoDisputes } from './demo-disputes';
import { LONE_WRITER_SLOT } from '../ledger/rollups';
import { compactRollups } from '../ledger/rollup-compaction';

/** How much history the demo world has, and how busy it is. */
export interface DemoMoneyOptions {
  days: number;
  payinsPerDay: number;
  /** The last day of history (UTC midnight); today by default. */
  today?: Date;
  /** Told after each day: how many of `days` are in the books (progress lines on start). */
  onDay?: (done: number, days: number, dayKey: string) => void;
  /** Stops between two days (a shutdown); the next start completes the history. */
  signal?: AbortSignal;
  /** Awaited before each day: lets the server's requests have the database first. */
  beforeDay?: () => Promise<void>;
  /** The latest days whose callbacks and notifications are logged; DEMO_LOGGED_DAYS by default. */
  loggedDays?: number;
}

/**
 * 90 days at 1,100 pay-ins a day (about 100,000): every screen has history and the first start
 * stays light (the data folder under 300 MB; 2,225 a day made it 1 GB and took minutes).
 */
export const DEMO_MONEY_DEFAULTS: DemoMoneyOptions = { days: 90, payinsPerDay: 1_100 };

/** Today's pay-ins stop this long before the seed starts: each has reached its result. */
const SETTLED_MS = PAYIN_TTL_MS + 5 * 60_000;

/** A deterministic uuid (v4 layout) from a name. */
export function demoId(name: string): string {
  const h = createHash('sha256').update(`demo:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const TYPICAL: Record<string, [bigint, bigint]> = {
  THB: [10_000n, 2_000_000n],
  MYR: [2_000n, 300_000n],
  VND: [50_000n, 10_000_000n],
  IDR: [5_000_000n, 500_000_000n],
  INR: [20_000n, 5_000_000n],
  BRL: [1_000n, 200_000n],
  AUD: [1_000n, 100_000n],
};

interface Lane {
  merchantId: string;
  merchantCode: string;
  resellerId: string | null;
  currency: string;
  weight: number;
  successPpm: number;
}

async function loadLanes(db: Db): Promise<Lane[]> {
  const lanes: Lane[] = [];
  for (const [code, currencies] of Object.entries(DEMO_CONTRACT_CURRENCIES)) {
    const { rows } = await db.query<{ id: string; reseller_account_id: string | null }>(
      'SELECT id, reseller_account_id FROM accounts WHERE account_db_code = $1',
      [code],
    );
    if (!rows[0]) continue;
    currencies.forEach((currency, i) => {
      const active = DEMO_GATEWAYS.filter(
        (g) => g.currency === currency && (g.status ?? 'activated') === 'activated',
      );
      const successPpm = Math.round(
        active.reduce((s, g) => s + (g.sandboxSuccessPpm ?? 900_000), 0) /
          Math.max(active.length, 1),
      );
      lanes.push({
        merchantId: rows[0]!.id,
        merchantCode: code,
        resellerId: rows[0]!.reseller_account_id,
        currency,
        weight: 3 - i,
        successPpm,
      });
    });
  }
  return lanes;
}

/**
 * The demo world's money history through the real lifecycle code, one day per transaction:
 * pay-ins (most succeed, some fail or expire), partial refunds, disputes at each step of their
 * lifecycle, weekly top-ups, pay-outs,
 * settlements to bank and to the USDT wallet, and reseller withdrawals. Deterministic for a given `today`; made once
 * (a marker in settings), and a day already present is skipped after an interrupted start.
 * Answers whether the history is complete (false: stopped by `signal`).
 */
export async function seedDemoMoney(
  db: Db,
  options: DemoMoneyOptions = DEMO_MONEY_DEFAULTS,
): Promise<boolean> {
  registerMoneyKinds(); // the callbacks it applies go through the kinds' facets
  await db.transaction((tx) => seedDemoMoneySetup(tx));
  // History is made once, on the first start; a start interrupted half-way completes it.
  const marker = await db.query(`SELECT 1 FROM settings WHERE key = 'demo_money_seeded'`);
  if (marker.rows.length) return true;
  const lanes = await loadLanes(db);
  if (!lanes.length) return true;
  const today = options.today ?? new Date(new Date().toISOString().slice(0, 10));
  const totalWeight = lanes.reduce((s, l) => s + l.weight, 0);
  const startedAt = new Date();
  const apiKeyOwner = lanes.find((l) => l.merchantCode === DEMO_API_KEY.merchantCode)?.merchantId;
  for (let d = options.days - 1; d >= 0; d--) {
    // PGlite answers through microtasks only: without a turn of the event loop between two days
    // no request (nor a timer) would be served until the whole history was made.
    await new Promise((resolve) => setImmediate(resolve));
    await options.beforeDay?.();
    if (options.signal?.aborted) return false;
    const day = new Date(today.getTime() - d * 86_400_000);
    const dayKey = day.toISOString().slice(0, 10);
    options.onDay?.(options.days - 1 - d, options.days, dayKey);
    const { rows } = await db.query('SELECT 1 FROM payins WHERE id = $1', [
      demoId(`${dayKey}:payin:0`),
    ]);
    if (rows.length) continue;
    const rand = seededRandom(Number(dayKey.replaceAll('-', '')));
    // Today only up to a while ago: every pay-in made has had the time to reach its result.
    const span =
      d === 0 ? Math.max(1, startedAt.getTime() - day.getTime() - SETTLED_MS) : 86_400_000;
    const logged = d < (options.loggedDays ?? DEMO_LOGGED_DAYS);
    const apiKeyUsed = await db.transaction(async (tx) => {
      const items: (NewPayin & { final: PayinStatus })[] = [];
      for (let i = 0; i < options.payinsPerDay; i++) {
        let pick = rand() * totalWeight;
        const lane = lanes.find((l) => (pick -= l.weight) < 0) ?? lanes[0]!;
        const [lo, hi] = TYPICAL[lane.currency] ?? [1_000n, 100_000n];
        const amount = lo + (BigInt(Math.floor(rand() * 1_000_000)) * (hi - lo)) / 1_000_000n;
        const id = demoId(`${dayKey}:payin:${i}`);
        const draw = drawPpm(id);
        const final: PayinStatus =
          draw < lane.successPpm
            ? 'success'
            : draw < lane.successPpm + 60_000
              ? 'failed'
              : 'expired';
        items.push({
          id,
          merchantId: lane.merchantId,
          orderId: `DEMO-${dayKey}-${i}`,
          currency: lane.currency,
          amount,
          notifyUrl: logged ? demoNotifyUrl(lane.merchantCode) : undefined,
          createdAt: new Date(day.getTime() + Math.floor((i / options.payinsPerDay) * span)),
          final,
        });
      }
      // The merchant API's creation (`createPayins`), then the gateways' answers.
      const created = await createPayins(tx, items, { slot: LONE_WRITER_SLOT });
      await settleDemoPayins(
        tx,
        created.map((payin, i) => ({ payin, final: items[i]!.final })),
        { logged, until: startedAt },
      );
      const netByLane = new Map<Lane, bigint>();
      created.forEach((p, i) => {
        if (items[i]!.final !== 'success') return;
        const lane = lanes.find(
          (l) => l.merchantId === p.merchant_account_id && l.currency === p.currency,
        )!;
        netByLane.set(lane, (netByLane.get(lane) ?? 0n) + p.net_amount);
      });
      await seedDemoRefunds(
        tx,
        created.filter((_p, i) => items[i]!.final === 'success'),
        d,
      );
      await seedDayOutflows(tx, lanes, netByLane, dayKey, day, rand, d);
      await seedDemoDisputes(
        tx,
        created.filter((_p, i) => items[i]!.final === 'success'),
        d,
        demoId,
        (code) => lanes.find((l) => l.merchantCode === code)?.merchantId,
        startedAt,
      );
      return created.findLast((p) => p.merchant_account_id === apiKeyOwner)?.created_at;
    });
    // Every pay-in came through the merchant API: the demo key signed its merchant's.
    if (apiKeyUsed) await noteApiKeyUse(db, DEMO_API_KEY.keyId, apiKeyUsed.getTime());
  }
  const queued = await db.query('SELECT 1 FROM payins WHERE id = $1', [demoId('queue:payin:0:0')]);
  if (!queued.rows.length)
    await db.transaction((tx) =>
      seedDemoQueues(tx, {
        lanes: lanes.map((l) => ({ ...l, typical: TYPICAL[l.currency]?.[0] ?? 1_000n })),
        idOf: demoId,
        now: new Date(),
      }),
    );
  // The history was written in one rollup slot: folded once, the dashboard reads it as scope rows.
  await compactRollups(db);
  await db.query(
    `INSERT INTO settings (key, value) VALUES ('demo_money_seeded', $1) ON CONFLICT DO NOTHING`,
    [today.toISOString()],
  );
  return true;
}

async function seedDayOutflows(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  lanes: Lane[],
  netByLane: Map<Lane, bigint>,
  dayKey: string,
  day: Date,
  rand: () => number,
  daysAgo: number,
) {
  const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);
  const weekly = Number(dayKey.slice(8, 10)) % 7 === 1;
  // Top-ups: a lane's pay-out balance is pre-funded whenever it runs low.
  const funded = await findBalancesByPurpose(tx, 'payout_available');
  const balanceOf = (l: Lane) =>
    funded.find((r) => r.owner_id === l.merchantId && r.currency === l.currency)?.balance ?? 0n;
  const low = lanes.filter((l) => balanceOf(l) < (TYPICAL[l.currency]?.[1] ?? 100_000n) * 10n);
  const topUps = await createTopUps(
    tx,
    low.map((l) => ({
      id: demoId(`${dayKey}:topup:${l.merchantId}:${l.currency}`),
      merchantId: l.merchantId,
      resellerId: l.resellerId,
      currency: l.currency,
      amount: (TYPICAL[l.currency]?.[1] ?? 100_000n) * 40n,
      note: 'Pre-funding',
      createdBy: null,
      createdAt: at(30),
    })),
    LONE_WRITER_SLOT,
  );
  await changeTopUps(
    tx,
    topUps.map((t) => ({ id: t.id, status: 'approved' as const, at: at(60) })),
    LONE_WRITER_SLOT,
  );
  // Pay-outs: a few a day per lane, paid from the pre-funded balance.
  const payouts = await createPayouts(
    tx,
    lanes
      .flatMap((l, li) =>
        Array.from({ length: 4 }, (_v, k) => ({
          id: demoId(`${dayKey}:payout:${li}:${k}`),
          merchantId: l.merchantId,
          orderId: `DEMO-PO-${dayKey}-${li}-${k}`,
          currency: l.currency,
          amount: (TYPICAL[l.currency]?.[0] ?? 1_000n) * BigInt(2 + Math.floor(rand() * 20)),
          bankName: 'Demo Bank',
          accountNumber: `00${li}${k}`,
          accountHolder: 'Demo Beneficiary',
          inHouse: k === 3,
          createdAt: at(120 + li * 10 + k),
          status: 'pending_approval' as const,
        })),
      )
      .filter((p) => daysAgo > 0 || p.createdAt.getTime() < Date.now()),
    LONE_WRITER_SLOT,
  );
  const finalOf = (id: string) => (drawPpm(id) < 930_000 ? 'success' : 'failed');
  await changePayouts(
    tx,
    payouts.flatMap((p) =>
      daysAgo === 0 && p.is_in_house
        ? []
        : [
            { id: p.id, status: 'processing' as const, at: at(240) },
            { id: p.id, status: finalOf(p.id) as 'success' | 'failed', at: at(250) },
          ],
    ),
    LONE_WRITER_SLOT,
  );
  // Settlements: every third day, most of what the day brought in, as far as the available
  // balance (less the day's refunds) pays for it.
  if (Number(dayKey.slice(8, 10)) % 3 === 0) {
    const wanted = [...netByLane].filter(([, net]) => net > 0n);
    const requests = wanted.map(([l, net], i) => ({
      id: demoId(`${dayKey}:settlement:${i}`),
      merchantId: l.merchantId,
      destination: i % 4 === 3 ? ('usdt_wallet' as const) : ('bank' as const),
      currency: l.currency,
      amount: (net * 6n) / 10n,
      ...demoSettlementDestination(i % 4 === 3 ? 'usdt_wallet' : 'bank'),
      createdAt: at(1_200),
    }));
    const settlements = await requestSettlements(
      tx,
      await fitSettlements(tx, requests, await availableBalances(tx)),
      LONE_WRITER_SLOT,
    );
    await changeSettlements(
      tx,
      settlements.flatMap((s, i): { id: string; status: SettlementStatus; at: Date }[] =>
        daysAgo === 0
          ? []
          : i % 9 === 8
            ? [{ id: s.id, status: 'rejected' as const, at: at(1_300) }]
            : [
                { id: s.id, status: 'approved' as const, at: at(1_260) },
                { id: s.id, status: 'completed' as const, at: at(1_320) },
              ],
      ),
      LONE_WRITER_SLOT,
    );
  }
  // Withdrawals: resellers take out part of their commission every week.
  if (weekly && daysAgo > 0) {
    const rows = (await findBalancesByPurpose(tx, 'commission')).filter((r) => r.balance > 0n);
    const withdrawals = await requestWithdrawals(
      tx,
      rows
        .map((r, i) => ({
          id: demoId(`${dayKey}:withdrawal:${i}`),
          resellerId: r.owner_id,
          currency: r.currency,
          amount: r.balance / 2n,
          bankName: 'Reseller Bank',
          accountNumber: '5566',
          accountHolder: 'Demo Reseller',
          createdAt: at(600),
        }))
        .filter((w) => w.amount > 0n),
      LONE_WRITER_SLOT,
    );
    await changeWithdrawals(
      tx,
      withdrawals.flatMap((w) => [
        { id: w.id, status: 'approved' as const, at: at(660) },
        { id: w.id, status: 'completed' as const, at: at(720) },
      ]),
      LONE_WRITER_SLOT,
    );
  }
}
