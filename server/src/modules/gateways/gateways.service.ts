/**
 * What other modules use of payment gateways. Contract pricing sits above this module and
 * caches gateways, so it listens for changes here rather than gateways importing contracts.
 */
export {
  ensureGateway,
  findActiveGateways,
  findGatewayByCode,
  findGatewayCodes,
  type GatewayRow,
  type NewGateway,
} from './gateways.queries';

const changeListeners = new Set<() => void>();

/** Calls `listener` after every gateway change this process makes (and when it is refused). */
export function onGatewayChange(listener: () => void): void {
  changeListeners.add(listener);
}

/** Tells every listener that a gateway changed. */
export function announceGatewayChange(): void {
  for (const listener of changeListeners) listener();
}
