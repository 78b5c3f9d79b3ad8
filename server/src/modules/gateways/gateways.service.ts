/**
 * What other modules use of payment gateways. Contract pricing sits above this module and
 * caches gateways, so it listens for changes here rather than gateways importing contracts.
 */
import type { RequestOrigin } from '../../core/context';
import { notFound } from '../../core/app-error';
import type { Queryable } from '../../db/db';
import { recordAdminLog, type AdminLogEntry } from '../admin-logs/admin-log';
import { lockGatewayById, updateGatewayStatus, type GatewayRow } from './gateways.queries';

export {
  depositBalanceSql,
  finishedPayinsSql,
  ensureGateway,
  findActiveGateways,
  findGatewayByCode,
  findGatewayById,
  findGatewayCodes,
  findGatewayFigures,
  findGateways,
  gatewayRoute,
  lockGatewayById,
  type GatewayFigures,
  type GatewayRoute,
  type GatewayRow,
  type NewGateway,
} from './gateways.queries';
export { viewGateways } from './gateway-view';

const changeListeners = new Set<() => void>();

/** Calls `listener` after every gateway change this process makes (and when it is refused). */
export function onGatewayChange(listener: () => void): void {
  changeListeners.add(listener);
}

/** Tells every listener that a gateway changed. */
export function announceGatewayChange(): void {
  for (const listener of changeListeners) listener();
}

/** Activates or deactivates a gateway with a reason, audited, in the caller's transaction. */
export async function changeGatewayStatus(
  tx: Queryable,
  origin: RequestOrigin,
  change: {
    id: string;
    status: 'activated' | 'inactive';
    reason: string;
    actor: AdminLogEntry['actor'];
    actorLabel?: string;
  },
): Promise<GatewayRow> {
  const before = await lockGatewayById(tx, change.id);
  if (!before) throw notFound('No payment gateway has this id');
  if (before.status === change.status) return before;
  await updateGatewayStatus(tx, change.id, change.status, change.reason);
  await recordAdminLog(tx, origin, {
    action: 'payment_gateway.update_status',
    actor: change.actor,
    ...(change.actorLabel === undefined ? {} : { actorLabel: change.actorLabel }),
    targetType: 'payment_gateway',
    targetId: change.id,
    before: { status: before.status },
    after: { status: change.status, reason: change.reason },
  });
  // Announced now (pricing drops its cache) and again by the caller after the commit.
  announceGatewayChange();
  return { ...(await lockGatewayById(tx, change.id))! };
}
