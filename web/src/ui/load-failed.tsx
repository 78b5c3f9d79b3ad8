import { useTranslation } from 'react-i18next';
import arrowClockwise from 'bootstrap-icons/icons/arrow-clockwise.svg?raw';
import { SvgIcon } from './svg-icon';

/** In place of data that failed to load (the popup already said why): a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="text-center py-3" data-testid="load-failed">
      <p className="text-muted mb-2">{t('page.errorTitle')}</p>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={onRetry}>
        <SvgIcon svg={arrowClockwise} className="me-1" />
        {t('common.retry')}
      </button>
    </div>
  );
}
