import type {
  ConditionOf,
  ConditionType,
  FieldProblem,
  HistoryKeyType,
  RiskAction,
  RiskKeyType,
  RiskOwnerScope,
  RiskRuleKind,
  RiskRuleMode,
  RuleDefinition,
  VelocityScope,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import type { Actor } from '../../core/context';

/**
 * What intake knows of one request (issue 42, plan §2.1): its kind, owner, amount (minor units),
 * the merchant's order id, its instant (the only clock a rule reads) and the optional customer
 * keys. `sourceIp` is the caller's own address.
 */
export interface IntakeFacts {
  readonly kind: RiskRuleKind;
  readonly merchantId: string;
  readonly resellerId: string | null;
  readonly amount: bigint;
  readonly currency: string;
  readonly orderId: string | null;
  readonly at: Date;
  readonly customerId?: string;
  readonly email?: string;
  readonly customerIp?: string;
  readonly sourceIp?: string;
  readonly bankAccount?: string;
  readonly wallet?: string;
}

/** The value of a key type in a request's facts, if it has one. */
export function keyValueOf(facts: IntakeFacts, key: RiskKeyType): string | undefined {
  // A switch, not a table: this runs for every earlier item of a batch for every velocity
  // question (`risk-batch-history.ts`), and a table would be made each time.
  let value: string | null | undefined;
  switch (key) {
    case 'email':
      value = facts.email;
      break;
    case 'customer_id':
      value = facts.customerId;
      break;
    case 'customer_ip':
      value = facts.customerIp;
      break;
    case 'source_ip':
      value = facts.sourceIp;
      break;
    case 'bank_account':
      value = facts.bankAccount;
      break;
    case 'wallet':
      value = facts.wallet;
      break;
    case 'order_id':
      value = facts.orderId;
  }
  return value ?? undefined;
}

/** One velocity question: how many requests (or how much money) a key had in a window. */
export interface VelocityQuery {
  readonly measure: 'count' | 'sum';
  readonly key: HistoryKeyType;
  readonly value: string;
  /** The window ends at `at` (inclusive) and starts `minutes` before it (exclusive). */
  readonly at: Date;
  readonly minutes: number;
  /** `merchant`: this merchant's requests only; `platform`: every merchant's. */
  readonly scope: VelocityScope;
  readonly merchantId: string;
  readonly kinds?: readonly RiskRuleKind[];
  /** A sum's currency (minor units of it); a count counts every currency. */
  readonly currency?: string;
}

/** A customer's pay-ins over the last days before `at`, and how many ended each way. */
export interface OutcomeCounts {
  readonly payins: number;
  readonly failed: number;
  readonly refunded: number;
  readonly disputed: number;
}

/**
 * The history rules read, filled from SQL by intake (a later package) and from memory in tests.
 * Each answer is of requests before the batch; `evaluateRules` adds the batch's earlier items.
 * It may throw (the read failed or timed out): the rule then takes its `onError`.
 */
export interface RiskHistory {
  /** Count of requests, or sum of their amounts in minor units, in the window. */
  velocity(q: VelocityQuery): bigint;
  /** When a key was first seen on the platform, before `at`; null when never. */
  firstSeen(key: HistoryKeyType, value: string, at: Date): Date | null;
  /** A customer's (by customer id) pay-ins of the `days` before `at`, by outcome. */
  outcomes(customerId: string, merchantId: string, days: number, at: Date): OutcomeCounts;
}

/** List membership, from matchers the lists build (exact keys, IP prefixes, order-id globs). */
export interface ListLookup {
  matches(listId: string, keyType: RiskKeyType, value: string): boolean;
}

/** What else a rule reads: lists, a merchant's time zone (IANA name), accounts by code. */
export interface RiskLookups {
  readonly lists: ListLookup;
  zoneOf(merchantId: string): string;
  /** The id of a top-level account by its code, null when none has it. */
  accountIdOf(code: string): string | null;
}

/** A condition's answer: whether it holds, and what it saw (kept with a match). */
export interface ConditionResult {
  readonly matched: boolean;
  readonly seen?: string | number | boolean | null;
}

/** What a server check of a condition may read: the database, the caller and the rule's owner. */
export interface CheckContext {
  readonly db: Queryable;
  readonly actor: Pick<Actor, 'accountType' | 'scopeAccountId'>;
  readonly owner: RuleOwner;
  /** The currencies a caller may name (every one for an admin; its contracted ones else). */
  readonly currencies: ReadonlySet<string>;
}

/**
 * One condition type, one file (`conditions/<type>.ts`): the server's checks beyond the schema,
 * each naming its field (`at` is the condition's path), and the JS half of its evaluation at
 * intake. The SQL half for backtests (`sql(ctx)`) joins it in a later package (plan §2.3).
 */
export interface ConditionDef<T extends ConditionType> {
  check?(c: ConditionOf<T>, ctx: CheckContext, at: string): Promise<FieldProblem[]>;
  js(
    c: ConditionOf<T>,
    facts: IntakeFacts,
    history: RiskHistory,
    lookups: RiskLookups,
  ): ConditionResult;
}

/** Who owns a rule, as its row's columns say (`merchant` also names its reseller). */
export interface RuleOwner {
  readonly scope: RiskOwnerScope;
  readonly merchantId: string | null;
  readonly resellerId: string | null;
}

/** A rule as the evaluator takes it: its current version, mode and owner. */
export interface EvaluatedRule {
  readonly id: string;
  readonly version: number;
  readonly mode: RiskRuleMode;
  readonly owner: RuleOwner;
  readonly definition: RuleDefinition;
}

/** One rule that matched an item (or erred), with the values its conditions saw. */
export interface RuleMatch {
  readonly ruleId: string;
  readonly version: number;
  readonly mode: 'active' | 'shadow';
  readonly action: RiskAction;
  readonly error: boolean;
  /** Lifted by a matching allow rule of its own scope or one above. */
  readonly exempt: boolean;
  readonly seen: Readonly<Record<string, string | number | boolean | null>>;
}

/** The decision on one item: block beats review beats allow; how many approvers a hold needs. */
export interface Verdict {
  readonly outcome: RiskAction;
  readonly minApprovals: 1 | 2 | 3;
  readonly matches: readonly RuleMatch[];
}

/**
 * The admin log's actions of a review: each approval (the last one moves the item on, its
 * entry's `after.status` the new status) and a decline. The per-rule report reads them.
 */
export const REVIEW_LOG_ACTIONS = {
  approve: 'risk_review.approve',
  decline: 'risk_review.decline',
} as const;
