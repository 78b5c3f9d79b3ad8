import { useTranslation } from 'react-i18next';
import { formatCount } from '@bo/contract';

/**
 * Reconciliation's progress, "N of M differences resolved", with a thin bar under it (the run's
 * page, the dashboard) or as the words alone, or "N of M" alone (a list cell).
 */
export function ResolvedProgress({
  resolved,
  differences,
  bar = false,
  short = false,
  testId = 'recon-progress',
}: {
  resolved: number;
  differences: number;
  bar?: boolean;
  /** "N of M" alone, under a header that says what they count (a list's column). */
  short?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const share = differences > 0 ? Math.round((resolved / differences) * 100) : 100;
  const words = t(short ? 'reconciliation.progressShort' : 'reconciliation.progress', {
    n: formatCount(resolved),
    m: formatCount(differences),
  });
  return (
    <span
      className={bar ? 'd-block' : 'text-nowrap'}
      data-testid={testId}
      data-resolved={resolved}
      data-differences={differences}
    >
      {words}
      {bar && (
        <span
          className="progress d-flex mt-1"
          style={{ height: 5, maxWidth: '20rem' }}
          role="progressbar"
          aria-label={words}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
        >
          <span
            className={`progress-bar ${share === 100 ? 'bg-success' : 'bg-warning'}`}
            style={{ width: `${share}%` }}
          />
        </span>
      )}
    </span>
  );
}
