import type { TFunction } from 'i18next';
import {
  BACK_OFFICE_ACTOR,
  moneyKind,
  pathOf,
  readGatewayHandover,
  type TimelineEvent,
} from '@bo/contract';

/** Back-office actions a step can record, by the verb that ends their code (`payout.approve`). */
const LOG_VERBS = [
  'create',
  'request',
  'approve',
  'approved',
  'reject',
  'rejected',
  'completed',
  'complete_in_house',
  'expire',
  'query_gateway',
  'resend_notification',
  'resend',
] as const;

/** Journal kinds by the verb that ends them (`payout.reserve`, `payin.success`, `adjustment.debit`). */
const JOURNAL_VERBS = [
  'reserve',
  'post',
  'void',
  'success',
  'approve',
  'adjust',
  'credit',
  'debit',
] as const;

const verbOf = (action: string) => action.slice(action.lastIndexOf('.') + 1);
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

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
    return isOneOf(JOURNAL_VERBS, verb) ? t(`money.detail.journalKind.${verb}`) : null;
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
  const list = moneyKind(subject.kind).routes[0];
  return {
    text: t('money.detail.subject', {
      kind: t(`money.kind.${subject.kind}`),
      amount: subject.amount,
      currency: subject.currency,
    }),
    href: list ? `${pathOf(list.id)}?search=${encodeURIComponent(subject.id)}` : '',
  };
}
