import { checkPasswordPolicy, createSubAccount, type ModuleName } from '@bo/contract';

/** The modules a parent may give a sub-account: its own, never `sub_accounts`. */
export const grantableModules = (parentModules: readonly ModuleName[]): ModuleName[] =>
  parentModules.filter((m) => m !== 'sub_accounts');

export interface NewSubAccountDraft {
  readonly name: string;
  readonly email: string;
  readonly username: string;
  readonly modules: readonly ModuleName[];
  readonly temporaryPassword: string;
}

/** What is wrong with a field, as a key of `subAccounts.form`; absent when it is fine. */
export type FieldProblem =
  'required' | 'emailInvalid' | 'usernameInvalid' | 'modulesRequired' | 'passwordWeak';

const fields = createSubAccount.request.shape;

/** The modules field's problem (edit and create share it). */
export const modulesProblem = (modules: readonly ModuleName[]): FieldProblem | undefined =>
  modules.length === 0 ? 'modulesRequired' : undefined;

/** The temporary password's problem, by the contract's policy (create and reset share it). */
export const passwordProblem = (password: string): FieldProblem | undefined => {
  if (!password) return 'required';
  return checkPasswordPolicy(password) ? 'passwordWeak' : undefined;
};

/**
 * Checks a new sub-account's fields with the contract's own rules, so the form refuses what
 * the server would; the server checks again (and what only it knows: taken names, modules).
 */
export function problemsOf(
  draft: NewSubAccountDraft,
): Partial<Record<keyof NewSubAccountDraft, FieldProblem>> {
  const problems: Partial<Record<keyof NewSubAccountDraft, FieldProblem>> = {};
  if (!draft.name.trim()) problems.name = 'required';
  if (!draft.email.trim()) problems.email = 'required';
  else if (!fields.email.safeParse(draft.email).success) problems.email = 'emailInvalid';
  if (!draft.username.trim()) problems.username = 'required';
  else if (!fields.username.safeParse(draft.username).success)
    problems.username = 'usernameInvalid';
  const modules = modulesProblem(draft.modules);
  if (modules) problems.modules = modules;
  const password = passwordProblem(draft.temporaryPassword);
  if (password) problems.temporaryPassword = password;
  return problems;
}
