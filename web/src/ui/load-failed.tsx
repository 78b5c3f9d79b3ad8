import { useTranslation } from 'react-i18next';

/** In place of data that failed to load (the popup already said why): a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="text-center py-3" data-testid="load-failed">
      <p className="text-muted mb-2">{t('page.errorTitle')}</p>
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={onRetry}>
        <i className="bi bi-arrow-clockwise me-1" aria-hidden />
        {t('common.retry')}
      </button>
    </div>
  );
}
