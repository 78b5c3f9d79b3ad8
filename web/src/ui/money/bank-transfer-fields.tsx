import { useTranslation } from 'react-i18next';
import { BANK_REFERENCE, isCalendarDay, SENDING_ACCOUNT } from '@bo/contract';
import { FormField } from '../form-field';

/** The transfer an admin records when marking a bank settlement done, as typed. */
export interface BankTransferDraft {
  readonly bankReference: string;
  readonly valueDate: string;
  readonly sendingAccount: string;
}

export type BankTransferErrors = Partial<Record<keyof BankTransferDraft, string>>;

/** A new draft: the value date is today (the admin's own day). */
export const newBankTransfer = (): BankTransferDraft => {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return { bankReference: '', valueDate: local.toISOString().slice(0, 10), sendingAccount: '' };
};

/** What the draft lacks or gets wrong, in the user's words (the server checks again). */
export function bankTransferErrorsOf(
  draft: BankTransferDraft,
  words: { required: string; reference: string; date: string; account: string },
): BankTransferErrors {
  const found: BankTransferErrors = {};
  const reference = draft.bankReference.trim();
  if (!reference) found.bankReference = words.required;
  else if (!BANK_REFERENCE.test(reference)) found.bankReference = words.reference;
  if (!draft.valueDate) found.valueDate = words.required;
  else if (!isCalendarDay(draft.valueDate)) found.valueDate = words.date;
  const account = draft.sendingAccount.trim();
  if (account && !SENDING_ACCOUNT.test(account)) found.sendingAccount = words.account;
  return found;
}

/** The request fields of the transfer (the sending account only when given). */
export const bankTransferFields = (draft: BankTransferDraft): Record<string, string> => ({
  bankReference: draft.bankReference.trim(),
  valueDate: draft.valueDate,
  ...(draft.sendingAccount.trim() ? { sendingAccount: draft.sendingAccount.trim() } : {}),
});

/** The bank reference, value date and sending account of a settlement marked done. */
export function BankTransferFields({
  draft,
  errors,
  onChange,
}: {
  draft: BankTransferDraft;
  errors: BankTransferErrors;
  onChange: (draft: BankTransferDraft, errors: BankTransferErrors) => void;
}) {
  const { t } = useTranslation();
  const set = (key: keyof BankTransferDraft, value: string) =>
    onChange({ ...draft, [key]: value }, { ...errors, [key]: undefined });
  return (
    <fieldset data-testid="bank-transfer">
      <legend className="fs-6 fw-semibold">{t('money.transfer.legend')}</legend>
      <FormField
        label={t('money.transfer.bankReference')}
        hint={t('money.transfer.bankReferenceHint')}
        value={draft.bankReference}
        maxLength={40}
        autoComplete="off"
        required
        error={errors.bankReference}
        onChange={(e) => set('bankReference', e.target.value)}
        data-testid="transfer-bankReference"
      />
      <FormField
        label={t('money.transfer.valueDate')}
        type="date"
        value={draft.valueDate}
        required
        error={errors.valueDate}
        onChange={(e) => set('valueDate', e.target.value)}
        data-testid="transfer-valueDate"
      />
      <FormField
        label={t('money.transfer.sendingAccount')}
        value={draft.sendingAccount}
        maxLength={60}
        autoComplete="off"
        error={errors.sendingAccount}
        onChange={(e) => set('sendingAccount', e.target.value)}
        data-testid="transfer-sendingAccount"
      />
    </fieldset>
  );
}
