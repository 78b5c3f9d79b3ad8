/**
 * SQL for an account's effective modules: its own, and for a sub-account only those its parent
 * still holds. `alias` names the accounts row in the surrounding query.
 */
export function effectiveModulesSql(alias: string): string {
  return `ARRAY(
    SELECT m.module FROM account_modules m
     WHERE m.account_id = ${alias}.id
       AND (${alias}.parent_account_id IS NULL OR EXISTS (
         SELECT 1 FROM account_modules p WHERE p.account_id = ${alias}.parent_account_id AND p.module = m.module))
     ORDER BY m.module)`;
}
