import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/db';
import { openPostgres } from '../../server/src/db/postgres';
import { BENCH_SANDBOX_SECRET } from '../src/bench-secret';
import { startBalancer, type ChaosBalancer } from '../src/chaos-balancer';
import { ChaosCourier } from '../src/chaos-courier';
import { ChaosInstance } from '../src/chaos-instance';
import { runChaosWrites } from '../src/chaos-load';
import { startChaosNotifySink } from '../src/chaos-notify-sink';
import { ChaosReaders, readsAnswered } from '../src/chaos-readers';
import { RecordBook } from '../src/chaos-records';
import {
  backOfficeRequestsAnswered,
  backOfficeRequestsKept,
  settlementsFinal,
  settlementsLeftOpen,
  settlementsSentOnce,
} from '../src/chaos-settlement-checks';
import { leftOpen, sentOnce } from '../src/chaos-db-checks';
import { ChaosSettler, PAYOUT_REQUESTS } from '../src/chaos-settler';
import { fundPayouts } from '../src/chaos-world';
import { prepareSoakWorld, SOAK_MERCHANTS, type SoakWorld } from '../src/soak-world';

/**
 * The chaos run's settler and readers against a real product: a scratch PostgreSQL world, one
 * instance behind the balancer, the courier paying pay-ins so the merchants have a balance to
 * settle. Needs PostgreSQL (TEST_DATABASE_URL); skipped without it.
 */
