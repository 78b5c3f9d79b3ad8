import {
  decideAccess,
  type AccessRule,
  type AccountType,
  type ModuleName,
  type OptionalAlert,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { effectiveModulesSql } from '../accounts/effective-modules';
import { mailLanguageOf, type MailLanguage } from '../mail/mail.service';

/** Someone an optional alert goes to: an active account with an email that did not turn it off. */
export interface AlertRecipient {
  accountId: string;
  email: string;
  name: string;
  lang: MailLanguage;
  /** Who the account is in maker-checker: its parent when a sub-account, else itself. */
  principal: string;
  accountType: AccountType;
  modules: ModuleName[];
}

interface RecipientRow {
  id: string;
  email: string;
  name: string;
  username: string;
  lang: string;
  principal: string;
  account_type: AccountType;
  modules: ModuleName[];
}

/**
 * The one place that decides who gets an optional alert (`kind`): accounts matching `where`
 * (SQL over `a`, trusted) that are active (and whose parent, for a sub-account, is active too),
 * have an email, and have not turned `kind` off on /profile.
 */
async function recipientsWhere(
  tx: Queryable,
  kind: OptionalAlert,
  where: string,
  params: readonly unknown[],
): Promise<AlertRecipient[]> {
  const { rows } = await tx.query<RecipientRow>(
    `SELECT a.id, a.email, a.name, a.username, a.lang, a.account_type,
            coalesce(a.parent_account_id, a.id) AS principal, ${effectiveModulesSql('a')} AS modules
       FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_account_id
      WHERE ${where} AND a.status = 'active' AND (p.id IS NULL OR p.status = 'active')
        AND a.email <> ''
        AND NOT EXISTS (SELECT 1 FROM alert_opt_outs o WHERE o.account_id = a.id AND o.kind = $1)
      ORDER BY a.created_at, a.id`,
    [kind, ...params],
  );
  return rows.map((r) => ({
    accountId: r.id,
    email: r.email,
    name: r.name || r.username,
    lang: mailLanguageOf(r.lang),
    principal: r.principal,
    accountType: r.account_type,
    modules: r.modules,
  }));
}

/** The admins whom `rule` (the rule of the call that acts on the alert) lets act. */
export async function adminsUnder(tx: Queryable, rule: AccessRule, kind: OptionalAlert) {
  const admins = await recipientsWhere(tx, kind, `a.account_type = 'admin'`, []);
  return admins.filter(
    (a) => decideAccess(rule, { accountType: a.accountType, modules: a.modules }) === 'allowed',
  );
}

/** The account `accountId`, when it is to get the alert `kind`; else none. */
export async function accountRecipients(tx: Queryable, accountId: string, kind: OptionalAlert) {
  return recipientsWhere(tx, kind, 'a.id = $2', [accountId]);
}
