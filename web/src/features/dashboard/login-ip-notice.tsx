import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { POPUP_DELAY_MS } from '@bo/contract';
import { isPopupUp, subscribePopups } from '../../lib/popups';
import { useIsTwoFactorReminderSettled } from '../../lib/two-factor-reminder-state';
import { Dialog } from '../../ui/dialog';
import { DialogFooter } from '../../ui/dialog-footer';

/** Where 'Add IP Address' leads: the profile's login-IP card (spec section 2). */
export const ADD_IP_ADDRESS_PATH = '/profile?login_ip=true';

/**
 * The merchant notice about mandatory whitelisted login. The caller decides whether it is due
 * (see login-ip-notice-rule.ts); it appears about 10 ms later (spec section 9), a modal dialog
 * like every other. It queues behind the 2FA reminder popup: it opens only once the reminder
 * is closed or not due on this page, and no other popup is up (an 'Oops...' that replaced the
 * reminder, say), since the dialog, in the top layer, would cover the popup and make it inert.
 * Its state ('waiting', 'open' or 'closed') is kept on a hidden marker, so that a script can
 * tell a notice still waiting from one that will not come back.
 */
export function LoginIpNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isReminderSettled = useIsTwoFactorReminderSettled();
  const isAPopupUp = useSyncExternalStore(subscribePopups, isPopupUp);
  const [shown, setShown] = useState<'waiting' | 'open' | 'closed'>('waiting');

  useEffect(() => {
    if (!isReminderSettled || isAPopupUp || shown !== 'waiting') return;
    const timer = setTimeout(() => setShown('open'), POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isReminderSettled, isAPopupUp, shown]);

  const marker = <span hidden data-testid="login-ip-notice-state" data-state={shown} />;
  if (shown !== 'open') return marker;
  const close = () => setShown('closed');
  return (
    <>
      {marker}
      <Dialog
        title={t('dashboard.noticeTitle')}
        onClose={close}
        testId="login-ip-notice"
        footer={
          <DialogFooter
            onCancel={close}
            cancelLabel={t('dashboard.later')}
            cancelTestId="notice-later"
            action={{
              label: t('dashboard.addIpAddress'),
              testId: 'add-ip-address',
              onClick: () => {
                close();
                void navigate(ADD_IP_ADDRESS_PATH);
              },
            }}
          />
        }
      >
        <div className="login-ip-notice text-center">
          <div className="notice-icon mx-auto mb-3" aria-hidden>
            <i className="bi bi-shield-lock" />
          </div>
          <p className="text-muted mb-0">{t('dashboard.noticeText')}</p>
        </div>
      </Dialog>
    </>
  );
}
