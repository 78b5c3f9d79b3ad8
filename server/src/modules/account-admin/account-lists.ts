import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  type ManagedAccountRow,
  type ModuleName,
} from '@bo/contract';
import { notAllowed, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { findAccountInScope, isoOrNull } from '../scoped-lists/scope';
import { defineScopedList, serveList, type ListInput } from '../scoped-lists/list-query';

/** A reseller or merchant row as the lists read it. */
export interface ManagedAccountRecord {
  id: string;
  account_db_code: string;
  account_type: 'reseller' | 'merchant';
  name: string;
  username: string;
  email: string;
  phone: string;
  telegram_id: string;
  reseller_db_code: string;
  reseller_name: string;
  modules: ModuleName[];
  currencies: string[];
  contract_currencies: string[];
  status: AccountStatus;
  otp_enabled: boolean;
  must_change_password: boolean;
  merchants_count: bigint;
  created_at: Date;
  last_sign_in_at: Date | null;
}

const COLUMNS = `a.id, a.account_db_code, a.account_type, a.name, a.username, a.email, a.phone,
  a.telegram_id, coalesce(r.account_db_code, '') AS reseller_db_code, coalesce(r.name, '') AS reseller_name,
  ARRAY(SELECT am.module FROM account_modules am WHERE am.account_id = a.id ORDER BY am.module) AS modules,
  ARRAY(SELECT ac.currency FROM account_currencies ac WHERE ac.account_id = a.id ORDER BY ac.currency) AS currencies,
  ARRAY(SELECT DISTINCT c.currency FROM contracts c WHERE c.merchant_account_id = a.id ORDER BY 1) AS contract_currencies,
  a.status, a.otp_enabled, a.must_change_password,
  (SELECT count(*) FROM accounts mc WHERE mc.reseller_account_id = a.id AND mc.parent_account_id IS NULL
      AND mc.account_type = 'merchant') AS merchants_count,
  a.created_at,
  (SELECT max(s.created_at) FROM sessions s WHERE s.account_id = a.id) AS last_sign_in_at`;

const accountList = (scope: { merchant?: string }) =>
  defineScopedList<ManagedAccountRecord>({
    from: 'FROM accounts a LEFT JOIN accounts r ON r.id = a.reseller_account_id',
    columns: COLUMNS,
    alias: 'a',
    scope,
    codes: {
      reseller: `a.reseller_account_id = (SELECT id FROM accounts WHERE account_db_code = ? AND parent_account_id IS NULL)`,
    },
    statuses: ACCOUNT_STATUSES,
    // The one search box: part of a name, email, username or code, any case.
    search: {
      ids: [],
      texts: [],
      contains: ['a.name', 'a.email', 'a.username', 'a.account_db_code'],
    },
    sorts: { created_at: 'a.created_at', name: 'a.name', account_db_code: 'a.account_db_code' },
    defaultSort: 'created_at',
  });

/** Every reseller (its scope lets only admins through). */
export const resellerList = accountList({});
/** The merchants in scope: all for an admin, its own for a reseller. */
export const merchantList = accountList({ merchant: 'a.id' });

const topLevelOf = (type: 'reseller' | 'merchant') => [
  `a.account_type = '${type}'`,
  'a.parent_account_id IS NULL',
];

export const viewManagedAccount = (r: ManagedAccountRecord): ManagedAccountRow => ({
  ...r,
  merchants_count: Number(r.merchants_count),
  created_at: r.created_at.toISOString(),
  last_sign_in_at: isoOrNull(r.last_sign_in_at),
});

/** Refuses anyone but an admin (the reseller screens). */
export function requireAdminActor(ctx: UserCallContext): void {
  if (ctx.actor.accountType !== 'admin') throw notAllowed('Only an admin can manage resellers');
}

/**
 * Serves an account list: the page and the export go through `check` (who may read it) and
 * the same conditions.
 */
function serveAccountList<I extends ListInput>(
  type: 'reseller' | 'merchant',
  check: (ctx: UserCallContext, input: I) => Promise<void>,
) {
  const served = serveList(
    type === 'reseller' ? resellerList : merchantList,
    viewManagedAccount,
    () => topLevelOf(type),
  );
  return {
    async page(ctx: UserCallContext, input: I) {
      await check(ctx, input);
      return served.page(ctx, input);
    },
    async *chunks(ctx: UserCallContext, input: I) {
      await check(ctx, input);
      yield* served.chunks(ctx, input);
    },
  };
}

/** /reseller: admins only. */
export const resellerListService = serveAccountList('reseller', (ctx) => {
  requireAdminActor(ctx);
  return Promise.resolve();
});

/**
 * /merchants (and from-reseller): the scope does the rest; a named reseller must be one the
 * caller may see (a reseller only itself), else not found.
 */
export const merchantListService = serveAccountList('merchant', async (ctx, input: ListInput) => {
  if (input.resellerDbCode === undefined) return;
  const reseller = await findAccountInScope(ctx.db, ctx.actor, input.resellerDbCode);
  if (reseller.account_type !== 'reseller')
    throw notFound(`No reseller has the code ${input.resellerDbCode}`);
});
