import {
  CURRENCIES,
  readRuleDefinition,
  rulePathText,
  walkConditions,
  type Condition,
  type ConditionType,
  type FieldProblem,
  type RuleDefinition,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { AppError, badField } from '../../core/app-error';
import type { Actor } from '../../core/context';
import { findContractCurrencies } from '../contracts/contracts.service';
import { findAccountInScope } from '../scoped-lists/scope';
import { CONDITIONS } from './conditions';
import type { CheckContext, ConditionDef, RuleOwner } from './risk-types';

/*
 * A rule's checks on save, beyond its schema: each condition type's own (`conditions/<type>.ts`:
 * a currency the caller holds, accounts and lists in the caller's scope and the owner's, a
 * platform-wide velocity only in a platform rule), each naming its part.
 */

/** The currencies a caller may name: every one for an admin, its contracts' for the others. */
async function currenciesOf(db: Queryable, actor: Actor): Promise<Set<string>> {
  if (actor.accountType === 'admin') return new Set(CURRENCIES.map((c) => c.code));
  return new Set(await findContractCurrencies(db, actor));
}

/**
 * Each condition type's own checks of a condition tree for this owner, each problem named by
 * its path under `at` (a risk rule's `when`, a routing rule's `steps[0].rules[1].when`).
 */
export async function conditionProblems(
  db: Queryable,
  actor: Actor,
  owner: RuleOwner,
  when: Condition,
  at: (string | number)[],
): Promise<FieldProblem[]> {
  const ctx: CheckContext = { db, actor, owner, currencies: await currenciesOf(db, actor) };
  const leaves: [ConditionType, unknown, string][] = [];
  walkConditions(
    when,
    (leaf, path) => {
      const [type, body] = Object.entries(leaf)[0] as [ConditionType, unknown];
      leaves.push([type, body, rulePathText([...path, type])]);
    },
    at,
  );
  const problems: FieldProblem[] = [];
  for (const [type, body, path] of leaves) {
    const def = CONDITIONS[type] as ConditionDef<ConditionType>;
    if (def.check) problems.push(...(await def.check(body as never, ctx, path)));
  }
  return problems;
}

/** Every problem of a definition's text for this owner, schema's first; none when it is good. */
export async function ruleProblems(
  db: Queryable,
  actor: Actor,
  owner: RuleOwner,
  text: string,
): Promise<{ problems: FieldProblem[]; definition?: RuleDefinition; canonical?: string }> {
  const read = readRuleDefinition(text);
  if (!read.ok) return { problems: read.problems };
  const problems = await conditionProblems(db, actor, owner, read.definition.when, ['when']);
  return { problems, definition: read.definition, canonical: read.canonical };
}

/** The definition's canonical text, or a 400 naming its first bad part. */
export async function checkedRule(
  db: Queryable,
  actor: Actor,
  owner: RuleOwner,
  text: string,
): Promise<{ definition: RuleDefinition; canonical: string }> {
  const { problems, definition, canonical } = await ruleProblems(db, actor, owner, text);
  const [first] = problems;
  if (first) throw badField(first);
  return { definition: definition!, canonical: canonical! };
}

/**
 * Whose rule a caller writes: the account named by `code` (a merchant or a reseller in the
 * caller's scope), else the platform for an admin and the caller itself for the others.
 */
export async function ruleOwnerFor(
  db: Queryable,
  actor: Actor,
  code: string | undefined,
): Promise<RuleOwner> {
  if (!code && actor.accountType === 'admin')
    return { scope: 'platform', merchantId: null, resellerId: null };
  const refused = () =>
    badField({
      field: 'ownerDbCode',
      rule: 'names no merchant or reseller you can see',
      kind: 'other',
    });
  const account = code
    ? await findAccountInScope(db, actor, code).catch((e: unknown) => {
        throw e instanceof AppError && e.code === 'NOT_FOUND' ? refused() : e;
      })
    : await findOwnAccount(db, actor.scopeAccountId);
  if (account.account_type === 'merchant')
    return { scope: 'merchant', merchantId: account.id, resellerId: account.reseller_account_id };
  if (account.account_type === 'reseller')
    return { scope: 'reseller', merchantId: null, resellerId: account.id };
  throw refused();
}

async function findOwnAccount(db: Queryable, id: string) {
  const { rows } = await db.query<{
    id: string;
    account_type: string;
    reseller_account_id: string | null;
  }>(`SELECT id, account_type, reseller_account_id FROM accounts WHERE id = $1`, [id]);
  return rows[0]!;
}
