import { randomBytes } from 'node:crypto';
import { DEFAULT_MODULES, type AccountType, type ModuleName } from '@bo/contract';
import { violatesConstraint, type Queryable } from '../../db/db';
import { conflict } from '../../core/app-error';
import { hashPassword } from './passwords';
import {
  findAccountById,
  insertAccount,
  isEmailOrUsernameTaken,
  isEmailTakenByOther,
  updateAccountProfile,
  type AccountProfileChange,
} from './accounts.queries';

/** The account reads sign-in, security and the seed use, and the writes account management uses. */
export {
  clearAccountOtp,
  findAccountByCode,
  findAccountByEmail,
  findAccountById,
  findModules,
  findSubAccountIds,
  lockAccount,
  replaceAccountCurrencies,
  replaceAccountModules,
  updateAccountStatus,
  type AccountRow,
} from './accounts.queries';
export { assertModulesGrantable } from './account-modules';

const CODE_PREFIX: Record<AccountType, string> = { admin: 'ADM', reseller: 'RES', merchant: 'MER' };

/** A new account code: type prefix and 8 random characters (no sequence, so no hot row). */
export function newAccountCode(type: AccountType, isSubAccount = false): string {
  return `${isSubAccount ? 'SUB' : CODE_PREFIX[type]}${randomBytes(5).toString('hex').slice(0, 8).toUpperCase()}`;
}

export interface AccountSpec {
  accountType: AccountType;
  email: string;
  username: string;
  name: string;
  phone?: string;
  telegramId?: string;
  /** The password, hashed here; or `passwordHash`, its argon2id hash made already. */
  password: string;
  passwordHash?: string;
  mustChangePassword: boolean;
  modules?: readonly ModuleName[];
  currencies?: readonly string[];
  parentAccountId?: string | null;
  resellerAccountId?: string | null;
  accountDbCode?: string;
  isDemo?: boolean;
  createdBy?: string | null;
}

const EMAIL_TAKEN = 'An account with this email exists already';
const USERNAME_TAKEN = 'An account with this username exists already';

/**
 * `write`, with the unique index's refusal of a taken email or username answered as the check
 * before it answers (409): a concurrent request can take either between the check and the write.
 */
async function refusingTakenNames<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (violatesConstraint(error, 'accounts_email_key')) throw conflict(EMAIL_TAKEN);
    if (violatesConstraint(error, 'accounts_username_key')) throw conflict(USERNAME_TAKEN);
    throw error;
  }
}

/** Creates an account (password hashed, modules set); refuses a taken email or username with 409. */
export async function createAccountRecord(db: Queryable, spec: AccountSpec) {
  const taken = await isEmailOrUsernameTaken(db, spec.email, spec.username);
  if (taken.emailTaken) throw conflict(EMAIL_TAKEN);
  if (taken.usernameTaken) throw conflict(USERNAME_TAKEN);
  const id = await refusingTakenNames(
    insertAccount(db, {
      accountDbCode:
        spec.accountDbCode ?? newAccountCode(spec.accountType, Boolean(spec.parentAccountId)),
      accountType: spec.accountType,
      parentAccountId: spec.parentAccountId ?? null,
      resellerAccountId: spec.resellerAccountId ?? null,
      email: spec.email,
      username: spec.username,
      name: spec.name,
      phone: spec.phone ?? '',
      telegramId: spec.telegramId ?? '',
      passwordHash: spec.passwordHash ?? (await hashPassword(spec.password)),
      mustChangePassword: spec.mustChangePassword,
      isDemo: spec.isDemo ?? false,
      createdBy: spec.createdBy ?? null,
      modules: spec.modules ?? DEFAULT_MODULES[spec.accountType],
      currencies: spec.currencies ?? [],
    }),
  );
  const account = await findAccountById(db, id);
  if (!account) throw new Error('account insert vanished');
  return account;
}

/** Changes an account's profile fields; refuses an email another account has with 409. */
export async function changeAccountProfile(
  db: Queryable,
  accountId: string,
  change: AccountProfileChange,
): Promise<void> {
  if (await isEmailTakenByOther(db, change.email, accountId)) throw conflict(EMAIL_TAKEN);
  await refusingTakenNames(updateAccountProfile(db, accountId, change));
}
