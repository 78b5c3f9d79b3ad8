import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { accountKey, platformKey } from '../server/src/ledger/ledger-accounts';
import { postJournals } from '../server/src/ledger/postings';
import { chainAll } from '../server/src/ledger/chain/chain-all';
import { sealDay } from '../server/src/ledger/chain/seals';
import { buildStatement, planStatement, statementJson } from '../server/src/ledger/chain/statement';
import { findChainBreaks } from '../server/src/ledger/chain/chain-check';
import type { Db } from '../server/src/db/db';
import { analyzeWithoutAutovacuum, createScratchDatabase, prepareDatabase } from './src/bench-db';

/**
 * `npm run bench:chain`: the hash chain's costs that grow with history (issue 44), on
 * PostgreSQL. The world: BENCH_LINKS (default 300,000) movements of MER00001's THB available
 * balance against the platform's fees, spread over the 30 days before yesterday, chained and
 * sealed day by day (two links each). Prints:
 * - a busy merchant's verifiable statement, built whole in memory (`buildStatement` then
 *   `JSON.stringify`, as before) and streamed (`statementJson`, as the merchant API sends it):
 *   the time, the bytes and how far the held heap rose (a second run, sampled after a full
 *   collection every 50 ms; run with NODE_OPTIONS=--expose-gc, else the rise counts garbage
 *   too);
 * - verifying the whole chain and its seals as `ledger:check` does (`findChainBreaks`): the
 *   time, links per second, and what that rate gives for a year of 10 million pay-ins (about
 *   37 million links; issue 44's goal: ≤ 120 s).
 * BENCH_ONLY=statement or BENCH_ONLY=verify runs one part; BENCH_KEEP=1 keeps the world.
 */
const LINKS = Number(process.env.BENCH_LINKS ?? 300_000);
const ONLY = process.env.BENCH_ONLY;
/** The links of a year of 10 million pay-ins (issue 44's measure), and the goal to verify them. */
const YEAR_LINKS = 37_000_000;
const YEAR_GOAL_SECONDS = 120;
const SEAL_SETTINGS = { sealKeySecret: 'a-bench-seal-key-secret', sealPrivateKey: undefined };
const BATCH = 2_000;
const DAY_MS = 86_400_000;
const log = (line: string) => console.log(line);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const DAYS = 30;

/**
 * MER00001's movements over the 30 days before yesterday, a batch per transaction, chained and
 * sealed day by day as the job does (so the check's walk over the links each seal first
 * covered, `INTO_SEALED_DAYS`, reads the whole chain as it would in a real year).
 */
async function postDayByDay(db: Db, merchantId: string, start: number): Promise<void> {
  const perDay = Math.ceil(LINKS / DAYS);
  for (let dayAt = 0; dayAt < DAYS; dayAt++) {
    const dayStart = start + dayAt * DAY_MS;
    const last = Math.min(LINKS, (dayAt + 1) * perDay);
    for (let done = dayAt * perDay; done < last; done += BATCH) {
      const drafts = Array.from({ length: Math.min(BATCH, last - done) }, (_, i) => {
        const k = done + i;
        const amount = BigInt(100 + (k % 9_000));
        return {
          ownerAccountId: merchantId,
          kind: 'adjustment.credit',
          refType: 'bench_statement',
          refId: crypto.randomUUID(),
          createdAt: new Date(dayStart + Math.floor(((k - dayAt * perDay) / perDay) * DAY_MS)),
          details: { note: 'a bench movement' },
          entries: [
            { account: accountKey(merchantId, 'THB', 'available'), amount },
            { account: platformKey('THB', 'platform_fees'), amount: -amount },
          ],
        };
      });
      await db.transaction((tx) => postJournals(tx, drafts));
    }
    while ((await chainAll(db)) > 0);
    await sealDay(db, SEAL_SETTINGS, dayText(dayStart), new Date(dayStart + DAY_MS + 600_000));
  }
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Runs `work` twice: once timed alone, then sampling the heap every 50 ms after a full
 * collection (what it still holds, not the garbage it made; the collections would slow the
 * timing, the more the more it holds): its time, bytes and the held heap's rise.
 */
async function measured(work: () => Promise<number>) {
  gc?.();
  const started = performance.now();
  const bytes = await work();
  const seconds = (performance.now() - started) / 1000;
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => {
    gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  await work();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return { seconds, bytes, rise: peak - base };
}

/** Counts what is written to it, keeping nothing (a client reading the response). */
function countingSink(count: (n: number) => void): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      count(Buffer.byteLength(chunk));
      done();
    },
  });
}

