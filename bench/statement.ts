import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { accountKey, platformKey } from '../server/src/ledger/ledger-accounts';
import { postJournals } from '../server/src/ledger/postings';
import { chainAll } from '../server/src/ledger/chain/chain-all';
import { sealDay } from '../server/src/ledger/chain/seals';
import { buildStatement, planStatement, statementJson } from '../server/src/ledger/chain/statement';
import type { Db } from '../server/src/db/db';
import { createScratchDatabase, prepareDatabase } from './src/bench-db';

/**
 * `npm run bench:statement`: a busy merchant's verifiable statement (issue 44), built whole in
 * memory (`buildStatement` then `JSON.stringify`, as before) and streamed (`statementJson`, as
 * the merchant API sends it), on PostgreSQL. The world: BENCH_LINKS (default 300,000) movements
 * of MER00001's THB available balance spread over the 30 days before yesterday, chained and
 * sealed. Prints, for each way, the time, the bytes and how far the held heap rose (sampled
 * after a full collection every 50 ms, which slows both ways alike; run with
 * NODE_OPTIONS=--expose-gc, else the rise counts garbage too).
 */
const LINKS = Number(process.env.BENCH_LINKS ?? 300_000);
const BATCH = 2_000;
const DAY_MS = 86_400_000;
const log = (line: string) => console.log(line);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** MER00001's movements over the 30 days before yesterday, a batch per transaction. */
async function postMovements(db: Db, merchantId: string, start: number): Promise<void> {
  const span = 30 * DAY_MS;
  for (let done = 0; done < LINKS; done += BATCH) {
    const drafts = Array.from({ length: Math.min(BATCH, LINKS - done) }, (_, i) => {
      const k = done + i;
      const amount = BigInt(100 + (k % 9_000));
      return {
        ownerAccountId: merchantId,
        kind: 'adjustment.credit',
        refType: 'bench_statement',
        refId: crypto.randomUUID(),
        createdAt: new Date(start + Math.floor((k / LINKS) * span)),
        details: { note: 'a bench movement' },
        entries: [
          { account: accountKey(merchantId, 'THB', 'available'), amount },
          { account: platformKey('THB', 'platform_fees'), amount: -amount },
        ],
      };
    });
    await db.transaction((tx) => postJournals(tx, drafts));
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

/**
 * Runs `work`, sampling the heap every 50 ms after a full collection (what it still holds,
 * not the garbage it made): its time and the held heap's rise above the start.
 */
async function measured(work: () => Promise<number>) {
  gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => {
    gc?.();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 50);
  const started = performance.now();
  const bytes = await work();
  const seconds = (performance.now() - started) / 1000;
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
    let t0 = performance.now();
    await postMovements(db, merchantId, start);
    log(
      `posted ${LINKS.toLocaleString('en')} movements in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    t0 = performance.now();
    while ((await chainAll(db)) > 0);
    log(`chained in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await sealDay(
      db,
      { sealKeySecret: 'a-bench-seal-key-secret', sealPrivateKey: undefined },
      day(yesterday - DAY_MS),
      new Date(yesterday),
    );
    const period = [merchantId, 'THB', day(start), day(yesterday - DAY_MS)] as const;

    const whole = await measured(async () => {
      const text = JSON.stringify(await buildStatement(db, ...period));
      return Buffer.byteLength(text);
    });
    let written = 0;
    const streamed = await measured(async () => {
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
  } finally {
    await db.close();
    await scratch.drop();
  }
}

await main();
