import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettlementBankAccountRow } from '@bo/contract';
import { BankAccountDialog } from './bank-account-dialog';
import { BankAccountRow } from './bank-account-row';
import { SettingsCard } from '../../ui/settings-card';
import { TableScroll } from '../../ui/list/table-scroll';

/** The merchant's saved bank accounts (default first), with Add and each row's actions. */
export function BankAccountsCard({ accounts }: { accounts: readonly SettlementBankAccountRow[] }) {
  const { t } = useTranslation();
  /** The account being edited, 'new' while adding, null with no dialog open. */
  const [editing, setEditing] = useState<SettlementBankAccountRow | 'new' | null>(null);
  const addButton = (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      onClick={() => setEditing('new')}
      data-testid="add-bank-account"
    >
      <i className="bi bi-plus-lg me-1" aria-hidden />
      {t('settlementSetting.bank.add')}
    </button>
  );
  return (
    <SettingsCard
      testId="bank-accounts-card"
      icon="bi-bank"
      title={t('settlementSetting.bank.title')}
      text={t('settlementSetting.bank.text')}
      actions={accounts.length > 0 && addButton}
    >
      {accounts.length === 0 ? (
        <div className="text-center py-4" data-testid="bank-accounts-empty">
          <i className="bi bi-bank fs-1 text-muted" aria-hidden />
          <h6 className="mt-2 mb-1">{t('settlementSetting.bank.empty')}</h6>
          <p className="text-muted small mb-3">{t('settlementSetting.bank.emptyText')}</p>
          {addButton}
        </div>
      ) : (
        <TableScroll label={t('settlementSetting.bank.title')}>
          <table className="table align-middle mb-0" data-testid="bank-accounts-table">
            <thead>
              <tr>
                <th>{t('settlementSetting.bank.bankName')}</th>
                <th>{t('settlementSetting.bank.accountHolder')}</th>
                <th>{t('settlementSetting.bank.accountNumber')}</th>
                <th>{t('settlementSetting.bank.currency')}</th>
                <th className="text-end">{t('settlementSetting.bank.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <BankAccountRow
                  key={account.id}
                  account={account}
                  hasOthers={accounts.length > 1}
                  onEdit={() => setEditing(account)}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {editing && (
        <BankAccountDialog
          account={editing === 'new' ? undefined : editing}
          isFirst={accounts.length === 0}
          onClose={() => setEditing(null)}
        />
      )}
    </SettingsCard>
  );
}
