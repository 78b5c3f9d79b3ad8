import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyInfo, readAmount } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { ApprovalSaveButton } from './approval-save-button';
import { ApprovalCurrencyField } from './approval-currency-field';
import type { ApprovalSettingsAnswer } from '../../ui/money/api/get-approval-settings';
import type { ApprovalSetting, SendApprovalRequest } from './use-approval-request';

type Threshold = ApprovalSettingsAnswer['thresholds'][number];

/**
 * Per currency, the amount from which a pay-out, settlement or withdrawal needs two approvers
 * (0: every amount): the form for one currency, then the table whose Edit picks a currency.
 */
export function ApprovalThresholds({
  thresholds,
  busy,
  send,
}: {
  thresholds: readonly Threshold[];
  busy: ApprovalSetting | null;
  send: SendApprovalRequest;
}) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState(thresholds[0]?.currency ?? '');
  const [amount, setAmount] = useState(thresholds[0]?.min_amount ?? '');
  const [amountError, setAmountError] = useState<string | null>(null);

  const saveThreshold = async (event: FormEvent) => {
    event.preventDefault();
    const text = amount.trim();
    if (!readAmount(text, currency).ok) {
      setAmountError(
        t('platformSettings.errors.amount', { decimals: currencyInfo(currency).scale }),
      );
      return;
    }
    setAmountError(
      await send(
        'threshold',
        t('platformSettings.approvals.confirmThreshold', { currency, amount: text }),
        { currency, minAmount: text },
      ),
    );
  };

  const pick = (code: string) => {
    setCurrency(code);
    setAmount(thresholds.find((r) => r.currency === code)?.min_amount ?? '0');
    setAmountError(null);
  };

  return (
    <>
      <form className="row" onSubmit={(e) => void saveThreshold(e)} noValidate>
        <ApprovalCurrencyField
          name="threshold-currency"
          className="col-sm-4"
          currencies={thresholds}
          value={currency}
          onPick={pick}
        />
        <div className="col-sm-8">
          <FormField
            label={t('platformSettings.approvals.threshold')}
            hint={t('platformSettings.approvals.thresholdHint')}
            inputMode="decimal"
            dir="ltr"
            value={amount}
            error={amountError}
            onChange={(e) => {
              setAmount(e.target.value);
              setAmountError(null);
            }}
            data-testid="threshold-amount"
          />
        </div>
        <div className="col-12 mb-3">
          <ApprovalSaveButton setting="threshold" busy={busy} testId="threshold-save" />
        </div>
      </form>
      <ThresholdsTable thresholds={thresholds} onEdit={pick} />
    </>
  );
}

/** Every currency's threshold, the defaults marked; Edit puts a row in the form. */
function ThresholdsTable({
  thresholds,
  onEdit,
}: {
  thresholds: readonly Threshold[];
  onEdit: (currency: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive" style={{ maxHeight: 320 }}>
      <table className="table table-sm table-hover align-middle mb-0" data-testid="thresholds">
        <thead className="sticky-top">
          <tr>
            <th>{t('platformSettings.approvals.currency')}</th>
            <th className="text-end">{t('platformSettings.approvals.threshold')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {thresholds.map((r) => (
            <tr key={r.currency} data-testid={`threshold-${r.currency}`}>
              <td>{r.currency}</td>
              <td className="text-end font-monospace" dir="ltr">
                {r.min_amount}
              </td>
              <td className="text-end">
                {r.is_default && (
                  <span className="badge bg-secondary-subtle text-secondary-emphasis me-2">
                    {t('platformSettings.approvals.everyAmount')}
                  </span>
                )}
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => onEdit(r.currency)}
                >
                  {t('platformSettings.approvals.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
