import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  isWithinBand,
  parseUsdtRate,
  percentChange,
  USDT_RATE_CURRENCIES,
  type UsdtRateRow,
} from '@bo/contract';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { PercentText } from '../../ui/money/setting-changes/setting-change-text';
import { approvalSettingsQuery } from '../../ui/money/api/get-approval-settings';
import { sendChangeUsdtRate, type UsdtRateChangeAnswer } from './api/change-usdt-rate';
import { SelectField } from '../../ui/select-field';
import { useSubmit } from '../../ui/use-submit';
import { DialogFooter } from '../../ui/dialog-footer';

export interface RateDraft {
  readonly currency: string;
  readonly rate: string;
  readonly reason: string;
}

type ErrorKey = `administration.usdt.errors.${'currency' | 'rate' | 'same' | 'reason'}`;
type Errors = Partial<Record<keyof RateDraft, ErrorKey>>;

/** What is wrong with a draft, field by field (the server checks the same again). */
function errorsOf(draft: RateDraft, current: string | undefined): Errors {
  const errors: Errors = {};
  if (!draft.currency) errors.currency = 'administration.usdt.errors.currency';
  const read = parseUsdtRate(draft.rate);
  if (!read.ok) errors.rate = 'administration.usdt.errors.rate';
  else if (current !== undefined && read.ok && parseUsdtRate(current).ok) {
    const now = parseUsdtRate(current);
    if (now.ok && now.rateE8 === read.rateE8) errors.rate = 'administration.usdt.errors.same';
  }
  if (!draft.reason.trim()) errors.reason = 'administration.usdt.errors.reason';
  return errors;
}

/** The rate in force and the one asked as ×10^8 (null when either is not a rate). */
function ratesOf(current: string | undefined, asked: string) {
  const before = current === undefined ? null : parseUsdtRate(current);
  const after = parseUsdtRate(asked);
  if (!after.ok) return null;
  return { before: before?.ok ? before.rateE8 : null, after: after.rateE8 };
}

/**
 * Whether the change waits for a second admin: beyond the band of the reviewed rate (the last
 * one a second admin approved, not the rate in force), or a currency's first rate (the server
 * decides again with the band it reads).
 */
function BandNote({ reviewed, asked }: { reviewed: string | undefined; asked: string }) {
  const { t } = useTranslation();
  const band = useQuery(approvalSettingsQuery()).data?.usdt_rate_band_percent;
  const rates = ratesOf(reviewed, asked);
  if (band === undefined || !rates) return null;
  if (rates.before === null)
    return (
      <div className="alert alert-warning small mb-2" data-testid="usdt-rate-first">
        {t('administration.usdt.confirm.firstRate')}
      </div>
    );
  const within = isWithinBand(rates.before, rates.after, band);
  return (
    <div
      className={`alert ${within ? 'alert-info' : 'alert-warning'} small mb-2`}
      data-testid={within ? 'usdt-rate-within-band' : 'usdt-rate-beyond-band'}
    >
      {t(
        within
          ? 'administration.usdt.confirm.withinBand'
          : 'administration.usdt.confirm.beyondBand',
        { band, reviewed },
      )}
    </div>
  );
}

/**
 * Asks before the change: the currency, the rate in force, the new one, the percentage between
 * them and the reason, and whether it applies at once or waits for a second admin.
 */
