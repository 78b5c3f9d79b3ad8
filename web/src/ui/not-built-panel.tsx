import { useTranslation } from 'react-i18next';

/** The plain panel of a screen a later release builds: no data, fake or otherwise. */
export function NotBuiltPanel() {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="not-built">
      <div className="card-body not-built">
        <i className="bi bi-cone-striped not-built-icon d-block mb-3" aria-hidden />
        <h5 className="mb-2">{t('page.notBuiltTitle')}</h5>
        <p className="text-muted mb-0 mx-auto" style={{ maxWidth: 460 }}>
          {t('page.notBuiltText')}
        </p>
      </div>
    </div>
  );
}
