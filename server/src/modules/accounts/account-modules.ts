import type { AccountType, ModuleName } from '@bo/contract';
import { badField } from '../../core/app-error';

/** Modules only some account types may hold. */
const NOT_FOR: Partial<Record<ModuleName, readonly AccountType[]>> = {
  administrator: ['reseller', 'merchant'],
  account_management: ['merchant'],
};

/** A 400 naming the field `modules` (the form shows it under the modules). */
const refuseModules = (rule: string) =>
  badField({ field: 'modules', rule, kind: 'other' }, `modules: ${rule}`);

/**
 * Refuses (400 on `modules`) a module list that is empty, holds a module the account type may
 * not have, or, when a reseller grants them, one the reseller does not hold itself.
 */
export function assertModulesGrantable(
  accountType: AccountType,
  modules: readonly ModuleName[],
  grantor: { accountType: AccountType; modules: readonly ModuleName[] },
): void {
  if (modules.length === 0) throw refuseModules('needs at least one module');
  const refused = modules.filter((m) => NOT_FOR[m]?.includes(accountType));
  if (refused.length) throw refuseModules(`a ${accountType} cannot hold ${refused.join(', ')}`);
  if (grantor.accountType === 'admin') return;
  const missing = modules.filter((m) => !grantor.modules.includes(m));
  if (missing.length) throw refuseModules(`you do not hold ${missing.join(', ')}`);
}
