import type { AccountType } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput } from '../../core/app-error';
import type { Actor } from '../../core/context';
import { findAccountInScope } from '../scoped-lists/scope';
import { PLATFORM_SCOPE, type ScopeRollup } from '../../ledger/scope-rollups';

/** Whose figures a dashboard shows: the whole platform, one reseller's merchants, or one merchant. */
export interface DashboardScope {
  readonly level: 'platform' | 'reseller' | 'merchant';
  readonly accountId: string | null;
  readonly code: string;
  readonly includeDemo: boolean;
}

const DEMO_SETTING = 'dashboard.include_demo_data';

/** Whether dashboard figures include the demo accounts (on unless an admin turned it off). */
export async function isDemoDataIncluded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
    DEMO_SETTING,
  ]);
  return rows[0]?.value !== '0';
}

export async function setDemoDataIncluded(db: Queryable, included: boolean): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [DEMO_SETTING, included ? '1' : '0'],
  );
}

/**
 * The scope of a dashboard request: the caller's own, or the account named by `accountDbCode`
 * when the caller may see it (refused otherwise). `accountType`, when sent, must match.
 */
export async function resolveDashboardScope(
  db: Queryable,
  actor: Actor,
  input: { accountDbCode?: string | undefined; accountType?: AccountType | undefined },
): Promise<DashboardScope> {
  const includeDemo = await isDemoDataIncluded(db);
  let level: DashboardScope['level'] =
    actor.accountType === 'admin' ? 'platform' : actor.accountType;
  let accountId: string | null = actor.accountType === 'admin' ? null : actor.scopeAccountId;
  let code = '';
  if (input.accountDbCode) {
    const account = await findAccountInScope(db, actor, input.accountDbCode);
    level = account.account_type === 'admin' ? 'platform' : account.account_type;
    accountId = account.account_type === 'admin' ? null : account.id;
    code = account.account_type === 'admin' ? '' : account.account_db_code;
    if (input.accountType && input.accountType !== account.account_type) {
      throw badInput(`accountType does not match the account ${input.accountDbCode}`);
    }
  } else if (accountId) {
    const { rows } = await db.query<{ account_db_code: string }>(
      'SELECT account_db_code FROM accounts WHERE id = $1',
      [accountId],
    );
    code = rows[0]?.account_db_code ?? '';
  }
  return { level, accountId, code, includeDemo };
}

/**
 * SQL selecting the ids of the merchants in scope (top-level merchant accounts), pushing its
 * parameters onto `params`.
 */
export function merchantsInScopeSql(scope: DashboardScope, params: unknown[]): string {
  const where = [`account_type = 'merchant'`, 'parent_account_id IS NULL'];
  if (scope.level !== 'platform') {
    params.push(scope.accountId);
    where.push(
      scope.level === 'reseller'
        ? `reseller_account_id = $${params.length}`
        : `id = $${params.length}`,
    );
  }
  if (!scope.includeDemo) where.push('NOT is_demo');
  return `SELECT id, name, account_db_code FROM accounts WHERE ${where.join(' AND ')}`;
}

/**
 * SQL of the scope's rows of a dashboard rollup (`t`): the rollup's key without the owner, count
 * and volume; pushes its parameters onto `params`. A merchant's are its own rows. The platform's
 * and a reseller's are their scope rows (their merchants' folded rows, summed) and their
 * merchants' rows in the slots the compaction has not folded yet (the last seconds' writes),
 * so their cost does not grow with their merchants or their history.
 */
export function scopeRollupRowsSql(
  scope: DashboardScope,
  t: ScopeRollup,
  params: unknown[],
): string {
  const merchants = merchantsInScopeSql(scope, params);
  const own = `SELECT ${t.key.map((k) => `r.${k}`).join(', ')}, r.count, r.volume
                 FROM ${t.table} r JOIN (${merchants}) m ON m.id = r.owner_account_id`;
  if (scope.level === 'merchant') return own;
  params.push(scope.level === 'platform' ? PLATFORM_SCOPE : scope.accountId);
  return `SELECT ${t.key.join(', ')}, count, volume FROM ${t.scopeTable}
           WHERE scope_id = $${params.length}${scope.includeDemo ? '' : ' AND NOT is_demo'}
          UNION ALL
          ${own} WHERE r.slot > 0`;
}

/**
 * Whether the scope's figures leave out demo merchants that its lists show (demo data turned
 * off, and the scope holds some): its sums are then no list's totals.
 */
export async function leavesOutDemoMerchants(db: Queryable, scope: DashboardScope) {
  if (scope.includeDemo) return false;
  const params: unknown[] = [];
  const all = merchantsInScopeSql({ ...scope, includeDemo: true }, params);
  const { rows } = await db.query<{ some: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM accounts WHERE is_demo AND id IN (SELECT id FROM (${all}) m)) AS some`,
    params,
  );
  return rows[0]!.some;
}

/** SQL selecting the resellers in scope: all for the platform, itself for a reseller, none for a merchant. */
export function resellersInScopeSql(scope: DashboardScope, params: unknown[]): string {
  const where = [`account_type = 'reseller'`, 'parent_account_id IS NULL'];
  if (scope.level === 'merchant') where.push('FALSE');
  if (scope.level === 'reseller') {
    params.push(scope.accountId);
    where.push(`id = $${params.length}`);
  }
  if (!scope.includeDemo) where.push('NOT is_demo');
  return `SELECT id, name, account_db_code FROM accounts WHERE ${where.join(' AND ')}`;
}
