import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedAccountRow } from '@bo/contract';
import { BusyButton } from '../../ui/busy-button';
import { Dialog } from '../../ui/dialog';
import { sendResetAccountOtp } from './api/reset-account-otp';
import { sendSetAccountStatus } from './api/set-account-status';

/** What a row's confirmed action does: disable, enable, or reset its 2FA. */
export type AccountAction = 'disable' | 'enable' | 'resetOtp';

const SEND: Record<AccountAction, (code: string) => Promise<unknown>> = {
  disable: (accountDbCode) => sendSetAccountStatus({ accountDbCode, status: 'disabled' }),
  enable: (accountDbCode) => sendSetAccountStatus({ accountDbCode, status: 'active' }),
  resetOtp: (accountDbCode) => sendResetAccountOtp({ accountDbCode }),
};

/** Asks before an action on an account, says what it will do, and sends it on Confirm. */
export function ConfirmAccountAction({
  action,
  account,
  onClose,
  onDone,
}: {
  action: AccountAction;
  account: ManagedAccountRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [isBusy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await SEND[action](account.account_db_code);
      onDone();
      onClose();
    } catch {
      // The popup told why; the dialog stays for another try or Cancel.
      setBusy(false);
    }
  };
  const names = { name: account.name, code: account.account_db_code };
  return (
    <Dialog
      title={t(`accounts.confirm.${action}.title`)}
      onClose={isBusy ? () => undefined : onClose}
      testId="account-confirm"
      footer={
        <>
          <button type="button" className="btn btn-light" onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </button>
          <BusyButton
            type="button"
            className={action === 'enable' ? 'btn-primary' : 'btn-danger'}
            isBusy={isBusy}
            onClick={() => void confirm()}
            data-testid="account-confirm-yes"
          >
            {t(`accounts.confirm.${action}.button`)}
          </BusyButton>
        </>
      }
    >
      <p className="mb-0">{t(`accounts.confirm.${action}.body`, names)}</p>
    </Dialog>
  );
}
