import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown on a step page opened without a pending sign-in step (expired, or typed in). */
export function MissingChallenge() {
  const { t } = useTranslation();
  return (
    <div className="text-center" data-testid="missing-challenge">
      <div className="alert alert-warning text-start">{t('auth.noChallenge')}</div>
      <Link to="/login" className="btn btn-primary">
        {t('common.backToSignIn')}
      </Link>
    </div>
  );
}

export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <div className="text-center mt-4">
      <Link to="/login" className="text-muted">
        <i className="bi bi-arrow-left me-1" aria-hidden />
        {t('common.backToSignIn')}
      </Link>
    </div>
  );
}