async function main() {
  if (!gc) log('(run with NODE_OPTIONS=--expose-gc: the heap rise below counts garbage too)');
  const scratch = await createScratchDatabase('bo_bench_statement');
  const db = await prepareDatabase('postgres', scratch.url, 4);
  try {
    const merchantId = (
      await db.query<{ id: string }>(
        `SELECT id::text FROM accounts WHERE account_db_code = 'MER00001'`,
      )
    ).rows[0]!.id;
    const yesterday = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
    const start = yesterday - 30 * DAY_MS;
    await db.query(
      `UPDATE ledger_chain_progress SET started_at = $1::timestamptz - interval '1 day'`,
      [new Date(start).toISOString()],
    );
    const t0 = performance.now();
    await postDayByDay(db, merchantId, start);
    log(
      `posted, chained and sealed ${LINKS.toLocaleString('en')} movements over ${DAYS} days in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await analyzeWithoutAutovacuum(scratch.url);
    const period = [merchantId, 'THB', dayText(start), dayText(yesterday - DAY_MS)] as const;
    if (ONLY !== 'verify') await statementWays(db, period);
    if (ONLY !== 'statement') await verifyChain(db);
  } finally {
    await db.close();
    if (process.env.BENCH_KEEP) log(`kept: ${scratch.url}`);
    else await scratch.drop();
  }
}

/** The statement built whole and streamed: time, bytes, heap held. */
async function statementWays(
  db: Db,
  period: readonly [ownerId: string, currency: string, from: string, to: string],
) {
  const whole = await measured(async () => {
    const text = JSON.stringify(await buildStatement(db, ...period));
    return Buffer.byteLength(text);
  });
  const streamed = await measured(async () => {
    let written = 0;
    const plan = await planStatement(db, ...period);
    await pipeline(
      Readable.from(statementJson(db, plan)),
      countingSink((n) => (written += n)),
    );
    return written;
  });
  log(`\nstatement of ${LINKS.toLocaleString('en')} links (30 days), PostgreSQL`);
  log('way                               time      bytes     heap rise');
  for (const [name, m] of [
    ['whole in memory (before)', whole],
    ['streamed (statementJson)', streamed],
  ] as const)
    log(
      `${name.padEnd(32)} ${m.seconds.toFixed(2).padStart(6)} s  ${mb(m.bytes).padStart(9)}  ${mb(m.rise).padStart(9)}`,
    );
  if (whole.bytes !== streamed.bytes) throw new Error('the two ways wrote different lengths');
}

/** `ledger:check`'s walk of the chain and seals: time, rate, and a year at that rate. */
async function verifyChain(db: Db) {
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_chain');
  const links = Number(rows[0]!.n);
  const started = performance.now();
  const problems = await findChainBreaks(db, SEAL_SETTINGS.sealKeySecret);
  const seconds = (performance.now() - started) / 1000;
  if (problems.length) throw new Error(`the chain does not hold: ${problems[0]}`);
  const rate = links / seconds;
  const year = YEAR_LINKS / rate;
  log(`\nverifying the chain and its seals (findChainBreaks), PostgreSQL`);
  log(
    `${links.toLocaleString('en')} links in ${seconds.toFixed(1)} s: ${Math.round(rate).toLocaleString('en')} links/s`,
  );
  log(
    `a year of 10 million pay-ins (${YEAR_LINKS.toLocaleString('en')} links) at that rate: ${Math.round(year)} s (goal ≤ ${YEAR_GOAL_SECONDS} s: ${year <= YEAR_GOAL_SECONDS ? 'MET' : 'MISSED'})`,
  );
}

await main();
