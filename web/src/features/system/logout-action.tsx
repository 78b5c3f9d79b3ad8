import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { endSession } from '../../lib/session';
import { ActionSpinner } from './action-screen';
import { sendLogout } from './api/logout';

/** /logout: ends the session on the server, forgets the stored user, goes to /login. */
export default function LogoutAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void sendLogout({})
      .catch(() => undefined)
      .finally(() => {
        endSession();
        queryClient.clear();
        navigate('/login', { replace: true });
      });
  }, [navigate]);
  return <ActionSpinner text={t('page.signingOut')} />;
}
