import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DISPUTE_DUE_SOON_HOURS,
  formatCount,
  pathOf,
  type CallResponse,
  type getAdminDashboardV2,
} from '@bo/contract';
import { ALL_CURRENCIES } from './currency-choice';

/** The disputes' pending list (status `opened`), which this line opens. */
const DISPUTES_PENDING_PATH = pathOf('disputesPending');

type DisputesAwaitingAnswer = CallResponse<typeof getAdminDashboardV2>['disputes'];

/**
 * Admin: one line under the overview tiles, the disputes waiting for a merchant's answer and
 * how many are due within `DISPUTE_DUE_SOON_HOURS`, with a link to their pending list (filtered to the
 * dashboard's currency, as the pending chart's links are: the list holds what the line counts).
 * Warning-toned while some are due soon.
 */
export function DisputesDueLine({
  disputes,
  currency,
}: {
  disputes: DisputesAwaitingAnswer;
  currency: string;
}) {
  const { t } = useTranslation();
  const query = currency === ALL_CURRENCIES ? '' : `?${new URLSearchParams({ currency })}`;
  const isUrgent = disputes.due_soon > 0;
  return (
    <div
      className={`card mb-4 ${isUrgent ? 'border-warning' : ''}`}
      data-testid="disputes-due"
      data-urgent={isUrgent ? '1' : '0'}
    >
      <div className="card-body py-2 d-flex flex-wrap align-items-center gap-2">
        <i
          className={`bi bi-shield-exclamation ${isUrgent ? 'text-warning' : 'text-muted'}`}
          aria-hidden
        />
        <span className="fw-medium">{t('dashboard.disputes.title')}:</span>
        <span data-testid="disputes-open">
          {t('dashboard.disputes.open', { n: formatCount(disputes.open) })}
        </span>
        <span className="text-muted" aria-hidden>
          ·
        </span>
        <span data-testid="disputes-due-soon" className={isUrgent ? 'fw-semibold' : undefined}>
          {t('dashboard.disputes.dueSoon', {
            n: formatCount(disputes.due_soon),
            hours: DISPUTE_DUE_SOON_HOURS,
          })}
        </span>
        <Link
          to={`${DISPUTES_PENDING_PATH}${query}`}
          className="ms-auto small"
          data-testid="disputes-due-link"
        >
          {t('dashboard.openList')}
        </Link>
      </div>
    </div>
  );
}
