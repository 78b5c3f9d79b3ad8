import { badInput, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { ledgerAccountId, type Purpose } from '../../ledger/ledger-accounts';
import { reportOwners } from './report-service';
import { containsPattern } from '../../db/like-patterns';

/**
 * Which ledger account a ledger report shows, checked against the caller's scope: an account
 * outside it answers "not found", as if it did not exist.
 */
export interface LedgerTarget {
  readonly accountId: string;
  readonly purpose: Purpose;
  readonly ownerId: string;
  readonly ownerDbCode: string;
  readonly ownerName: string;
  readonly currency: string;
}

interface ContractRow {
  merchant_id: string;
  currency: string;
  reseller_id: string | null;
}

interface AccountRow {
  id: string;
  account_db_code: string;
  name: string;
  account_type: string;
}

const inScope = (owners: readonly string[] | null, id: string) => !owners || owners.includes(id);

async function accountOf(db: Queryable, id: string): Promise<AccountRow | undefined> {
  const { rows } = await db.query<AccountRow>(
    `SELECT id, account_db_code, name, account_type FROM accounts
      WHERE id = $1 AND parent_account_id IS NULL`,
    [id],
  );
  return rows[0];
}

const target = (owner: AccountRow, currency: string, purpose: Purpose): LedgerTarget => ({
  accountId: ledgerAccountId({ ownerKind: 'account', ownerId: owner.id, currency, purpose }),
  purpose,
  ownerId: owner.id,
  ownerDbCode: owner.account_db_code,
  ownerName: owner.name,
  currency,
});

/** The contract `contractId` if the caller may see its merchant. */
async function contractInScope(ctx: UserCallContext, contractId: string): Promise<ContractRow> {
  const { rows } = await ctx.db.query<ContractRow>(
    `SELECT c.merchant_account_id AS merchant_id, c.currency, m.reseller_account_id AS reseller_id
       FROM contracts c JOIN accounts m ON m.id = c.merchant_account_id WHERE c.id = $1`,
    [contractId],
  );
  const contract = rows[0];
  if (!contract || !inScope(await reportOwners(ctx), contract.merchant_id)) {
    throw notFound('contractId: no such contract');
  }
  return contract;
}

/** A merchant or reseller account the caller may see, or "not found" naming `field`. */
async function ownerInScope(
  ctx: UserCallContext,
  id: string,
  type: 'merchant' | 'reseller',
  field: string,
): Promise<AccountRow> {
  const owner = await accountOf(ctx.db, id);
  if (!owner || owner.account_type !== type || !inScope(await reportOwners(ctx), id)) {
    throw notFound(`${field}: no such ${type}`);
  }
  return owner;
}

/** A merchant contract's ledger: the merchant's `available` account in its currency. */
export async function contractLedgerTarget(ctx: UserCallContext, contractId: string) {
  const contract = await contractInScope(ctx, contractId);
  const merchant = await ownerInScope(ctx, contract.merchant_id, 'merchant', 'contractId');
  return target(merchant, contract.currency, 'available');
}

/** A reseller's commission ledger in a contract's currency (its merchant's reseller by default). */
export async function resellerLedgerTarget(
  ctx: UserCallContext,
  contractId: string,
  resellerId: string | undefined,
) {
  const contract = await contractInScope(ctx, contractId);
  const id = resellerId ?? contract.reseller_id;
  if (!id) throw notFound('contractId: the contract has no reseller');
  const reseller = await ownerInScope(ctx, id, 'reseller', 'resellerId');
  return target(reseller, contract.currency, 'commission');
}

/** The account a caller asks for, or its own when it is of that type. */
function ownOr(ctx: UserCallContext, id: string | undefined, type: string, field: string) {
  if (id) return id;
  if (ctx.actor.accountType === type) return ctx.actor.scopeAccountId;
  throw badInput(`${field}: is required`);
}

/** A merchant's USDT wallet ledger. */
export async function usdtWalletTarget(ctx: UserCallContext, merchantId: string | undefined) {
  const id = ownOr(ctx, merchantId, 'merchant', 'merchantId');
  const merchant = await ownerInScope(ctx, id, 'merchant', 'merchantId');
  return target(merchant, 'USDT', 'usdt_wallet');
}

/**
 * Whose verifiable statement a call asks for (issue 44): a merchant's or reseller's own, or,
 * for an admin, the merchant or reseller `ownerId` names (in scope, else "not found").
 */
export async function statementOwner(ctx: UserCallContext, ownerId: string | undefined) {
  const type = ctx.actor.accountType;
  const id =
    ownerId ?? (type === 'merchant' || type === 'reseller' ? ctx.actor.scopeAccountId : undefined);
  if (!id) throw badInput('ownerId: is required');
  const owner = await accountOf(ctx.db, id);
  const ownerType = owner?.account_type === 'reseller' ? 'reseller' : 'merchant';
  return ownerInScope(ctx, id, ownerType, 'ownerId');
}

/** A reseller's commission ledgers, one per currency it holds or the one asked for. */
export async function resellerEarningTarget(
  ctx: UserCallContext,
  resellerId: string | undefined,
  currency: string | undefined,
) {
  const id = ownOr(ctx, resellerId, 'reseller', 'resellerId');
  const reseller = await ownerInScope(ctx, id, 'reseller', 'resellerId');
  let code = currency;
  if (!code) {
    const { rows } = await ctx.db.query<{ currency: string }>(
      `SELECT DISTINCT c.currency FROM contracts c JOIN accounts m ON m.id = c.merchant_account_id
        WHERE m.reseller_account_id = $1 ORDER BY 1 LIMIT 1`,
      [id],
    );
    code = rows[0]?.currency;
  }
  if (!code) throw badInput('currency: is required');
  return target(reseller, code, 'commission');
}

/** A merchant the caller may read a statement of. */
export async function statementMerchant(ctx: UserCallContext, merchantId: string) {
  return ownerInScope(ctx, merchantId, 'merchant', 'merchantId');
}

/** What narrows `ledgerContractChoices`: a currency, a merchant's code, a code or name search. */
export interface ContractFilters {
  readonly currency?: string;
  readonly merchantDbCode?: string;
  readonly search?: string;
}

/**
 * The contracts the caller may open ledgers of: one per merchant and currency, the latest,
 * since the ledger keeps one account for them whatever the gateways and versions of its
 * contracts (the ledger picker, and the rows of /contract-ledger-summary).
 */
export async function ledgerContractChoices(ctx: UserCallContext, filters: ContractFilters = {}) {
  const owners = await reportOwners(ctx);
  const { rows } = await ctx.db.query<{
    contract_id: string;
    merchant_id: string;
    merchant_db_code: string;
    merchant_name: string;
    reseller_id: string | null;
    reseller_db_code: string | null;
    currency: string;
  }>(
    `SELECT DISTINCT ON (m.account_db_code, c.currency)
            c.id AS contract_id, m.id AS merchant_id, m.account_db_code AS merchant_db_code,
            m.name AS merchant_name, r.id AS reseller_id, r.account_db_code AS reseller_db_code,
            c.currency
       FROM contracts c
       JOIN accounts m ON m.id = c.merchant_account_id
       LEFT JOIN accounts r ON r.id = m.reseller_account_id
      WHERE m.parent_account_id IS NULL
        AND ($1::uuid[] IS NULL OR m.id = ANY($1::uuid[]))
        AND ($2::text IS NULL OR c.currency = $2)
        AND ($3::text IS NULL OR m.account_db_code = $3)
        AND ($4::text IS NULL OR m.account_db_code ILIKE $4 OR m.name ILIKE $4)
      ORDER BY m.account_db_code, c.currency, c.version DESC, c.created_at DESC`,
    [
      owners,
      filters.currency ?? null,
      filters.merchantDbCode ?? null,
      filters.search ? containsPattern(filters.search) : null,
    ],
  );
  return rows;
}
