import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, pathOf, type CallResponse, type getAdminDashboardV2 } from '@bo/contract';
import { durationText } from '../../lib/duration-text';

type HeldWaiting = NonNullable<CallResponse<typeof getAdminDashboardV2>['risk_review']>;

/**
 * Admin who may review (issue 42; docs/risk.md, Review queue): one line under the overview
 * tiles, how many items risk rules hold for review and how long the oldest has waited, with a
 * link to the queue. Warning-toned while any waits.
 */
export function RiskReviewLine({ held, now }: { held: HeldWaiting; now: number }) {
  const { t } = useTranslation();
  const waits = held.count > 0;
  const waitedSeconds = held.oldest_at ? (now - Date.parse(held.oldest_at)) / 1000 : 0;
  return (
    <div className={`card mb-4 ${waits ? 'border-warning' : ''}`} data-testid="risk-review-card">
      <div className="card-body py-2 d-flex flex-wrap align-items-center gap-2">
        <i
          className={`bi bi-shield-exclamation ${waits ? 'text-warning' : 'text-muted'}`}
          aria-hidden
        />
        <span className="fw-medium">{t('dashboard.riskReview.title')}:</span>
        <span data-testid="risk-review-count" className={waits ? 'fw-semibold' : undefined}>
          {formatCount(held.count)}
        </span>
        <span className="text-muted" aria-hidden>
          ·
        </span>
        <span data-testid="risk-review-oldest">
          {waits
            ? t('dashboard.riskReview.oldest', { age: durationText(t, waitedSeconds) })
            : t('dashboard.riskReview.none')}
        </span>
        <Link to={pathOf('riskReview')} className="ms-auto small" data-testid="risk-review-link">
          {t('dashboard.openList')}
        </Link>
      </div>
    </div>
  );
}
