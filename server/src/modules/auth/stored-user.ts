import { DEFAULT_LOAN_STATUS, type StoredUser } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { effectiveModulesSql } from '../accounts/effective-modules';
import type { AccountRow } from '../accounts/accounts.service';

interface AccountCodes {
  modules: StoredUser['modules'][number]['name'][];
  reseller_code: string;
  merchant_code: string;
}

/**
 * The codes the stored user names: the reseller of the account's scope (itself, or a merchant's
 * reseller) and, for merchants, the merchant's own code. A sub-account answers for its parent.
 */
export async function findAccountCodes(db: Queryable, accountId: string): Promise<AccountCodes> {
  const { rows } = await db.query<AccountCodes>(
    `SELECT ${effectiveModulesSql('a')} AS modules,
            CASE WHEN s.account_type = 'reseller' THEN s.account_db_code ELSE coalesce(r.account_db_code, '') END AS reseller_code,
            CASE WHEN s.account_type = 'merchant' THEN s.account_db_code ELSE '' END AS merchant_code
       FROM accounts a
       JOIN accounts s ON s.id = coalesce(a.parent_account_id, a.id)
       LEFT JOIN accounts r ON r.id = s.reseller_account_id
      WHERE a.id = $1`,
    [accountId],
  );
  if (!rows[0]) throw new Error(`account ${accountId} not found`);
  return rows[0];
}

/** The stored user of spec section 3, without the token. */
export async function describeUser(db: Queryable, account: AccountRow) {
  const codes = await findAccountCodes(db, account.id);
  return {
    codes,
    user: {
      username: account.username,
      phone: account.phone,
      name: account.name,
      lang: account.lang,
      modules: codes.modules.map((name) => ({ name })),
      account_type: account.account_type,
      otp_enabled: account.otp_enabled ? (1 as const) : (0 as const),
      reseller_info: { account_db_code: codes.reseller_code },
      telegram_id: account.telegram_id,
      loanStatus: DEFAULT_LOAN_STATUS,
      is_sub_account: account.parent_account_id ? (1 as const) : (0 as const),
    },
  };
}

/** The stored user with its session token, as `login` returns it. */
export async function storedUserOf(
  db: Queryable,
  account: AccountRow,
  token: string,
): Promise<StoredUser> {
  const { user } = await describeUser(db, account);
  return { token, access_token: token, ...user };
}
