import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  DEFAULT_MODULES,
  MODULES,
  type ManagedAccountRow,
  type ModuleName,
} from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import { announceSuccess } from '../../lib/success-notes';
import { isolate } from '../../lib/bidi';
import { FormDialog } from '../../ui/form-dialog';
import type { FormError } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import { sendCreateAccount } from './api/create-account';
import { resellerChoicesQuery } from '../../lib/api/get-reseller-choices';
import { sendUpdateAccount } from './api/update-account';
import { CheckboxGroup } from '../../ui/checkbox-group';
import { useSubmit } from '../../ui/use-submit';

type Kind = 'reseller' | 'merchant';

/** Modules an account of each type may be given (the server refuses the others). */
const GRANTABLE: Record<Kind, readonly ModuleName[]> = {
  reseller: MODULES.filter((m) => m !== 'administrator'),
  merchant: MODULES.filter((m) => m !== 'administrator' && m !== 'account_management'),
};

/** What the form sends: an update of `account`, or a new account of `kind`. */
async function sendAccountForm(
  form: FormData,
  {
    kind,
    account,
    fixedResellerDbCode,
    modules,
    currencies,
  }: {
    kind: Kind;
    account: ManagedAccountRow | undefined;
    fixedResellerDbCode: string | undefined;
    modules: readonly string[];
    currencies: readonly string[];
  },
) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const common = {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    telegram: text('telegram'),
    modules: modules as ModuleName[],
    currencies: [...currencies],
  };
  return account
    ? await sendUpdateAccount({ accountDbCode: account.account_db_code, ...common })
    : await sendCreateAccount({
        ...common,
        accountType: kind,
        username: text('username'),
        temporaryPassword: String(form.get('temporaryPassword') ?? ''),
        resellerDbCode: fixedResellerDbCode ?? (text('resellerDbCode') || undefined),
      });
}

/**
 * Creates a reseller or merchant (with a temporary password it must change at its first
 * sign-in) or edits one (`account` given). The server's refusal shows in the form, which keeps
 * what was typed.
 */
export function AccountFormDialog({
  kind,
  account,
  fixedResellerDbCode,
  onClose,
  onSaved,
}: {
  kind: Kind;
  account?: ManagedAccountRow;
  /** A new merchant goes under this reseller (the from-reseller list). */
  fixedResellerDbCode?: string;
  onClose: () => void;
  onSaved: (row: { account_db_code: string }) => void;
}) {
  const { t } = useTranslation();
  const viewer = useSessionUser();
  const isAdmin = viewer?.account_type === 'admin';
  const picksReseller = kind === 'merchant' && !account && isAdmin && !fixedResellerDbCode;
  const grantable = GRANTABLE[kind].filter(
    (m) => isAdmin || viewer?.modules.some((held) => held.name === m),
  );
  const [modules, setModules] = useState<readonly string[]>(
    account?.modules ?? DEFAULT_MODULES[kind].filter((m) => grantable.includes(m)),
  );
  const [currencies, setCurrencies] = useState<readonly string[]>(account?.currencies ?? []);
  const [ownError, setOwnError] = useState<string | null>(null);
  const submitting = useSubmit();
  const { isBusy } = submitting;
  const error: FormError = ownError ?? submitting.error;

  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    setOwnError(modules.length === 0 ? t('accounts.form.needsModule') : null);
    if (modules.length === 0) return;
    const saved = await submitting.run(() =>
      sendAccountForm(form, { kind, account, fixedResellerDbCode, modules, currencies }),
    );
    if (!saved) return;
    announceSuccess(
      account
        ? t('feedback.success.accountSaved', { name: isolate(saved.name) })
        : t(`feedback.success.${kind}Created`, { name: isolate(saved.name) }),
    );
    onSaved(saved);
    onClose();
  };

  const title = account
    ? t('accounts.form.editTitle', { code: account.account_db_code })
    : t(kind === 'reseller' ? 'accounts.form.newReseller' : 'accounts.form.newMerchant');
  return (
    <FormDialog
      title={title}
      size="lg"
      testId="account-form"
      submitLabel={t(account ? 'accounts.form.save' : 'accounts.form.create')}
      submitTestId="account-form-save"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
      error={error}
      errorTestId="account-form-error"
    >
      <AccountFields account={account} picksReseller={picksReseller} />
      <CheckboxGroup
        legend={t('accounts.fields.modules')}
        name="modules"
        choices={grantable.map((m) => ({ value: m, label: t(`accounts.modules.${m}`) }))}
        selected={modules}
        onChange={setModules}
      />
      <CheckboxGroup
        legend={t('accounts.fields.currencies')}
        name="currencies"
        choices={CURRENCIES.map((c) => ({ value: c.code, label: c.code }))}
        selected={currencies}
        onChange={setCurrencies}
      />
    </FormDialog>
  );
}

/** The account's own fields; a new one's username and temporary password, maybe its reseller. */
function AccountFields({
  account,
  picksReseller,
}: {
  account: ManagedAccountRow | undefined;
  picksReseller: boolean;
}) {
  const { t } = useTranslation();
  const resellers = useQuery({ ...resellerChoicesQuery(), enabled: picksReseller });
  return (
    <div className="row">
      <FormField
        className="col-md-6"
        label={t('accounts.fields.name')}
        name="name"
        required
        defaultValue={account?.name}
        data-testid="account-name"
      />
      <FormField
        className="col-md-6"
        label={t('accounts.fields.email')}
        name="email"
        type="email"
        required
        defaultValue={account?.email}
        data-testid="account-email"
      />
      {!account && (
        <FormField
          className="col-md-6"
          label={t('accounts.fields.username')}
          name="username"
          required
          autoComplete="off"
          data-testid="account-username"
        />
      )}
      <FormField
        className="col-md-6"
        label={t('accounts.fields.phone')}
        name="phone"
        defaultValue={account?.phone}
        data-testid="account-phone"
      />
      <FormField
        className="col-md-6"
        label={t('accounts.fields.telegram')}
        name="telegram"
        placeholder="@name"
        defaultValue={account?.telegram_id}
        data-testid="account-telegram"
      />
      {!account && (
        <FormField
          className="col-md-6"
          label={t('accounts.fields.temporaryPassword')}
          name="temporaryPassword"
          type="password"
          required
          autoComplete="new-password"
          hint={t('accounts.form.temporaryPasswordHint')}
          data-testid="account-password"
        />
      )}
      {picksReseller && (
        <SelectField
          className="col-md-6"
          label={t('accounts.fields.reseller')}
          name="resellerDbCode"
          data-testid="account-reseller"
        >
          <option value="">{t('accounts.form.noReseller')}</option>
          {resellers.data?.rows.map((r) => (
            <option key={r.account_db_code} value={r.account_db_code}>
              {r.name} ({r.account_db_code})
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}
