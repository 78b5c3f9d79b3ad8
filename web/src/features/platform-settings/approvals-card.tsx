import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currencyInfo,
  MAX_APPROVAL_EXPIRY_HOURS,
  readAmount,
  USDT_RATE_BAND_BOUNDS,
} from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { describeFieldProblem } from '../../lib/field-problem';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { SettingsCard } from '../../ui/settings-card';
import {
  keepApprovalSettings,
  type ApprovalSettingsAnswer,
} from '../../ui/money/api/get-approval-settings';
import { sendSetApprovalSettings } from './api/set-approval-settings';
import { WholeNumberForm } from './whole-number-form';
import { refreshSettingViews } from '../../ui/money/api/get-pending-setting-changes';
import { SelectField } from '../../ui/select-field';

type Busy = 'expiry' | 'band' | 'threshold' | null;

/**
 * Maker-checker: the hours a request waits before the expiry sweep rejects it, and per currency
 * the amount from which a pay-out, settlement or withdrawal needs two approvers (0: every
 * amount), and the band within which a USDT rate change applies at once. Each is asked for
 * through setApprovalSettings after a confirmation, with the reason the second admin reads
 * (required, one field for the card), and applies once a second admin approves it in the
 * approvals queue (guarded settings); the server logs them.
 */
export function ApprovalsCard({ settings }: { settings: ApprovalSettingsAnswer }) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState(settings.thresholds[0]?.currency ?? '');
  const [amount, setAmount] = useState(settings.thresholds[0]?.min_amount ?? '');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  /** Confirms and asks for the change; answers the server's refusal (shown by the field). */
  const send = async (
    which: Busy,
    question: string,
    request: Record<string, string>,
  ): Promise<string | null> => {
    if (!reason.trim()) {
      setReasonError(t('platformSettings.approvals.reasonRequired'));
      return null;
    }
    if (!(await confirmAction(question, t('platformSettings.save')))) return null;
    setBusy(which);
    try {
      const saved = await sendSetApprovalSettings({ ...request, reason: reason.trim() });
      keepApprovalSettings(saved);
      setReason('');
      void refreshSettingViews();
      announceSuccess(
        t(
          saved.pending_changes.length
            ? 'platformSettings.approvals.waiting'
            : 'platformSettings.saved',
        ),
      );
      return null;
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      // A refused reason shows under the reason; any other refusal under the setting's field.
      if (failure.field?.field === 'reason') {
        setReasonError(describeFieldProblem(failure.field, t));
        return null;
      }
      return failure.message;
    } finally {
      setBusy(null);
    }
  };

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
    setAmount(settings.thresholds.find((r) => r.currency === code)?.min_amount ?? '0');
    setAmountError(null);
  };

  return (
    <SettingsCard
      className="mb-3"
      testId="approval-settings"
      icon="bi-people"
      title={t('platformSettings.cards.approvals.title')}
      text={t('platformSettings.cards.approvals.text')}
    >
      <p className="small text-muted" data-testid="approvals-second-admin">
        {t('platformSettings.approvals.secondAdmin')}
      </p>
      <FormField
        label={t('platformSettings.approvals.reason')}
        hint={t('platformSettings.approvals.reasonHint')}
        maxLength={300}
        value={reason}
        error={reasonError}
        onChange={(e) => {
          setReason(e.target.value);
          setReasonError(null);
        }}
        data-testid="approval-settings-reason"
      />
      <hr />
      <WholeNumberForm
        label={t('platformSettings.approvals.expiry')}
        hint={t('platformSettings.approvals.expiryHint')}
        saved={settings.expiry_hours}
        bounds={[1, MAX_APPROVAL_EXPIRY_HOURS]}
        isBusy={busy === 'expiry'}
        isLocked={busy !== null}
        onSave={(n) =>
          send('expiry', t('platformSettings.approvals.confirmExpiry', { hours: n }), {
            expiryHours: String(n),
          })
        }
        testId="expiryHours"
      />
      <hr />
      <WholeNumberForm
        label={t('platformSettings.approvals.band')}
        hint={t('platformSettings.approvals.bandHint')}
        saved={settings.usdt_rate_band_percent}
        bounds={USDT_RATE_BAND_BOUNDS}
        isBusy={busy === 'band'}
        isLocked={busy !== null}
        onSave={(n) =>
          send('band', t('platformSettings.approvals.confirmBand', { percent: n }), {
            usdtRateBandPercent: String(n),
          })
        }
        testId="usdtRateBandPercent"
      />
      <hr />
      <form className="row" onSubmit={(e) => void saveThreshold(e)} noValidate>
        <SelectField
          id="threshold-currency"
          label={t('platformSettings.approvals.currency')}
          className="col-sm-4"
          value={currency}
          onChange={(e) => pick(e.target.value)}
          data-testid="threshold-currency"
        >
          {settings.thresholds.map((r) => (
            <option key={r.currency} value={r.currency}>
              {r.currency}
            </option>
          ))}
        </SelectField>
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
          <BusyButton
            type="submit"
            className="btn-primary"
            isBusy={busy === 'threshold'}
            disabled={busy !== null}
            data-testid="threshold-save"
          >
            {t('platformSettings.save')}
          </BusyButton>
        </div>
      </form>
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
            {settings.thresholds.map((r) => (
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
                    onClick={() => pick(r.currency)}
                  >
                    {t('platformSettings.approvals.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SettingsCard>
  );
}
