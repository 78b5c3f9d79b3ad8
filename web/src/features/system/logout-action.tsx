import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '@bo/contract';
import { callApi } from '../../app/api-client';
import { queryClient } from '../../app/query-client';
import { endSession } from '../../app/session';
import { ActionSpinner } from './action-screen';

/** /logout: ends the session on the server, forgets the stored user, goes to /login. */
export default function LogoutAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void callApi(logout, {}, { errors: 'inline' })
      .catch(() => undefined)
      .finally(() => {
        endSession();
        queryClient.clear();
        navigate('/login', { replace: true });
      });
  }, [navigate]);
  return <ActionSpinner text={t('page.signingOut')} />;
}