function ConfirmRateChange({
  draft,
  current,
  reviewed,
  onClose,
  onDone,
}: {
  draft: RateDraft;
  current: string | undefined;
  /** The last rate a second admin approved, which the band is measured from. */
  reviewed: string | undefined;
  onClose: () => void;
  onDone: (answer: UsdtRateChangeAnswer) => void;
}) {
  const { t } = useTranslation();
  const { isBusy, run } = useSubmit();
  const rates = ratesOf(current, draft.rate.trim());
  const confirm = async () => {
    // A refusal is shown (the popup says why); the dialog stays for another try or Cancel.
    const row = await run(() =>
      sendChangeUsdtRate({
        currency: draft.currency,
        rate: draft.rate.trim(),
        reason: draft.reason.trim(),
      }),
    );
    if (row) onDone(row);
  };
  return (
    <Dialog
      title={t('administration.usdt.confirm.title', { currency: draft.currency })}
      onClose={isBusy ? () => undefined : onClose}
      testId="usdt-rate-confirm"
      footer={
        <DialogFooter
          busy={isBusy}
          onCancel={onClose}
          action={{
            label: t('administration.usdt.confirm.button'),
            className: 'btn-danger',
            onClick: () => void confirm(),
            testId: 'usdt-rate-confirm-yes',
          }}
        />
      }
    >
      <dl className="row mb-2">
        <dt className="col-5">{t('administration.usdt.confirm.from')}</dt>
        <dd className="col-7 font-monospace">
          <bdi>{current ?? t('administration.usdt.confirm.noRate')}</bdi>
        </dd>
        <dt className="col-5">{t('administration.usdt.confirm.to')}</dt>
        <dd className="col-7 font-monospace fw-semibold" data-testid="usdt-rate-confirm-new">
          <bdi>{draft.rate.trim()}</bdi>
        </dd>
        <dt className="col-5">{t('administration.usdt.confirm.change')}</dt>
        <dd className="col-7 fw-semibold" data-testid="usdt-rate-confirm-percent">
          <PercentText value={rates ? percentChange(rates.before, rates.after) : null} />
        </dd>
        <dt className="col-5">{t('administration.usdt.confirm.reason')}</dt>
        <dd className="col-7 text-break">{draft.reason.trim()}</dd>
      </dl>
      <BandNote reviewed={reviewed} asked={draft.rate.trim()} />
      <p className="small text-muted mb-0">{t('administration.usdt.confirm.note')}</p>
    </Dialog>
  );
}

/**
 * The change form: currency, new rate and reason, checked in place, then confirmed in a
 * dialog before it is sent. `draft` and `setDraft` live in the page so that a rate's Change
 * button can fill the currency in.
 */
export function UsdtRateForm({
  rates,
  draft,
  setDraft,
  onChanged,
}: {
  rates: readonly UsdtRateRow[];
  draft: RateDraft;
  setDraft: (draft: RateDraft) => void;
  onChanged: (answer: UsdtRateChangeAnswer) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const row = rates.find((r) => r.currency === draft.currency);
  const current = row?.rate;
  const review = (e: FormEvent) => {
    e.preventDefault();
    const errors = errorsOf(draft, current);
    setShown(errors);
    if (Object.keys(errors).length === 0) setConfirming(true);
  };
  const error = (field: keyof RateDraft) => (shown[field] ? t(shown[field]) : null);
  return (
    <form onSubmit={review} noValidate data-testid="usdt-rate-form">
      <SelectField
        id="usdt-rate-currency"
        label={t('administration.usdt.currency')}
        value={draft.currency}
        error={error('currency')}
        onChange={(e) => setDraft({ ...draft, currency: e.target.value })}
        data-testid="usdt-rate-currency"
      >
        <option value="">{t('administration.usdt.chooseCurrency')}</option>
        {USDT_RATE_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <FormField
        label={t('administration.usdt.rate')}
        hint={t('administration.usdt.rateHint')}
        inputMode="decimal"
        value={draft.rate}
        error={error('rate')}
        onChange={(e) => setDraft({ ...draft, rate: e.target.value })}
        data-testid="usdt-rate-value"
      />
      <FormField
        label={t('administration.usdt.reason')}
        hint={t('administration.usdt.reasonHint')}
        maxLength={300}
        value={draft.reason}
        error={error('reason')}
        onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
        data-testid="usdt-rate-reason"
      />
      <button type="submit" className="btn btn-primary" data-testid="usdt-rate-review">
        {t('administration.usdt.review')}
      </button>
      {confirming && (
        <ConfirmRateChange
          draft={draft}
          current={current}
          reviewed={row?.reviewed_rate}
          onClose={() => setConfirming(false)}
          onDone={(row) => {
            setConfirming(false);
            onChanged(row);
          }}
        />
      )}
    </form>
  );
}
