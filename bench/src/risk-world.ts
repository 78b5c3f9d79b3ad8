import pg from 'pg';
import type { RiskKeyType } from '@bo/contract';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config/config';
import type { Db } from '../../server/src/db/db';
import { openPostgres } from '../../server/src/db/postgres';
import { riskValueHash } from '../../server/src/modules/risk/list-matchers';
import { importRiskEntries } from '../../server/src/modules/risk/list-import';
import { foldRiskHours } from '../../server/src/modules/risk/risk-fold';
import { createRiskList } from '../../server/src/modules/risk/risk-lists.service';
import { createRule, setRuleMode } from '../../server/src/modules/risk/risk-rules.service';
import { demoAdminContext } from '../../server/src/seed/demo-reconciliation';
import type { UserCallContext } from '../../server/src/core/context';
import { admin, createScratchDatabase, prepareDatabase } from './bench-db';
import { BENCH_SANDBOX_SECRET } from './bench-secret';

/*
 * The risk world of `BENCH_RISK=1 npm run bench:ingest` (issue 42; docs/risk.md, "Speed"):
 * 50 active rules (10 of them velocity rules) that watch the bench's pay-ins and mostly do not
 * match, 100,000 list entries in four lists, and 30 days of `risk_facts` whose customers follow a
 * Zipf-like (log-uniform) law, with one heavy customer IP. Rules and lists go through the real
 * services; the facts, too many for them, are one INSERT whose key hashes are `riskValueHash`'s
 * (a key table filled from JS, joined in SQL).
 */

/** Customers of the world and of the load: `cust-<k>`, k log-uniform in 1..CUSTOMERS. */
const CUSTOMERS = 50_000;
/** The one customer IP that a share of all traffic comes from (a carrier's NAT, say). */
export const HEAVY_IP = '198.51.100.1';
const HEAVY_SHARE = 0.02;
const BANK_ACCOUNTS = 5_000;
const DAYS = 30;
/** Pay-ins come from the bench merchant's own server, as the load's do. */
const SOURCE_IP = '127.0.0.1';

const customerIp = (k: number) => `172.${16 + (k >> 16)}.${(k >> 8) & 255}.${k & 255}`;

/** The customer a request of the load carries: `random` in [0, 1) twice, as Math.random gives. */
export function benchCustomer(
  pick = Math.random(),
  heavy = Math.random(),
): { id: string; email: string; ip: string } {
  const k = Math.max(1, Math.floor(Math.pow(CUSTOMERS, pick)));
  return {
    id: `cust-${k}`,
    email: `cust-${k}@example.com`,
    ip: heavy < HEAVY_SHARE ? HEAVY_IP : customerIp(k),
  };
}

