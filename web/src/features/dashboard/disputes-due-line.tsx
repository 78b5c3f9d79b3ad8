import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DISPUTE_DUE_SOON_HOURS,
  formatCount,
  pathOf,
  type CallResponse,
  type getAdminDashboardV2,
} from '@bo/contract';

/** The disputes' pending list (status `opened`), which this line opens. */
const DISPUTES_PENDING_PATH = pathOf('disputesPending');

type DisputesAwaitingAnswer = CallResponse<typeof getAdminDashboardV2>['disputes'];

/**
 * Admin: one line under the overview tiles, the disputes waiting for a merchant's answer and
 * how many are due within `DISPUTE_DUE_SOON_HOURS`, in every currency whatever the dashboard's
 * currency (issue 40: due work never hides behind it), the due ones named per currency, with a
 * link to their whole pending list (which holds what the line counts). Warning-toned while
 * some are due soon.
 */
export function DisputesDueLine({ disputes }: { disputes: DisputesAwaitingAnswer }) {
  const { t } = useTranslation();
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
        <span className="fw-medium">
          {t('dashboard.disputes.title')} ({t('dashboard.disputes.allCurrencies')}):
        </span>
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
          {isUrgent && (
            <span data-testid="disputes-due-by-currency">
              {' ('}
              {disputes.due_soon_by_currency
                .map((d) => `${d.currency} ${formatCount(d.count)}`)
                .join(', ')}
              {')'}
            </span>
          )}
        </span>
        <Link to={DISPUTES_PENDING_PATH} className="ms-auto small" data-testid="disputes-due-link">
          {t('dashboard.openList')}
        </Link>
      </div>
    </div>
  );
}
