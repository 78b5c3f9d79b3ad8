import { useTranslation } from 'react-i18next';
import type { ManagedAccountRow } from '@bo/contract';
import { ConfirmDialog } from '../../ui/confirm-dialog';
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
  const names = { name: account.name, code: account.account_db_code };
  return (
    <ConfirmDialog
      title={t(`accounts.confirm.${action}.title`)}
      testId="account-confirm"
      confirmLabel={t(`accounts.confirm.${action}.button`)}
      confirmTestId="account-confirm-yes"
      confirmClassName={action === 'enable' ? 'btn-primary' : 'btn-danger'}
      onConfirm={async () => {
        await SEND[action](account.account_db_code);
        onDone();
      }}
      onClose={onClose}
    >
      <p className="mb-0">{t(`accounts.confirm.${action}.body`, names)}</p>
    </ConfirmDialog>
  );
}
