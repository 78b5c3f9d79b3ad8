import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, pathOf } from '@bo/contract';
import { ResolvedProgress } from '../../ui/resolved-progress';

interface ReconciliationProgress {
  readonly differences: number;
  readonly resolved: number;
  readonly open_runs: number;
  readonly write_offs_waiting: number;
}

/**
 * Admin (administrator module): one line under the overview tiles, gateway reconciliation's
 * progress over every run ("N of M differences resolved") and how many runs still have one to
 * resolve, and the write-offs waiting for a checker (a link to their queue), with a link to
 * /reconciliation. Warning-toned while some are open.
 */
export function ReconciliationLine({ progress }: { progress: ReconciliationProgress }) {
  const { t } = useTranslation();
  const isOpen = progress.open_runs > 0;
  return (
    <div className={`card mb-4 ${isOpen ? 'border-warning' : ''}`} data-testid="recon-dashboard">
      <div className="card-body py-2 d-flex flex-wrap align-items-center gap-2">
        <i
          className={`bi bi-journal-check ${isOpen ? 'text-warning' : 'text-muted'}`}
          aria-hidden
        />
        <span className="fw-medium">{t('dashboard.reconciliation.title')}:</span>
        <ResolvedProgress
          resolved={progress.resolved}
          differences={progress.differences}
          testId="recon-dashboard-progress"
        />
        <span className="text-muted" aria-hidden>
          ·
        </span>
        <span
          data-testid="recon-dashboard-open-runs"
          className={isOpen ? 'fw-semibold' : undefined}
        >
          {t('dashboard.reconciliation.openRuns', {
            n: formatCount(progress.open_runs),
          })}
        </span>
        {progress.write_offs_waiting > 0 && (
          <>
            <span className="text-muted" aria-hidden>
              ·
            </span>
            <Link
              to={`${pathOf('reconciliation')}?view=write-offs`}
              className="fw-semibold"
              data-testid="recon-dashboard-write-offs"
            >
              {t('dashboard.reconciliation.writeOffsWaiting', {
                n: formatCount(progress.write_offs_waiting),
              })}
            </Link>
          </>
        )}
        <Link
          to={pathOf('reconciliation')}
          className="ms-auto small"
          data-testid="recon-dashboard-link"
        >
          {t('dashboard.openList')}
        </Link>
      </div>
    </div>
  );
}
