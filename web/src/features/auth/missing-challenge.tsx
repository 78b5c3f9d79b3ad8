import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import arrowLeft from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { SvgIcon } from '../../ui/svg-icon';

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
        <SvgIcon svg={arrowLeft} className="me-1" />
        {t('common.backToSignIn')}
      </Link>
    </div>
  );
}
