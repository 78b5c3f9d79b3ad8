import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearBrowserStorage } from '../../lib/session';
import { queryClient } from '../../lib/query-client';
import { ActionSpinner } from './action-screen';

/** /reset: clears local and session storage and goes to / (spec section 2). */
export default function ResetAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    clearBrowserStorage({ includeSessionStorage: true });
    queryClient.clear();
    navigate('/', { replace: true });
  }, [navigate]);
  return <ActionSpinner text={t('common.loading')} />;
}
