import type { GatewayBalanceRow } from '@bo/contract';
import { ledgerEntriesUrl, thisUtcMonth } from './ledger-entries-link';

/**
 * The entries behind a gateway's deposit balance (issue 44): its clearing account over this UTC
 * month. The clearing account holds what the platform's books owe against the gateway, so the
 * deposit is its closing balance negated (as a report shows money that left as a positive
 * figure). A totals row (no gateway) opens nothing.
 */
export function depositEntriesUrl(
  row: Partial<Pick<GatewayBalanceRow, 'id'>> & Pick<GatewayBalanceRow, 'currency'>,
  now = new Date(),
): string | null {
  if (!row.id) return null;
  return ledgerEntriesUrl({
    ownerKind: 'gateway',
    ownerId: row.id,
    currency: row.currency,
    period: thisUtcMonth(now),
    purposes: ['gateway_clearing'],
  });
}
