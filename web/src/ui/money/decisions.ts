import type { ParseKeys, TFunction } from 'i18next';
import { decideAccess, type CallDef } from '@bo/contract';
import type { MenuViewer } from '@bo/contract';

/** What an admin can do to a pending money item from a queue or its detail. */
export type DecisionVerb = 'approve' | 'reject' | 'complete' | 'fail';

/**
 * One decision a list offers on its rows: the call that makes it, which rows it applies to and
 * what the confirmation asks for. The server decides again (lifecycle, maker-checker, scope);
 * this only keeps buttons off rows where they could never work.
 */
export interface Decision<Row> {
  readonly verb: DecisionVerb;
  readonly call: CallDef;
  readonly appliesTo: (row: Row) => boolean;
  /**
   * What the confirmation asks: an optional note (an approval), a reason code from the list and
   * a note (a rejection), or a required text (an in-house outcome's bank reference or cause).
   */
  readonly asks: DecisionAsk;
  /** Fields the call needs besides `id` and what was asked (e.g. an in-house outcome). */
  readonly fields?: Readonly<Record<string, string>>;
  /** The queue's bulk call (`decidePayouts`…) that decides several items at once. */
  readonly bulkCall?: CallDef;
  /** The words of what it does, when not a reserved money-out's (`money.effect.<verb>`). */
  readonly effect?: ParseKeys;
  /**
   * The words of what it does to these very rows, built from them (a held item's review: "Let
   * pay-out MER00001 · 1,000.00 THB go to its gateway"); before `effect` when given.
   */
  readonly describe?: (t: TFunction, rows: readonly Row[]) => string;
  /** Its button's and confirmation's verb, when not `money.decision.<verb>` (a review's Decline). */
  readonly label?: ParseKeys;
}

/** The verb a decision's buttons and confirmation say. */
export const decisionWord = (t: TFunction, decision: Decision<never>): string =>
  t(decision.label ?? `money.decision.${decision.verb}`);

/** `bank_transfer`: a bank settlement marked done, with its reference, value date and note. */
export type DecisionAsk = 'note' | 'rejection' | 'reference' | 'bank_transfer';

export const DECISION_TONES: Record<DecisionVerb, string> = {
  approve: 'success',
  complete: 'primary',
  reject: 'danger',
  fail: 'danger',
};

export const DECISION_ICONS: Record<DecisionVerb, string> = {
  approve: 'bi-check2-circle',
  complete: 'bi-check2-all',
  reject: 'bi-x-circle',
  fail: 'bi-x-octagon',
};

/** The decisions `viewer` may make at all (decisions are for admins; the server checks too). */
export function decisionsFor<Row>(
  decisions: readonly Decision<Row>[],
  viewer: MenuViewer | null,
): Decision<Row>[] {
  if (viewer?.accountType !== 'admin') return [];
  return decisions.filter((d) => decideAccess(d.call.rule, viewer) === 'allowed');
}
