import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_TITLE } from '@bo/contract';

/** The public error page (/error), reachable signed in or not. */
export default function ErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="guest-frame">
      <div className="text-center" data-testid="error-page">
        <i className="bi bi-exclamation-octagon display-4 text-danger d-block mb-3" aria-hidden />
        <h3 className="mb-2">{t('page.errorTitle')}</h3>
        <p className="text-muted mb-4 mx-auto" style={{ maxWidth: 420 }}>
          {t('page.errorText')}
        </p>
        <Link to="/" className="btn btn-primary">
          {t('common.goHome')}
        </Link>
        <p className="text-muted small mt-5 mb-0">{PRODUCT_TITLE}</p>
      </div>
    </div>
  );
}
