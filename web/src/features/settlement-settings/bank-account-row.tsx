import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettlementBankAccountRow } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { BusyButton } from '../../ui/busy-button';
import { sendRemoveSettlementBankAccount } from './api/remove-settlement-bank-account';
import { sendSetDefaultSettlementBankAccount } from './api/set-default-settlement-bank-account';
import { saveChange } from './save-change';
import { NameText } from '../../ui/name-text';

/**
 * One saved bank account with its actions. Making it the default and removing it are each
 * confirmed in a popup first; removing the default says which account takes over.
 */
export function BankAccountRow({
  account,
  hasOthers,
  onEdit,
}: {
  account: SettlementBankAccountRow;
  /** Other accounts are saved: removing the default hands the default to the oldest of them. */
  hasOthers: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'default' | 'remove' | null>(null);
  const names = { bank: account.bank_name, number: account.account_number };

  const run = async (
    action: 'default' | 'remove',
    question: string,
    confirmLabel: string,
    send: () => Promise<unknown>,
    savedText: string,
  ) => {
    if (!(await confirmAction(question, confirmLabel))) return;
    setBusy(action);
    await saveChange(send, savedText);
    setBusy(null);
  };
  const makeDefault = () =>
    run(
      'default',
      t('settlementSetting.bank.confirmMakeDefault', names),
      t('settlementSetting.bank.makeDefault'),
      () => sendSetDefaultSettlementBankAccount({ id: account.id }),
      t('settlementSetting.bank.madeDefault', names),
    );
  const remove = () =>
    run(
      'remove',
      [
        t('settlementSetting.bank.confirmRemove', names),
        account.is_default && hasOthers ? t('settlementSetting.bank.removeDefaultNote') : '',
      ]
        .join(' ')
        .trim(),
      t('common.remove'),
      () => sendRemoveSettlementBankAccount({ id: account.id }),
      t('settlementSetting.bank.removed'),
    );

  return (
    <tr data-testid="bank-account-row" data-default={account.is_default || undefined}>
      <td>
        <bdi className="fw-medium" data-testid="bank-name">
          <NameText>{account.bank_name}</NameText>
        </bdi>
        {account.is_default && (
          <span className="badge bg-success-subtle text-success ms-2" data-testid="default-badge">
            {t('settlementSetting.bank.isDefault')}
          </span>
        )}
      </td>
      <td>
        <bdi data-testid="account-holder">{account.account_holder}</bdi>
      </td>
      <td className="text-nowrap">
        <bdi dir="ltr" className="font-monospace" data-testid="account-number">
          {account.account_number}
        </bdi>
      </td>
      <td className="text-nowrap" data-testid="account-currency">
        {account.currency ?? (
          <span className="text-muted">{t('settlementSetting.bank.anyCurrency')}</span>
        )}
      </td>
      <td className="text-end">
        <div className="d-inline-flex flex-wrap justify-content-end gap-1">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={busy !== null}
            onClick={onEdit}
            data-testid="edit-bank-account"
          >
            <i className="bi bi-pencil me-1" aria-hidden />
            {t('settlementSetting.bank.edit')}
          </button>
          {!account.is_default && (
            <BusyButton
              type="button"
              className="btn-sm btn-outline-success"
              isBusy={busy === 'default'}
              disabled={busy !== null}
              onClick={() => void makeDefault()}
              data-testid="make-default"
            >
              <i className="bi bi-star me-1" aria-hidden />
              {t('settlementSetting.bank.makeDefault')}
            </BusyButton>
          )}
          <BusyButton
            type="button"
            className="btn-sm btn-outline-danger"
            isBusy={busy === 'remove'}
            disabled={busy !== null}
            onClick={() => void remove()}
            data-testid="remove-bank-account"
          >
            <i className="bi bi-trash me-1" aria-hidden />
            {t('common.remove')}
          </BusyButton>
        </div>
      </td>
    </tr>
  );
}