/** The 100,000 entries: who is listed, none of them a customer of the load. */
const LISTS: readonly {
  name: string;
  keyType: RiskKeyType;
  listType: 'block' | 'allow';
  merchant: boolean;
  value: (i: number) => string;
  count: number;
}[] = [
  {
    name: 'Blocked e-mails',
    keyType: 'email',
    listType: 'block',
    merchant: false,
    value: (i) => `spam-${i}@blocked.example`,
    count: 40_000,
  },
  {
    name: 'Blocked customer IPs',
    keyType: 'customer_ip',
    listType: 'block',
    merchant: false,
    // 100.64.0.0/10 (shared address space), with a /24 every 1,000 entries.
    value: (i) =>
      i % 1000 === 0
        ? `100.${64 + (i >> 16)}.${(i >> 8) & 255}.0/24`
        : `100.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
    count: 30_000,
  },
  {
    name: 'Fraudulent customers',
    keyType: 'customer_id',
    listType: 'block',
    merchant: true,
    value: (i) => `fraud-${i}`,
    count: 20_000,
  },
  {
    name: 'Trusted customers',
    keyType: 'customer_id',
    listType: 'allow',
    merchant: true,
    value: (i) => `vip-${i}`,
    count: 10_000,
  },
];

type Def = Record<string, unknown>;
const review = { type: 'review', approvers: 1 };
const count = (key: string, window: Def, value: string, scope = 'merchant') => ({
  velocity: { measure: 'count', key, window, scope, op: 'gt', value },
});
const sum = (key: string, window: Def, value: string, scope = 'merchant') => ({
  velocity: { measure: 'sum', key, window, scope, currency: 'THB', op: 'gt', value },
});

/**
 * The ten velocity rules: per customer, e-mail, customer IP and bank account, minutes to 30 days.
 * Their limits are past what the load's heaviest keys reach in a run (the top customer takes
 * about 6% of the pay-ins), so none holds a pay-in: a held one would skip its gateway and count
 * as an error.
 */
const VELOCITY_RULES: readonly Def[] = [
  count('customer_id', { minutes: 10 }, '5000'),
  count('customer_id', { days: 1 }, '50000'),
  sum('customer_id', { days: 7 }, '1000000000'),
  sum('customer_id', { days: 30 }, '2000000000'),
  count('email', { hours: 1 }, '5000'),
  count('customer_ip', { minutes: 5 }, '5000', 'platform'),
  count('customer_ip', { days: 1 }, '100000', 'platform'),
  count('customer_ip', { days: 30 }, '1000000', 'platform'),
  { ...count('bank_account', { days: 1 }, '5'), kinds: ['payout'] },
  { ...sum('bank_account', { days: 30 }, '2000000'), kinds: ['payout'] },
].map((when) => {
  const { kinds, ...rest } = when as Def & { kinds?: string[] };
  return { kinds: kinds ?? ['payin', 'payout'], action: review, when: rest };
});

/** The forty others: amounts, currencies, lists and times of day that the load mostly misses. */
function otherRules(lists: Record<string, string>): Def[] {
  const rules: Def[] = [];
  const payin = (when: Def, action: Def = review): Def => ({ kinds: ['payin'], action, when });
  for (let i = 0; i < 10; i++)
    rules.push(
      payin({ amount: { currency: 'THB', op: 'gt', value: String(500_000 + i * 10_000) } }),
    );
  for (const code of ['MYR', 'INR', 'IDR', 'VND', 'USDT'])
    rules.push(payin({ currency: { in: [code] } }, { type: 'block' }));
  const inList = (list: string, key: string) => ({ inList: { list: lists[list]!, key } });
  for (let i = 0; i < 3; i++) {
    rules.push(payin(inList('Blocked e-mails', 'email'), { type: 'block' }));
    rules.push(payin(inList('Blocked customer IPs', 'customer_ip'), { type: 'block' }));
    rules.push(payin(inList('Fraudulent customers', 'customer_id'), { type: 'block' }));
  }
  rules.push(
    payin(
      {
        all: [
          inList('Trusted customers', 'customer_id'),
          { amount: { currency: 'THB', op: 'lt', value: '100000' } },
        ],
      },
      { type: 'allow' },
    ),
  );
  for (let i = 0; i < 10; i++)
    rules.push(
      payin({
        all: [
          { timeOfDay: { from: `0${i % 6}:00`, to: `0${i % 6}:05` } },
          { amount: { currency: 'THB', op: 'gt', value: String(100_000 + i) } },
        ],
      }),
    );
  for (let i = 0; i < 5; i++)
    rules.push(
      payin({
        any: [
          { amount: { currency: 'THB', op: 'between', value: '900000', to: String(950_000 + i) } },
          { not: { currency: { in: ['THB'] } } },
          inList('Blocked e-mails', 'email'),
        ],
      }),
    );
  return rules;
}

/** The world's fifty rule definitions, over the lists' ids by name (also `bench/risk-eval.ts`). */
export const benchRuleDefinitions = (lists: Record<string, string>): Def[] => [
  ...VELOCITY_RULES,
  ...otherRules(lists),
];

async function seedLists(ctx: UserCallContext): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const l of LISTS) {
    const list = await createRiskList(ctx, {
      name: l.name,
      keyType: l.keyType,
      listType: l.listType,
      scope: l.merchant ? 'merchant' : 'platform',
      ...(l.merchant && { ownerDbCode: 'MER00001' }),
    });
    const lines = ['value,expires_at,reason'];
    for (let i = 1; i <= l.count; i++) lines.push(`${l.value(i)},,bench`);
    const bytes = Buffer.from(lines.join('\n'));
    await importRiskEntries(ctx, list.id, {
      fileName: `${l.keyType}.csv`,
      bytes: (async function* () {
        yield bytes;
      })(),
      end: async () => {},
    });
    ids[l.name] = list.id;
  }
  return ids;
}

async function seedRules(ctx: UserCallContext, lists: Record<string, string>): Promise<number> {
  const rules = benchRuleDefinitions(lists);
  for (const [i, definition] of rules.entries()) {
    // A rule on the merchant's lists is the merchant's, one on platform lists or platform-wide
    // counts the platform's; of the others every fifth is the merchant's.
    const text = JSON.stringify(definition);
    const names = (merchant: boolean) =>
      LISTS.some((l) => l.merchant === merchant && text.includes(lists[l.name]!));
    const mine = names(true) || (i % 5 === 4 && !names(false) && !text.includes('"platform"'));
    const rule = await createRule(ctx, {
      name: `Bench rule ${i + 1}`,
      definition: JSON.stringify(definition),
      ...(mine && { ownerDbCode: 'MER00001' }),
    });
    await setRuleMode(ctx, { id: rule.id, mode: 'active', reason: 'bench' });
  }
  return rules.length;
}

/** The facts of the last 30 days, `facts` of them (bulk SQL, the keys hashed by `riskValueHash`). */
async function seedFacts(db: Db, facts: number): Promise<void> {
  const ks = Array.from({ length: CUSTOMERS }, (_, i) => i + 1);
  const h = (key: RiskKeyType, v: string) => riskValueHash(key, v).toString();
  await db.transaction(async (tx) => {
    await tx.exec(`CREATE TEMP TABLE bench_customers (k int PRIMARY KEY, id_h bigint, email_h bigint, ip_h bigint) ON COMMIT DROP;
       CREATE TEMP TABLE bench_accounts (k int PRIMARY KEY, h bigint) ON COMMIT DROP`);
    await tx.query(
      `INSERT INTO bench_customers SELECT * FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::bigint[])`,
      [
        ks,
        ks.map((k) => h('customer_id', `cust-${k}`)),
        ks.map((k) => h('email', `cust-${k}@example.com`)),
        ks.map((k) => h('customer_ip', customerIp(k))),
      ],
    );
    const accounts = Array.from({ length: BANK_ACCOUNTS }, (_, i) => i + 1);
    await tx.query(`INSERT INTO bench_accounts SELECT * FROM unnest($1::int[], $2::bigint[])`, [
      accounts,
      accounts.map((k) => h('bank_account', `${1_000_000_000 + k}`)),
    ]);
    // Nine in ten are pay-ins with a customer (log-uniform), one in ten pay-outs to an account
    // (log-uniform too); a fiftieth of the pay-ins come from the heavy IP.
    await tx.query(
      `INSERT INTO risk_facts (ref_id, kind, merchant_account_id, reseller_account_id, at, currency,
                               amount, email_h, customer_id_h, customer_ip_h, source_ip_h, bank_account_h)
       SELECT gen_random_uuid(), CASE WHEN g.payout THEN 'payout' ELSE 'payin' END, m.id,
              m.reseller_account_id, now() - random() * interval '${DAYS} days', 'THB',
              (100 + floor(random() * 9900)) * 100,
              CASE WHEN g.payout THEN NULL ELSE c.email_h END,
              CASE WHEN g.payout THEN NULL ELSE c.id_h END,
              CASE WHEN g.payout THEN NULL WHEN g.heavy THEN $2::bigint ELSE c.ip_h END,
              $3::bigint, CASE WHEN g.payout THEN a.h END
         FROM (SELECT random() < 0.1 AS payout, random() < ${HEAVY_SHARE} AS heavy,
                      greatest(1, floor(power(${CUSTOMERS}, random())))::int AS ck,
                      greatest(1, floor(power(${BANK_ACCOUNTS}, random())))::int AS ak
                 FROM generate_series(1, $1::int)) g
         JOIN bench_customers c ON c.k = g.ck
         JOIN bench_accounts a ON a.k = g.ak
        CROSS JOIN (SELECT id, reseller_account_id FROM accounts WHERE account_db_code = 'MER00001') m`,
      [facts, h('customer_ip', HEAVY_IP), h('source_ip', SOURCE_IP)],
    );
  });
}

/** A kept database holding the risk world, to copy for each run (`copy`), and its removal. */
export interface RiskWorld {
  /** A fresh copy; `rules: false` switches every rule off in it (the same world, no rules). */
  copy(rules: boolean): Promise<{ url: string; drop: () => Promise<void> }>;
  drop(): Promise<void>;
  readonly summary: string;
}

/** Seeds the world into a fresh database at `url`: lists and rules, then facts; answers the rules made. */
async function seedRiskWorld(url: string, facts: number): Promise<number> {
  const db = await prepareDatabase('postgres', url, 4);
  try {
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        NO_MONEY_JOBS: '1',
        DATABASE_URL: url,
        SANDBOX_SECRET: BENCH_SANDBOX_SECRET,
      },
      [],
    );
    const app = await buildApp(db, config);
    let rules: number;
    try {
      const ctx = await demoAdminContext(db, config, app.log);
      if (!ctx) throw new Error('the demo admin is missing');
      rules = await seedRules(ctx, await seedLists(ctx));
    } finally {
      await app.close();
    }
    await seedFacts(db, facts);
    // What the money jobs' fold does to the facts' closed hours on a running server: done now.
    await foldRiskHours(db);
    return rules;
  } finally {
    await db.close();
  }
}

/**
 * Builds the risk world once in a template database (migrated and seeded as every bench
 * database, then the lists, rules and facts), vacuumed and analysed as a server with autovacuum
 * would have it; each run gets a copy (`CREATE DATABASE … TEMPLATE`).
 */
export async function buildRiskWorld(
  facts: number,
  log: (line: string) => void,
): Promise<RiskWorld> {
  const template = await createScratchDatabase('bo_bench_risk_world');
  const started = Date.now();
  let rules: number;
  try {
    rules = await seedRiskWorld(template.url, facts);
    const direct = await openPostgres(template.url, 1);
    try {
      await direct.exec('VACUUM ANALYZE');
    } finally {
      await direct.close();
    }
  } catch (error) {
    await template.drop();
    throw error;
  }
  const name = new URL(template.url).pathname.slice(1);
  const summary =
    `${rules} active rules (10 velocity), ${LISTS.reduce((n, l) => n + l.count, 0).toLocaleString('en')} list entries, ` +
    `${facts.toLocaleString('en')} facts over ${DAYS} days (built in ${((Date.now() - started) / 1000).toFixed(0)} s)`;
  log(`risk world: ${summary}`);
  let copies = 0;
  return {
    summary,
    async copy(withRules) {
      const copy = `${name}_${++copies}`;
      await admin((c) => c.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`));
      const url = new URL(template.url);
      url.pathname = `/${copy}`;
      if (!withRules) {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        await client.query(`UPDATE risk_rules SET mode = 'disabled'`);
        await client.end();
      }
      return {
        url: url.toString(),
        drop: () =>
          admin((c) => c.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`)).then(
            () => undefined,
          ),
      };
    },
    drop: template.drop,
  };
}