const SEED = 45;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(done: () => boolean | Promise<boolean>, withinMs: number) {
  const giveUpAt = Date.now() + withinMs;
  while (!(await done()) && Date.now() < giveUpAt) await new Promise((r) => setTimeout(r, 250));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the chaos run’s settler and readers', () => {
  let world: SoakWorld | undefined;
  let db: Db | undefined;
  let instance: ChaosInstance | undefined;
  let balancer: ChaosBalancer | undefined;
  let sink: Awaited<ReturnType<typeof startChaosNotifySink>> | undefined;
  let courier: ChaosCourier | undefined;
  const prefix = `chaos-${SEED}-settler-${Date.now().toString(36)}`;

  beforeAll(async () => {
    world = await prepareSoakWorld(2);
    sink = await startChaosNotifySink();
    instance = new ChaosInstance(await freePort(), {
      DATABASE_URL: world.url,
      NO_MONEY_JOBS: '0',
      NOTIFY_ALLOW_LOCAL: '1',
      SANDBOX_LATENCY_MS: '3600000',
      SANDBOX_DUPLICATE_PPM: '0',
    });
    await instance.start();
    balancer = await startBalancer([instance.port]);
    db = await openPostgres(world.url, 4);
  }, 90_000);

  afterAll(async () => {
    // Whatever fails or lingers, the scratch database goes: the balancer first (its open
    // connections would hold the instance's clean shutdown), each step bounded.
    const within = (ms: number, work: () => Promise<unknown> | undefined) =>
      Promise.race([
        Promise.resolve(work()).catch(() => undefined),
        new Promise((r) => setTimeout(r, ms)),
      ]);
    try {
      await within(5_000, () => balancer?.close());
      await within(10_000, () => courier?.stop());
      await within(15_000, () => instance?.stop());
      await within(5_000, () => sink?.close());
      await within(5_000, () => db?.close());
    } finally {
      await world?.drop();
    }
  }, 60_000);

  it('asks, approves and completes settlements once each while the readers get 200s', async () => {
    const base = () => balancer!.base;
    courier = new ChaosCourier(db!, SEED, base, BENCH_SANDBOX_SECRET);
    courier.start();
    // Pay-ins the courier pays: the merchants' available balance, which settlements draw on.
    const book = new RecordBook();
    await runChaosWrites('payin', {
      seed: SEED,
      prefix,
      base,
      merchants: SOAK_MERCHANTS,
      notifyUrl: sink!.url,
      seconds: 2,
      rates: { payin: 15, payout: 0, refund: 0 },
      changedShare: 0,
      nextPaidPayin: () => undefined,
      book,
    });
    const settler = new ChaosSettler(db!, base, world!.users, SEED, prefix, {
      everyMs: 1_000,
      roundMs: 300,
      amounts: [10, 50],
      rejectShare: 0.3,
    });
    const readers = new ChaosReaders(base, world!.users, { everyMs: 800, seed: SEED });
    settler.start();
    readers.start();
    await waitFor(() => settler.completed >= 2 && settler.asks.length >= 5, 25_000);
    await settler.stopRequests();
    await waitFor(async () => (await settlementsLeftOpen(db!, prefix)).length === 0, 15_000);
    await settler.stop();
    await readers.stop();
    console.log([...settler.summary(), ...readers.summary()].join('\n'));

    expect(settler.asks.length).toBeGreaterThanOrEqual(1);
    expect(settler.accepted).toBeGreaterThanOrEqual(1);
    expect(settler.approved).toBeGreaterThanOrEqual(1);
    expect(settler.completed).toBeGreaterThanOrEqual(1);
    expect(await settlementsLeftOpen(db!, prefix)).toEqual([]);
    for (const check of [
      await settlementsSentOnce(db!),
      await settlementsFinal(db!, prefix),
      await backOfficeRequestsKept(db!, prefix, settler.asks),
      backOfficeRequestsAnswered(settler.asks),
      readsAnswered(readers),
    ])
      expect(check, check.name).toMatchObject({ passed: true, details: [] });

    // Each completed settlement of the run was posted exactly once, with its transfer.
    const { rows } = await db!.query<{ id: string; posts: string; bank_reference: string }>(
      `SELECT s.id::text, s.bank_reference,
              (SELECT count(*) FROM journal j WHERE j.ref_id = s.id AND j.kind = 'settlement.post')::text AS posts
         FROM money_requests r JOIN settlements s ON s.id = r.ref_id
        WHERE r.request_key LIKE $1 AND s.status = 'completed'`,
      [`${prefix}-settlement-%`],
    );
    expect(rows.length).toBe(settler.completed);
    for (const row of rows) {
      expect(row.posts).toBe('1');
      expect(row.bank_reference).toMatch(/^CHAOS-[0-9A-F]{16}$/);
    }
    expect(readers.ok).toBeGreaterThan(0);
    expect(readers.okByRead.size).toBeGreaterThan(3);

    // What the hand-over check counts is there (it would pass on nothing were it renamed)...
    const logged = await db!.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM admin_logs
        WHERE action = 'settlement.completed' AND outcome = 'success' AND target_id = ANY ($1)`,
      [rows.map((r) => r.id)],
    );
    expect(logged.rows[0]!.n).toBe(String(rows.length));
    // ...and it finds a second posting and a settlement handed to a gateway.
    const twice = rows[0]!.id;
    await db!.query(
      `INSERT INTO journal (id, owner_account_id, kind, ref_type, ref_id)
       SELECT gen_random_uuid(), owner_account_id, kind, ref_type, ref_id FROM journal
        WHERE ref_id = $1 AND kind = 'settlement.post'`,
      [twice],
    );
    await db!.query(
      `INSERT INTO sandbox_payments (reference, gateway_code, kind, merchant_ref, amount, currency)
       VALUES ('SBX-PO-CHAOS-SETTLER', 'SBX-THB-1', 'payout', $1, 100, 'THB')`,
      [twice],
    );
    const broken = await settlementsSentOnce(db!);
    expect(broken.passed).toBe(false);
    expect(broken.details).toEqual(
      expect.arrayContaining([
        `settlement ${twice} posted 2 times`,
        `settlement ${twice} was handed to gateway SBX-THB-1 as a payout`,
      ]),
    );
    // Put right for the next test's checks over the whole database.
    await db!.query(`DELETE FROM sandbox_payments WHERE reference = 'SBX-PO-CHAOS-SETTLER'`);
  }, 60_000);

  it('asks for pay-outs in the back office; two admins approve, the gateway pays each once', async () => {
    const base = () => balancer!.base;
    const admins = world!.users.filter((u) => u.role === 'admin');
    await fundPayouts(base(), admins, ['MER00001', 'MER00002'], '100000.00');
    const desk = new ChaosSettler(
      db!,
      base,
      world!.users,
      SEED,
      prefix,
      { everyMs: 700, roundMs: 300, amounts: [10, 50], rejectShare: 0.3 },
      PAYOUT_REQUESTS,
    );
    desk.start();
    await waitFor(() => desk.approved >= 2 && desk.rejected >= 1, 25_000);
    await desk.stopRequests();
    await waitFor(async () => (await leftOpen(db!, prefix)).length === 0, 20_000);
    await desk.stop();
    console.log(desk.summary().join('\n'));

    expect(desk.accepted).toBeGreaterThanOrEqual(3);
    expect(desk.approved).toBeGreaterThanOrEqual(2);
    expect(desk.rejected).toBeGreaterThanOrEqual(1);
    expect(await leftOpen(db!, prefix)).toEqual([]);
    for (const check of [
      await backOfficeRequestsKept(db!, prefix, desk.asks, PAYOUT_REQUESTS),
      backOfficeRequestsAnswered(desk.asks, PAYOUT_REQUESTS),
      await sentOnce(db!),
    ])
      expect(check, check.name).toMatchObject({ passed: true, details: [] });
    // The approved ones went to the gateway, once each; the rejected ones never did.
    const { rows } = await db!.query<{ status: string; hand_overs: number | null }>(
      `SELECT p.status, s.hand_overs FROM payouts p
         LEFT JOIN sandbox_payments s ON s.kind = 'payout' AND s.merchant_ref = p.id
        WHERE p.order_id LIKE $1`,
      [`${prefix}-back-office-payout-%`],
    );
    expect(rows.length).toBe(desk.accepted);
    for (const row of rows) expect(row.hand_overs).toBe(row.status === 'rejected' ? null : 1);
  }, 60_000);
});
