import { useTranslation } from 'react-i18next';
import type { SettlementBankAccountRow } from '@bo/contract';
import { FormField } from '../../form-field';
import type { RequestField } from './request-kinds';
import { SelectField } from '../../select-field';

export type FormValues = Record<string, string>;
export type FormErrors = Record<string, string | undefined>;

/** The saved bank account choice of a settlement ("" = type another account below). */
export function SavedAccountSelect({
  accounts,
  value,
  onChange,
}: {
  accounts: readonly SettlementBankAccountRow[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('money.request.savedAccount')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid="request-bankAccountId"
    >
      {accounts.map((account) => (
        <option key={account.id} value={account.id}>
          {account.bank_name} · {account.account_holder} · {account.account_number}
          {account.is_default ? ` (${t('money.request.default')})` : ''}
        </option>
      ))}
      <option value="">{t('money.request.otherAccount')}</option>
    </SelectField>
  );
}

/** The text fields of a request form, each labelled and with its message in place. */
export function RequestFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly RequestField[];
  values: FormValues;
  errors: FormErrors;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((field) => (
        <FormField
          key={field.name}
          label={t(`money.request.field.${field.name}`)}
          value={values[field.name] ?? ''}
          maxLength={field.maxLength}
          error={errors[field.name]}
          onChange={(e) => onChange(field.name, e.target.value)}
          data-testid={`request-${field.name}`}
        />
      ))}
    </>
  );
}

/** "Save this account": the details typed for a settlement are also kept as a saved account. */
export function SaveAccountCheck({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-check mb-3">
      <input
        id="request-saveAccount"
        type="checkbox"
        className="form-check-input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid="request-saveAccount"
      />
      <label htmlFor="request-saveAccount" className="form-check-label">
        {t('money.request.saveAccount')}
      </label>
    </div>
  );
}

/** Where the saved accounts stand while they load or when they could not be read. */
export function SavedAccountsState({ state }: { state: 'pending' | 'error' | 'success' }) {
  const { t } = useTranslation();
  if (state === 'success') return null;
  return (
    <p
      className={`small ${state === 'error' ? 'text-danger' : 'text-muted'}`}
      role={state === 'error' ? 'alert' : 'status'}
      data-testid="request-saved-state"
    >
      {t(state === 'error' ? 'money.request.savedFailed' : 'money.request.savedLoading')}
    </p>
  );
}
