import { createAccount, createSubAccount, type ModuleName } from '@bo/contract';
import type { Queryable } from '../../db/db';
import { badInput, notFound } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { assertPasswordPolicy } from './passwords';
import {
  findAccountByCode,
  findAccountCode,
  findModules,
  type AccountRow,
} from './accounts.queries';
import { assertModulesGrantable } from './account-modules';
import { createAccountRecord } from './accounts.service';

async function summarize(db: Queryable, a: AccountRow) {
  return {
    id: a.id,
    account_db_code: a.account_db_code,
    account_type: a.account_type,
    email: a.email,
    username: a.username,
    name: a.name,
    parent_account_db_code: await findAccountCode(db, a.parent_account_id),
    reseller_db_code: await findAccountCode(db, a.reseller_account_id),
    modules: await findModules(db, a.id),
    must_change_password: a.must_change_password,
    created_at: a.created_at.toISOString(),
  };
}

export function registerAccountCalls(registry: CallRegistry): void {
  registry
    .user(createAccount, (ctx, input) => {
      assertPasswordPolicy(input.temporaryPassword, 'temporaryPassword');
      if (input.modules) assertModulesGrantable(input.accountType, input.modules, ctx.actor);
      return ctx.db.transaction(async (tx) => {
        let resellerAccountId: string | null = null;
        if (ctx.actor.accountType === 'reseller') {
          if (input.accountType !== 'merchant')
            throw badInput('accountType: a reseller can only create merchants');
          resellerAccountId = ctx.actor.scopeAccountId;
        } else if (input.accountType === 'merchant' && input.resellerDbCode) {
          const reseller = await findAccountByCode(tx, input.resellerDbCode);
          if (!reseller || reseller.account_type !== 'reseller' || reseller.parent_account_id) {
            throw notFound(`No reseller has the code ${input.resellerDbCode}`);
          }
          resellerAccountId = reseller.id;
        }
        const account = await createAccountRecord(tx, {
          accountType: input.accountType,
          email: input.email,
          username: input.username,
          name: input.name,
          phone: input.phone ?? '',
          telegramId: input.telegram ?? '',
          password: input.temporaryPassword,
          mustChangePassword: true,
          ...(input.modules ? { modules: input.modules } : {}),
          currencies: input.currencies,
          resellerAccountId,
          createdBy: ctx.actor.accountId,
        });
        const summary = await summarize(tx, account);
        await recordAdminLog(tx, ctx, {
          action: 'account.create',
          actor: ctx.actor,
          targetType: 'account',
          targetId: account.id,
          after: { ...summary, telegram_id: account.telegram_id, currencies: input.currencies },
        });
        return summary;
      });
    })
    .user(createSubAccount, (ctx, input) => {
      assertPasswordPolicy(input.temporaryPassword, 'temporaryPassword');
      const wanted = [...new Set(input.modules)] as ModuleName[];
      if (wanted.includes('sub_accounts'))
        throw badInput('modules: a sub-account cannot manage sub-accounts');
      const missing = wanted.filter((m) => !ctx.actor.modules.includes(m));
      if (missing.length) throw badInput(`modules: you do not hold ${missing.join(', ')}`);
      return ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{
          account_type: AccountRow['account_type'];
          reseller_account_id: string | null;
        }>('SELECT account_type, reseller_account_id FROM accounts WHERE id = $1', [
          ctx.actor.scopeAccountId,
        ]);
        const parent = rows[0]!;
        const account = await createAccountRecord(tx, {
          accountType: parent.account_type,
          email: input.email,
          username: input.username,
          name: input.name,
          password: input.temporaryPassword,
          mustChangePassword: true,
          modules: wanted,
          parentAccountId: ctx.actor.scopeAccountId,
          resellerAccountId: parent.reseller_account_id,
          createdBy: ctx.actor.accountId,
        });
        const summary = await summarize(tx, account);
        await recordAdminLog(tx, ctx, {
          action: 'account.create_sub_account',
          actor: ctx.actor,
          targetType: 'account',
          targetId: account.id,
          after: summary,
        });
        return summary;
      });
    });
}
