import {
  BACK_OFFICE_ACTOR,
  formatAmount,
  gatewayHandoverAction,
  type MoneyDetailKind,
  type TimelineEvent,
  type TimelineRisk,
  type TimelineRouting,
} from '@bo/contract';
import type { ReceivedCallback } from '../gateway-callbacks/gateway-events';
import type { JournalRecord, ItemLogRecord } from './money-detail.queries';
import type { DetailFacet, FoundItem } from '../money-lookup/detail-facet';

/** What an item's history is read from: nothing is written for it on the way. */
export interface TimelineFacts {
  readonly kind: Pick<DetailFacet, 'defaultCreator' | 'initialStatus' | 'handedOverAtCreation'>;
  readonly item: FoundItem;
  /** Admin-log entries about the item (creation, decisions, back-office actions). */
  readonly logs: readonly ItemLogRecord[];
  readonly callbacks: readonly ReceivedCallback[];
  readonly journals: readonly JournalRecord[];
  /** What risk rules decided at intake, as the viewer may see it (`viewRiskDecision`). */
  readonly risk?: (TimelineRisk & { readonly at: Date }) | null;
  /** Where routing sent it and why (`findRoutingDecision`), for an admin only. */
  readonly routing?: (TimelineRouting & { readonly at: Date }) | null;
  /** Admins see who in the back office acted; others see "back office". */
  readonly viewerIsAdmin: boolean;
}

const CREATORS = { merchant_api: 'merchant API', system: 'system' } as const;

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A creation is logged with the answer shown (`after`) and nothing before. */
const isCreation = (log: ItemLogRecord) =>
  log.before === null && /\.(create|request)$/.test(log.action);

/** The reason a decision gave: its code and note, or its free-text reason. */
function reasonOf(after: ItemLogRecord['after']): string | null {
  const code = textOf(after?.reason_code);
  const note = textOf(after?.note) ?? textOf(after?.reason);
  if (code && note) return `${code}: ${note}`;
  return code ?? note;
}

/** The bank transfer a settlement's completion recorded, when the entry has one. */
function transferOf(after: ItemLogRecord['after']): Pick<TimelineEvent, 'bank_transfer'> {
  const reference = textOf(after?.bank_reference);
  const valueDate = textOf(after?.value_date);
  if (!reference || !valueDate) return {};
  return {
    bank_transfer: {
      bank_reference: reference,
      value_date: valueDate,
      sending_account: textOf(after?.sending_account),
    },
  };
}

function actorOfLog(log: ItemLogRecord, viewerIsAdmin: boolean) {
  if (log.actor_account_type === '') return { actor: 'system', actor_kind: 'system' as const };
  if (log.actor_account_type === 'admin' && !viewerIsAdmin)
    return { actor: BACK_OFFICE_ACTOR, actor_kind: 'user' as const };
  return { actor: log.actor_username, actor_kind: 'user' as const };
}

/**
 * The status the first logged change started from: what an item made without a creation log
 * (the merchant's API, the server) was created as, so its history reads as one path.
 */
function firstLoggedStatus(logs: readonly ItemLogRecord[]): string | null {
  const first = [...logs]
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    .find((log) => textOf(log.before?.status) !== null);
  return first ? textOf(first.before?.status) : null;
}

/** Created first, then the hand-over to the gateway, then everything else by time. */
interface Ranked extends Omit<TimelineEvent, 'subject'> {
  readonly rank: number;
}

/** A step of the system's decision at intake (`risk`, `routing`), carrying the decision. */
function decisionStep<E extends 'risk' | 'routing'>(
  rank: number,
  event: E,
  decision: NonNullable<TimelineFacts[E]>,
): Ranked {
  const { at, ...body } = decision;
  return {
    rank,
    at: at.toISOString(),
    event,
    from_status: null,
    to_status: null,
    actor: 'system',
    actor_kind: 'system',
    action: '',
    reason: null,
    [event]: body,
  };
}

/**
 * An item's history, oldest first, derived from what is stored: its creation (who made it:
 * the admin log, else the merchant's API or the server), what risk rules decided at intake, a
 * pay-in's hand-over to its gateway,
 * each admin-log entry (a state change when the status moved, else an action), each gateway
 * callback that moved it, and each journal. A current status nothing above explains (the
 * expiry sweep, a gateway refusing at the start) is shown as the server's step at the time
 * the row stamps.
 */
