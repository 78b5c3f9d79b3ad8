import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettlementBankAccountRow } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { sendAddSettlementBankAccount } from './api/add-settlement-bank-account';
import { sendUpdateSettlementBankAccount } from './api/update-settlement-bank-account';
import {
  BANK_ACCOUNT_MAX_LENGTHS,
  bankDetailsOf,
  draftOf,
  missingBankFields,
  type BankAccountDraft,
  type BankAccountField,
} from './bank-account-draft';
import type { ReviewLine } from './change-review';
import { CurrencyChoice } from './currency-choice';
import { ReviewedFormDialog } from './reviewed-form-dialog';
import { saveChange } from './save-change';

/**
 * Adds a bank account (`account` absent) or edits one: the details, checked in place, then a
 * review of what will be saved (an edit shows what each changed field was) before it is sent.
 */
export function BankAccountDialog({
  account,
  isFirst,
  onClose,
}: {
  account?: SettlementBankAccountRow;
  /** No account is saved yet: this one becomes the default whatever is ticked. */
  isFirst: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BankAccountDraft>(() => draftOf(account));
  const [missing, setMissing] = useState<readonly BankAccountField[]>([]);
  const before = account && draftOf(account);
  const anyCurrency = t('settlementSetting.bank.anyCurrency');
  const yesNo = (flag: boolean) => t(flag ? 'settlementSetting.yes' : 'settlementSetting.no');

  const change = (patch: Partial<BankAccountDraft>) => {
    setDraft({ ...draft, ...patch });
    setMissing(missing.filter((field) => !(field in patch)));
  };
  const field = (name: BankAccountField, isCode = false) => (
    <FormField
      label={t(`settlementSetting.bank.${name}`)}
      name={name}
      value={draft[name]}
      maxLength={BANK_ACCOUNT_MAX_LENGTHS[name]}
      autoComplete="off"
      dir={isCode ? 'ltr' : undefined}
      error={missing.includes(name) ? t(`settlementSetting.bank.required.${name}`) : null}
      onChange={(e) => change({ [name]: e.target.value })}
    />
  );
  const review = (): ReviewLine[] => {
    const details = bankDetailsOf(draft);
    const line = (name: BankAccountField, isCode = false): ReviewLine => ({
      label: t(`settlementSetting.bank.${name}`),
      value: details[name],
      previous: before?.[name],
      isCode,
    });
    return [
      line('bankName'),
      line('accountHolder'),
      line('accountNumber', true),
      {
        label: t('settlementSetting.bank.currency'),
        value: details.currency ?? anyCurrency,
        previous: before && (before.currency || anyCurrency),
      },
      ...(account
        ? []
        : [
            {
              label: t('settlementSetting.bank.isDefault'),
              value: yesNo(isFirst || draft.isDefault),
            },
          ]),
    ];
  };
  const save = () =>
    account
      ? saveChange(
          () => sendUpdateSettlementBankAccount({ id: account.id, ...bankDetailsOf(draft) }),
          t('settlementSetting.bank.updated'),
        )
      : saveChange(
          () =>
            sendAddSettlementBankAccount({
              ...bankDetailsOf(draft),
              isDefault: draft.isDefault || undefined,
            }),
          t('settlementSetting.bank.added'),
        );

  return (
    <ReviewedFormDialog
      title={t(account ? 'settlementSetting.bank.editTitle' : 'settlementSetting.bank.addTitle')}
      testId="bank-account-dialog"
      onClose={onClose}
      isValid={() => {
        const found = missingBankFields(draft);
        setMissing(found);
        return found.length === 0;
      }}
      review={review}
      save={save}
    >
      {field('bankName')}
      {field('accountHolder')}
      {field('accountNumber', true)}
      <CurrencyChoice value={draft.currency} onChange={(currency) => change({ currency })} />
      {!account &&
        (isFirst ? (
          <p className="text-muted small mb-0">{t('settlementSetting.bank.firstIsDefault')}</p>
        ) : (
          <div className="form-check">
            <input
              id="bank-account-default"
              name="isDefault"
              type="checkbox"
              className="form-check-input"
              checked={draft.isDefault}
              onChange={(e) => change({ isDefault: e.target.checked })}
            />
            <label className="form-check-label" htmlFor="bank-account-default">
              {t('settlementSetting.bank.makeDefaultOnSave')}
            </label>
          </div>
        ))}
    </ReviewedFormDialog>
  );
}
