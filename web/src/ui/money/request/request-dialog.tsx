import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readPositiveAmount, type MoneyRequestQuote } from '@bo/contract';
import { supportedCurrencyQuery } from '../../../lib/api/get-supported-currency';
import { announceSuccess } from '../../../lib/success-notes';
import { Dialog } from '../../dialog';
import { FormField } from '../../form-field';
import { fetchRequestQuote } from '../api/get-money-request-quote';
import { settlementSettingsQuery } from '../api/get-settlement-settings';
import { sendMoneyRequest } from '../api/send-money-request';
import { QuoteSummary } from './quote-summary';
import { ReviewFooter } from './review-footer';
import {
  RequestFields,
  SaveAccountCheck,
  SavedAccountSelect,
  SavedAccountsState,
  type FormErrors,
  type FormValues,
} from './request-form-fields';
import { newRequestKey } from './request-key';
import type { RequestKind } from './request-kinds';
import { NoWalletYet } from './no-wallet-yet';
import { currencyNameOf } from '../../../lib/currency-name';
import { SelectField } from '../../select-field';
import { useSubmit } from '../../use-submit';

interface Review {
  readonly quote: MoneyRequestQuote;
  readonly requestKey: string;
}

/**
 * A request for money to move (pay-out, settlement, withdrawal, top-up) in two steps: the form
 * (currency, amount, the kind's fields, checked in place), then its effect from the server's
 * quote (balance, fee, total, what remains) to confirm. The confirmed request carries a key
 * made for that review, so a double click or a retry creates it once.
 */
export function RequestDialog({ request, onClose }: { request: RequestKind; onClose: () => void }) {
  const { t } = useTranslation();
  const currencies = useQuery(supportedCurrencyQuery()).data ?? [];
  const saved = useQuery({
    ...settlementSettingsQuery(),
    enabled: !!request.savedBankAccounts || !!request.needsWallet,
  });
  const walletMissing = !!request.needsWallet && saved.isSuccess && !saved.data.wallet;
  const accounts = [...(saved.data?.bank_accounts ?? [])].sort(
    (a, b) => Number(b.is_default) - Number(a.is_default),
  );
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [review, setReview] = useState<Review | null>(null);
  const { isBusy: busy, error, run } = useSubmit();
  const failure = error?.message ?? null;
  const currency = values.currency || currencies[0]?.value || '';
  const savedAccount = values.bankAccountId ?? accounts[0]?.id ?? '';
  const typedFields = request.savedBankAccounts && savedAccount ? [] : request.fields;
  /** A settlement to an account typed here may save it for later requests. */
  const maySave = !!request.savedBankAccounts && !savedAccount;
  const change = (name: string, value: string) => {
    setValues({ ...values, [name]: value });
    setErrors({ ...errors, [name]: undefined });
  };
  const payload = (): Record<string, string> => ({
    ...Object.fromEntries(typedFields.map((f) => [f.name, (values[f.name] ?? '').trim()])),
    currency,
    amount: (values.amount ?? '').trim(),
    ...(request.savedBankAccounts && savedAccount ? { bankAccountId: savedAccount } : {}),
    ...(maySave && values.saveAccount === '1' ? { saveAccount: '1' } : {}),
  });
  const validate = (): FormErrors => {
    const found: FormErrors = {};
    const amount = readPositiveAmount((values.amount ?? '').trim(), currency);
    if (!(values.amount ?? '').trim()) found.amount = t('money.request.required');
    else if (!amount.ok) found.amount = t('money.request.badAmount', { currency });
    for (const field of typedFields)
      if (field.required && !(values[field.name] ?? '').trim())
        found[field.name] = t('money.request.required');
    return found;
  };
  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const sent = payload();
    void run(async () => {
      const quote = await fetchRequestQuote({
        kind: request.kind,
        currency: sent.currency!,
        amount: sent.amount!,
        merchantDbCode: sent.merchantDbCode,
      });
      setReview({ quote, requestKey: newRequestKey() });
    });
  };
  const confirm = () =>
    void run(async () => {
      await sendMoneyRequest(request.call, payload(), review!.requestKey);
      onClose();
      announceSuccess(t('money.request.sent'));
    });
  const title = t(`money.request.title.${request.kind}`);
  const footer = (
    <ReviewFooter
      reviewing={!!review}
      formId="request-form"
      busy={busy}
      confirmDisabled={!review?.quote.enough}
      reviewDisabled={walletMissing}
      confirmLabel={t('money.request.confirm')}
      testIdPrefix="request"
      onBack={() => setReview(null)}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
  return (
    <Dialog title={title} onClose={onClose} testId="request-dialog" footer={footer}>
      {failure && (
        <div className="alert alert-danger py-2 small" role="alert" data-testid="request-error">
          {failure}
        </div>
      )}
      {review ? (
        <>
          <p className="mb-2">{t('money.request.effect')}</p>
          <QuoteSummary quote={review.quote} />
        </>
      ) : (
        <form id="request-form" onSubmit={toReview} noValidate>
          {walletMissing && <NoWalletYet />}
          <SelectField
            id="request-currency"
            label={t('money.request.currency')}
            value={currency}
            onChange={(e) => change('currency', e.target.value)}
            data-testid="request-currency"
          >
            {currencies.map((option) => (
              <option key={option.value} value={option.value}>
                {currencyNameOf(t, option.value, option.name)}
              </option>
            ))}
          </SelectField>
          <FormField
            label={t('money.request.amount')}
            inputMode="decimal"
            value={values.amount ?? ''}
            error={errors.amount}
            onChange={(e) => change('amount', e.target.value)}
            data-testid="request-amount"
          />
          {request.savedBankAccounts && accounts.length > 0 && (
            <SavedAccountSelect
              accounts={accounts}
              value={savedAccount}
              onChange={(id) => change('bankAccountId', id)}
            />
          )}
          {request.savedBankAccounts && <SavedAccountsState state={saved.status} />}
          <RequestFields fields={typedFields} values={values} errors={errors} onChange={change} />
          {maySave && (
            <SaveAccountCheck
              checked={values.saveAccount === '1'}
              onChange={(on) => change('saveAccount', on ? '1' : '')}
            />
          )}
        </form>
      )}
    </Dialog>
  );
}
