import type { TFunction } from 'i18next';
import {
  BACK_OFFICE_ACTOR,
  MONEY_KINDS,
  readGatewayHandover,
  type TimelineEvent,
} from '@bo/contract';
import { moneyItemPath } from '../money-item';

/** Back-office actions a step can record, by the verb that ends their code (`payout.approve`). */
const LOG_VERBS = [
  'create',
  'request',
  'approve',
  'approved',
  'reject',
  'rejected',
  'decline',
  'completed',
  'complete_in_house',
  'expire',
  'query_gateway',
  'resend_notification',
  'resend',
] as const;

const verbOf = (action: string) => action.slice(action.lastIndexOf('.') + 1);
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * Journal kinds by the verb that ends them (`payout.reserve`, `adjustment.debit`): each money
 * kind's `journalKinds` in the registry, so a new kind's journals need no entry here (their
 * words, `money.detail.journalKind.<verb>`, are held whole by timeline-text.test.ts), and the
 * gateway deposit's.
 */
export const JOURNAL_VERBS: readonly string[] = [
  ...new Set(
    [...MONEY_KINDS.flatMap((kind) => kind.journalKinds), 'gateway_deposit.adjust'].map(verbOf),
  ),
];

/**
 * Who made a step, in the reader's language: the gateway, the system or the merchant's API by
 * their kind alone; an admin seen by others as the back office; a user by kind and name.
 */
export function timelineActorText(
  t: TFunction,
  step: TimelineEvent,
): { kind: string; name: string | null } {
  if (step.actor_kind !== 'user')
    return { kind: t(`money.detail.actor.${step.actor_kind}`), name: null };
  if (step.actor === BACK_OFFICE_ACTOR)
    return { kind: t('money.detail.actor.back_office'), name: null };
  return { kind: t('money.detail.actor.user'), name: step.actor };
}

/**
 * What a step's action code means, in the reader's language; null when the code is no word of
 * the product's (a gateway's event id), which is then shown as it is.
 */
export function timelineActionText(t: TFunction, step: TimelineEvent): string | null {
  if (!step.action) return null;
  const handover = readGatewayHandover(step.action);
  if (handover) return t('money.detail.handover', handover);
  const verb = verbOf(step.action);
  if (step.event === 'journal')
    return JOURNAL_VERBS.includes(verb)
      ? t(`money.detail.journalKind.${verb}` as 'money.detail.journalKind.post')
      : null;
  return isOneOf(LOG_VERBS, verb) ? t(`money.detail.logAction.${verb}`) : null;
}

/**
 * The child item a step is about, on its parent's timeline ("Refund of 100.03 THB"), with the
 * path of its kind's list found by its id; null for the item's own steps.
 */
export function timelineSubject(
  t: TFunction,
  step: TimelineEvent,
): { text: string; href: string } | null {
  const subject = step.subject;
  if (!subject) return null;
  return {
    text: t('money.detail.subject', {
      kind: t(`money.kind.${subject.kind}`),
      amount: subject.amount,
      currency: subject.currency,
    }),
    href: moneyItemPath(subject.kind, subject.id),
  };
}
