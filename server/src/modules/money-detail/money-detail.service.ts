import {
  decideAccess,
  MONEY_KINDS,
  moneyKindNames,
  NOTIFIED_KINDS,
  type MoneyDetail,
  type MoneyDetailKind,
  type TimelineEvent,
} from '@bo/contract';
import type { Queryable } from '../../db/db';
import { notAllowed, notFound } from '../../core/app-error';
import type { Actor } from '../../core/context';
import {
  callbackStatusIn,
  findCallbacksOf,
  type ReceivedCallback,
} from '../gateway-callbacks/gateway-events';
import {
  findAttemptsOf,
  findNotificationsOf,
  type NotificationAttempt,
  type SentNotification,
} from '../merchant-notifications/merchant-notifications.service';
import { isoOrNull } from '../scoped-lists/scope';
import {
  findEntriesOf,
  findItemLogs,
  findJournalsOf,
  findRiskDecisionOf,
} from './money-detail.queries';
import { viewJournals } from './money-journal';
import { detailFacets, type FoundItem } from '../money-lookup/detail-facet';
import { buildTimeline, childSteps, mergeSteps, type TimelineFacts } from './money-timeline';
import { viewRiskDecision } from './money-risk-step';
import { findRoutingDecision } from '../routing/routing-decisions';

/** Words for each kind in messages ("No settlement has this id"): the registry's nouns. */
export const KIND_WORDS = Object.fromEntries(MONEY_KINDS.map((k) => [k.name, k.noun])) as Readonly<
  Record<MoneyDetailKind, string>
>;

const isNotified = (kind: MoneyDetailKind) => (NOTIFIED_KINDS as readonly string[]).includes(kind);

/**
 * The item of `kind` named by `id` if the actor passes the kind's list rule (else 403) and the
 * item is in its scope (else not found: nothing outside the scope is revealed).
 */
export async function findItemForViewer(
  db: Queryable,
  actor: Actor,
  kind: MoneyDetailKind,
  id: string,
): Promise<FoundItem> {
  const spec = detailFacets.of(kind);
  if (decideAccess(spec.rule, actor) !== 'allowed') throw notAllowed();
  const item = await spec.find(db, actor, id);
  if (!item) throw notFound(`No ${KIND_WORDS[kind]} has this id`);
  return item;
}

const callbackView = (c: ReceivedCallback): NonNullable<MoneyDetail['callbacks']>[number] => ({
  received_at: c.received_at.toISOString(),
  event_id: c.event_id,
  status: c.status,
  outcome: c.outcome,
  is_duplicate: c.outcome === 'duplicate',
  raw: c.raw_body,
});

function notificationView(
  n: SentNotification,
  attempts: readonly NotificationAttempt[],
): MoneyDetail['notifications'][number] {
  return {
    id: n.id,
    url: n.url,
    status: n.status,
    payload: JSON.stringify(n.payload),
    created_at: n.created_at.toISOString(),
    delivered_at: isoOrNull(n.delivered_at),
    next_attempt_at: n.status === 'pending' ? n.next_attempt_at.toISOString() : null,
    attempts: attempts
      .filter((a) => a.notification_id === n.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.attempted_at.toISOString(),
        http_status: a.http_status,
        error: a.error,
      })),
  };
}

/** The kinds whose items belong to an item of `kind` (the registry's `parentKind`). */
const childKindsOf = (kind: MoneyDetailKind) =>
  moneyKindNames((k) => k.parentKind === kind).map((child) => {
    const { childrenOf } = detailFacets.of(child);
    if (!childrenOf) throw new Error(`The ${child} detail finder lists no children`);
    return { child, childrenOf };
  });

/** How many children of one item its timeline shows at most (the latest). */
export const MAX_TIMELINE_CHILDREN = 50;

