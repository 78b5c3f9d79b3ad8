import { MODULES, type AccountType, type ModuleName } from '@bo/contract';
import type { Queryable } from '../db/db';
import { findAccountByEmail, type AccountRow } from '../modules/accounts/accounts.service';
import { createAccountRecord } from '../modules/accounts/accounts.service';
import { hashPassword } from '../modules/accounts/passwords';

/** The one password of every demo sign-in (README). */
export const DEMO_PASSWORD = 'DemoPass#2026';

interface DemoAccount {
  key: string;
  type: AccountType;
  code: string;
  email: string;
  username: string;
  name: string;
  parent?: string;
  reseller?: string;
  modules?: readonly ModuleName[];
  /** Their Telegram contact, so /support-on-telegram opens a chat on the demo. */
  telegram?: string;
}

/** The demo world's accounts: three admins, two resellers with merchants, and a sub-account. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    telegram: '@bo_platform_ops',
    type: 'admin',
    code: 'ADM00001',
    email: 'admin@demo.test',
    username: 'admin',
    name: 'Demo Admin',
    modules: MODULES,
  },
  {
    // A second admin, so two distinct admins can approve a money-out (maker-checker).
    key: 'admin2',
    telegram: '@bo_platform_ops2',
    type: 'admin',
    code: 'ADM00002',
    email: 'admin2@demo.test',
    username: 'admin2',
    name: 'Demo Admin Two',
    modules: MODULES,
  },
  {
    // A third admin (issue 40): a write-off needs two approvers besides whoever asked for it.
    key: 'admin3',
    telegram: '@bo_platform_ops3',
    type: 'admin',
    code: 'ADM00003',
    email: 'admin3@demo.test',
    username: 'admin3',
    name: 'Demo Admin Three',
    modules: MODULES,
  },
  {
    key: 'reseller',
    telegram: '@andaman_partners',
    type: 'reseller',
    code: 'RES00001',
    email: 'reseller@demo.test',
    username: 'reseller',
    name: 'Andaman Partners',
  },
  {
    key: 'reseller2',
    telegram: '@straits_payments',
    type: 'reseller',
    code: 'RES00002',
    email: 'reseller2@demo.test',
    username: 'reseller2',
    name: 'Straits Payments Group',
  },
  {
    key: 'merchant',
    telegram: '@siam_digital',
    type: 'merchant',
    code: 'MER00001',
    email: 'merchant@demo.test',
    username: 'merchant',
    name: 'Siam Digital Store',
    reseller: 'reseller',
  },
  {
    key: 'merchant2',
    telegram: '@chao_phraya_games',
    type: 'merchant',
    code: 'MER00002',
    email: 'merchant2@demo.test',
    username: 'merchant2',
    name: 'Chao Phraya Games',
    reseller: 'reseller',
  },
  {
    key: 'merchant3',
    telegram: '@saigon_credits',
    type: 'merchant',
    code: 'MER00003',
    email: 'merchant3@demo.test',
    username: 'merchant3',
    name: 'Saigon Mobile Credits',
    reseller: 'reseller',
  },
  {
    key: 'merchant4',
    telegram: '@kuala_travel',
    type: 'merchant',
    code: 'MER00004',
    email: 'merchant4@demo.test',
    username: 'merchant4',
    name: 'Kuala Travel Hub',
    reseller: 'reseller2',
  },
  {
    key: 'merchant5',
    telegram: '@jakarta_market',
    type: 'merchant',
    code: 'MER00005',
    email: 'merchant5@demo.test',
    username: 'merchant5',
    name: 'Jakarta Market Online',
    reseller: 'reseller2',
  },
  {
    key: 'sub',
    type: 'merchant',
    code: 'SUB00001',
    email: 'sub@demo.test',
    username: 'sub',
    name: 'Siam Digital Store Accounts',
    parent: 'merchant',
    modules: ['payin', 'reports'],
  },
];

/**
 * Creates the demo accounts that are missing (idempotent) and returns every demo account by
 * its key.
 */
/**
 * The demo password's argon2id hash, made once per process: every demo account has the same
 * published password, so one salt for all of them hides nothing, and a seed (each test file
 * makes one) hashes once instead of once per account (13 hashes, about 0.7 s of CPU).
 */
let demoPasswordHash: Promise<string> | undefined;

export async function seedDemoAccounts(db: Queryable): Promise<Map<string, AccountRow>> {
  const byKey = new Map<string, AccountRow>();
  demoPasswordHash ??= hashPassword(DEMO_PASSWORD);
  const passwordHash = await demoPasswordHash;
  for (const demo of DEMO_ACCOUNTS) {
    const existing = await findAccountByEmail(db, demo.email);
    if (existing) {
      byKey.set(demo.key, existing);
      continue;
    }
    const parent = demo.parent ? byKey.get(demo.parent) : undefined;
    const reseller = demo.reseller ? byKey.get(demo.reseller) : undefined;
    const account = await createAccountRecord(db, {
      accountType: demo.type,
      accountDbCode: demo.code,
      email: demo.email,
      username: demo.username,
      name: demo.name,
      password: DEMO_PASSWORD,
      passwordHash,
      mustChangePassword: false,
      modules: demo.modules,
      telegramId: demo.telegram ?? '',
      parentAccountId: parent?.id ?? null,
      resellerAccountId: reseller?.id ?? parent?.reseller_account_id ?? null,
      isDemo: true,
    });
    byKey.set(demo.key, account);
  }
  return byKey;
}