export function buildTimeline(f: TimelineFacts): TimelineEvent[] {
  const { item } = f;
  const events: Ranked[] = [];
  const creation = f.logs.find(isCreation);
  events.push({
    rank: 0,
    at: item.createdAt.toISOString(),
    event: 'created',
    from_status: null,
    to_status: textOf(creation?.after?.status) ?? firstLoggedStatus(f.logs) ?? f.kind.initialStatus,
    ...(creation
      ? actorOfLog(creation, f.viewerIsAdmin)
      : { actor: CREATORS[f.kind.defaultCreator], actor_kind: f.kind.defaultCreator }),
    action: creation?.action ?? '',
    reason: null,
  });
  // Decided at intake as the item was made: risk first (at its time: just before it), then
  // routing, as the item was priced.
  if (f.risk) events.push(decisionStep(0.5, 'risk', f.risk));
  if (f.routing) events.push(decisionStep(0.6, 'routing', f.routing));
  if (f.kind.handedOverAtCreation && item.gatewayReference) {
    // Asked of the gateway within the creation request; its own time is not stored.
    events.push({
      rank: 1,
      at: item.createdAt.toISOString(),
      event: 'status_change',
      from_status: 'created',
      to_status: 'processing',
      actor: 'system',
      actor_kind: 'system',
      action: gatewayHandoverAction(item.gatewayCode ?? '', item.gatewayReference),
      reason: null,
    });
  }
  for (const log of f.logs) {
    if (log === creation) continue;
    const from = textOf(log.before?.status);
    const to = textOf(log.after?.status);
    const moved = from !== null && to !== null && from !== to;
    events.push({
      rank: 2,
      at: log.created_at.toISOString(),
      event: moved ? 'status_change' : 'action',
      from_status: moved ? from : null,
      to_status: moved ? to : null,
      ...actorOfLog(log, f.viewerIsAdmin),
      action: log.action,
      reason: reasonOf(log.after),
      ...transferOf(log.after),
    });
  }
  for (const callback of f.callbacks) {
    if (callback.outcome !== 'applied') continue;
    events.push({
      rank: 2,
      at: callback.received_at.toISOString(),
      event: 'status_change',
      from_status: null,
      to_status: callback.status,
      actor: 'gateway',
      actor_kind: 'gateway',
      action: callback.event_id,
      reason: null,
    });
  }
  for (const journal of f.journals) {
    events.push({
      rank: 3,
      at: journal.created_at.toISOString(),
      event: 'journal',
      from_status: null,
      to_status: null,
      actor: 'system',
      actor_kind: 'system',
      action: journal.kind,
      reason: null,
    });
  }
  const explained = events.some(
    (e) => (e.event === 'created' || e.event === 'status_change') && e.to_status === item.status,
  );
  if (!explained) {
    events.push({
      rank: 2,
      at: item.changedAt.toISOString(),
      event: 'status_change',
      from_status: null,
      to_status: item.status,
      actor: 'system',
      actor_kind: 'system',
      action: '',
      reason: null,
    });
  }
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.localeCompare(b.e.at) || a.e.rank - b.e.rank || a.i - b.i)
    .map(({ e: { rank: _rank, ...event } }) => ({ ...event, subject: null }));
}

/**
 * A child item's steps as its parent's timeline shows them (a refund's on its pay-in's): its
 * creation and each change or back-office action, not its journals (they are its own), each
 * naming the child with its amount.
 */
export function childSteps(
  kind: MoneyDetailKind,
  child: FoundItem,
  own: readonly TimelineEvent[],
): TimelineEvent[] {
  const subject = {
    kind,
    id: child.id,
    amount: formatAmount(child.amount, child.currency),
    currency: child.currency,
  };
  return own.filter((e) => e.event !== 'journal').map((e) => ({ ...e, subject }));
}

/** The item's own steps and its children's, by time (the item's own first at one instant). */
export function mergeSteps(
  own: readonly TimelineEvent[],
  children: readonly TimelineEvent[],
): TimelineEvent[] {
  return [...own, ...children]
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.localeCompare(b.e.at) || a.i - b.i)
    .map(({ e }) => e);
}