/** One item's history as the actor may see it, without its children's. */
function ownTimeline(
  actor: Actor,
  kind: MoneyDetailKind,
  item: FoundItem,
  logs: Awaited<ReturnType<typeof findItemLogs>>,
  journals: Awaited<ReturnType<typeof findJournalsOf>>,
  callbacks: readonly ReceivedCallback[],
  risk: TimelineFacts['risk'] = null,
  routing: TimelineFacts['routing'] = null,
): TimelineEvent[] {
  return buildTimeline({
    risk,
    routing,
    kind: detailFacets.of(kind),
    item,
    logs,
    // In the item's own words: a refund's `success` callback made it `succeeded`.
    callbacks: callbacks.map((c) => ({ ...c, status: callbackStatusIn(kind, c.status) })),
    journals,
    viewerIsAdmin: actor.accountType === 'admin',
  });
}

/**
 * The steps of an item's children the actor may see (a pay-in's refunds: each request,
 * decision and result), each naming its child; the latest MAX_TIMELINE_CHILDREN children,
 * read in four queries per child kind however many there are.
 */
async function childrenSteps(
  db: Queryable,
  actor: Actor,
  kind: MoneyDetailKind,
  parentId: string,
): Promise<TimelineEvent[]> {
  const steps: TimelineEvent[] = [];
  for (const { child, childrenOf } of childKindsOf(kind)) {
    const items = await childrenOf(db, actor, parentId, MAX_TIMELINE_CHILDREN);
    const ids = items.map((item) => item.id);
    const [logs, callbacks] = await Promise.all([
      findItemLogs(db, ids),
      isNotified(child) ? findCallbacksOf(db, ids) : Promise.resolve([]),
    ]);
    for (const item of items) {
      const own = ownTimeline(
        actor,
        child,
        item,
        logs.filter((l) => l.target_id === item.id),
        [],
        callbacks.filter((c) => c.ref_id === item.id),
      );
      steps.push(...childSteps(child, item, own));
    }
  }
  return steps;
}

/**
 * One money item's detail for the actor: the row as its list shows it, its history (with its
 * children's steps: a pay-in's refunds, and what risk rules decided at intake), its
 * journals (lines the viewer may not see counted, not shown), the gateway's callbacks (admins;
 * null for the others)
 * and the merchant notifications with each attempt, and which actions the viewer may take.
 */
export async function findMoneyDetail(
  db: Queryable,
  actor: Actor,
  kind: MoneyDetailKind,
  id: string,
): Promise<MoneyDetail> {
  const item = await findItemForViewer(db, actor, kind, id);
  const isAdmin = actor.accountType === 'admin';
  const notified = isNotified(kind);
  const [journals, logs, callbacks, notifications, children, risk, routing] = await Promise.all([
    findJournalsOf(db, id),
    findItemLogs(db, [id]),
    notified ? findCallbacksOf(db, [id]) : Promise.resolve([]),
    notified ? findNotificationsOf(db, id) : Promise.resolve([]),
    childrenSteps(db, actor, kind, id),
    findRiskDecisionOf(db, id),
    // Routing is the platform's business: its gateways and their rates are shown to admins only.
    isAdmin ? findRoutingDecision(db, id) : Promise.resolve(null),
  ]);
  const [entries, attempts] = await Promise.all([
    findEntriesOf(
      db,
      journals.map((j) => j.id),
    ),
    findAttemptsOf(
      db,
      notifications.map((n) => n.id),
    ),
  ]);
  return {
    kind,
    row: item.row,
    timeline: mergeSteps(
      ownTimeline(
        actor,
        kind,
        item,
        logs,
        journals,
        callbacks,
        viewRiskDecision(risk, actor.accountType),
        routing,
      ),
      children,
    ),
    journal: viewJournals(journals, entries, {
      actor,
      merchantId: item.merchantId,
      currency: item.currency,
    }),
    // Raw gateway payloads are the platform's business: not even their count for the others.
    callbacks: isAdmin ? callbacks.map(callbackView) : null,
    notifications: notifications.map((n) => notificationView(n, attempts)),
    can_resend_notification:
      (isAdmin || actor.accountType === 'merchant') && notifications.length > 0,
    can_query_gateway: isAdmin && !!detailFacets.of(kind).isGatewayQueryable?.(item.status),
  };
}
