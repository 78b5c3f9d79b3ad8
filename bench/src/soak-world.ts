import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config/config';
import { ensureApiKey } from '../../server/src/merchant-api/merchant-api.queries';
import { findAccountByCode } from '../../server/src/modules/accounts/accounts.service';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-accounts';
import { createScratchDatabase, prepareDatabase, type ScratchDatabase } from './bench-db';
import { signInForBench } from './call-timer';
import { DEMO_MERCHANT_KEY, type MerchantKey } from './http-ingest';
import { BENCH_SANDBOX_SECRET } from './bench-secret';

export type SoakRole = 'admin' | 'reseller' | 'merchant';

/** A back-office user signed in for the soak: the fields that authenticate its calls. */
export interface SoakUser {
  role: SoakRole;
  email: string;
  accountDbCode: string;
  accessToken: string;
  accessUsername: string;
}

/** A merchant sending pay-ins through the merchant API. */
export interface SoakMerchant {
  code: string;
  apiKey: MerchantKey;
}

/**
 * The demo merchants with a THB contract, each with an API key: the demo merchant's own and
 * one added for each of the others (the demo seed gives only MER00001 a key). The bench
 * database keeps one THB gateway active (bench-db), so every pay-in goes through it.
 */
export const SOAK_MERCHANTS: readonly SoakMerchant[] = [
  { code: 'MER00001', apiKey: DEMO_MERCHANT_KEY },
  { code: 'MER00002', apiKey: { key: 'soak-mer00002-key', secret: 'soak-mer00002-secret' } },
  { code: 'MER00005', apiKey: { key: 'soak-mer00005-key', secret: 'soak-mer00005-secret' } },
];

/** The demo sign-ins the users rotate over, per role (their accounts see different scopes). */
const SIGN_INS: Record<SoakRole, readonly { email: string; code: string }[]> = {
  admin: [
    { email: 'admin@demo.test', code: 'ADM00001' },
    { email: 'admin2@demo.test', code: 'ADM00002' },
  ],
  reseller: [
    { email: 'reseller@demo.test', code: 'RES00001' },
    { email: 'reseller2@demo.test', code: 'RES00002' },
  ],
  merchant: [
    { email: 'merchant@demo.test', code: 'MER00001' },
    { email: 'merchant2@demo.test', code: 'MER00002' },
    { email: 'merchant5@demo.test', code: 'MER00005' },
  ],
};

export interface SoakWorld {
  url: string;
  users: SoakUser[];
  drop: () => Promise<void>;
}

/**
 * A fresh scratch PostgreSQL database with the demo accounts and money setup (bench-db), an
 * API key for each soak merchant, and `usersPerRole` sessions per role, each signed in through
 * the real `login` call. Sessions live in the database, so the server started on it afterwards
 * accepts them; the app used to sign in is closed before the soak starts. `target`: an empty
 * database of the run's own (a failover cluster's) instead of a scratch one.
 */
export async function prepareSoakWorld(
  usersPerRole: number,
  target?: ScratchDatabase,
): Promise<SoakWorld> {
  const scratch = target ?? (await createScratchDatabase('bo_bench_soak'));
  try {
    const db = await prepareDatabase('postgres', scratch.url, 4);
    try {
      for (const m of SOAK_MERCHANTS) {
        const account = await findAccountByCode(db, m.code);
        if (!account) throw new Error(`the demo merchant ${m.code} is missing`);
        await ensureApiKey(db, m.apiKey.key, account.id, m.apiKey.secret);
      }
      const config = loadConfig(
        {
          LOG_LEVEL: 'silent',
          // Load from one key far past the default per-key rate limit (its own test's subject).
          API_RATE_LIMIT_PER_SECOND: '1000000',
          API_RATE_LIMIT_BURST: '1000000',
          NODE_ENV: 'production',
          NO_MONEY_JOBS: '1',
          DATABASE_URL: scratch.url,
          SANDBOX_SECRET: BENCH_SANDBOX_SECRET,
        },
        [],
      );
      const app = await buildApp(db, config);
      const users: SoakUser[] = [];
      try {
        for (const role of ['admin', 'reseller', 'merchant'] as const) {
          for (let i = 0; i < usersPerRole; i++) {
            const who = SIGN_INS[role][i % SIGN_INS[role].length]!;
            const auth = await signInForBench(app, who.email, DEMO_PASSWORD);
            users.push({ role, email: who.email, accountDbCode: who.code, ...auth });
          }
        }
      } finally {
        await app.close();
      }
      return { url: scratch.url, users, drop: scratch.drop };
    } finally {
      await db.close();
    }
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}
