import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { POPUP_DELAY_MS } from '@bo/contract';

/** Where 'Add IP Address' leads: the profile's login-IP card (spec section 2). */
export const ADD_IP_ADDRESS_PATH = '/profile?login_ip=true';

/**
 * The merchant notice about mandatory whitelisted login. The caller decides whether it is due
 * (see login-ip-notice-rule.ts); it appears about 10 ms later (spec section 9), as a modal of
 * its own so that it queues behind the 2FA reminder popup instead of replacing it.
 */
export function LoginIpNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape belongs to the 2FA popup while it is up.
      if (event.key === 'Escape' && !document.querySelector('.swal2-container')) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  if (!isOpen) return null;
  return (
    <>
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-ip-notice-title"
        data-testid="login-ip-notice"
      >
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content login-ip-notice">
            <div className="modal-body text-center p-4">
              <div className="notice-icon mx-auto mb-3" aria-hidden>
                <i className="bi bi-shield-lock" />
              </div>
              <h5 id="login-ip-notice-title" className="mb-2">
                {t('dashboard.noticeTitle')}
              </h5>
              <p className="text-muted mb-4">{t('dashboard.noticeText')}</p>
              <div className="d-flex justify-content-center gap-2">
                <button
                  type="button"
                  className="btn btn-primary px-4"
                  data-testid="add-ip-address"
                  onClick={() => {
                    setOpen(false);
                    void navigate(ADD_IP_ADDRESS_PATH);
                  }}
                >
                  {t('dashboard.addIpAddress')}
                </button>
                <button
                  type="button"
                  className="btn btn-light px-4"
                  data-testid="notice-later"
                  onClick={() => setOpen(false)}
                >
                  {t('dashboard.later')}
                </button>
              </div>
            </div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop fade show" aria-hidden />
    </>
  );
}
