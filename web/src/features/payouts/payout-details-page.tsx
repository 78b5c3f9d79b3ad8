import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { payoutRow, type PayoutRow } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { useSessionUser, viewerOf } from '../../lib/session';
import { DEFAULT_TIME_ZONE } from '../../lib/time-zone';
import { RouteTitle } from '../../ui/page-title';
import { DecisionDialog } from '../../ui/money/decision-dialog';
import { decisionsFor, type Decision } from '../../ui/money/decisions';
import { MoneyDetailView } from '../../ui/money/detail/money-detail-view';
import { moneyDetailQuery } from '../../ui/money/api/get-money-detail';
import { RowDecisions } from '../../ui/money/row-decisions';
import { ALL_PAYOUT_DECISIONS } from './payout-columns';

/** /payout/{id}/details: one pay-out, whole (the detail view as a page), with its decisions. */
export default function PayoutDetailsPage() {
  const { t } = useTranslation();
  const id = useCurrentRoute().params.id ?? '';
  const viewer = viewerOf(useSessionUser());
  const query = useQuery(moneyDetailQuery('payout', id));
  const [pending, setPending] = useState<Decision<PayoutRow> | null>(null);
  const row = query.data?.row as PayoutRow | undefined;
  const decisions = decisionsFor(ALL_PAYOUT_DECISIONS, viewer);
  return (
    <>
      <RouteTitle />
      <div className="card" data-testid="payout-details">
        <div className="card-body">
          <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
            <bdi className="font-monospace small text-muted">{id}</bdi>
            {row && (
              <RowDecisions row={row} decisions={decisions} onDecide={setPending} size="md" />
            )}
          </div>
          <MoneyDetailView query={query} schema={payoutRow} timeZone={DEFAULT_TIME_ZONE} />
        </div>
      </div>
      {pending && row && (
        <DecisionDialog
          decision={pending}
          rows={[row]}
          kindLabel={t('money.kind.payout')}
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}
