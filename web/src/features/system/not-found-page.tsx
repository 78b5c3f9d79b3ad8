import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RouteTitle } from '../../ui/page-title';

/** Where unknown paths land (spec section 2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <RouteTitle />
      <div className="card">
        <div className="card-body text-center py-5" data-testid="not-found">
          <div className="display-3 fw-bold text-primary mb-2">404</div>
          <p className="text-muted mb-4">{t('page.notFoundText')}</p>
          <Link to="/" className="btn btn-primary">
            <i className="bi bi-house me-1" aria-hidden />
            {t('common.goHome')}
          </Link>
        </div>
      </div>
    </>
  );
}
