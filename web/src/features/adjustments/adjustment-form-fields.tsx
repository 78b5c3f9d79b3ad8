import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADJUSTMENT_BALANCES,
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_REASONS,
  ADJUSTMENT_TEXT_LIMITS,
  type AdjustmentBalance,
  type AdjustmentDirection,
  type AdjustmentReason,
} from '@bo/contract';
import { currencyNameOf } from '../../lib/currency-name';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';

/** The form as typed: every field a text, the choices among the contract's values. */
export interface AdjustmentDraft {
  readonly ownerDbCode: string;
  readonly direction: AdjustmentDirection;
  readonly balance: AdjustmentBalance;
  readonly currency: string;
  readonly amount: string;
  readonly reasonCode: AdjustmentReason | '';
  readonly note: string;
  readonly relatedId: string;
}

export type DraftErrors = Partial<Record<keyof AdjustmentDraft, string>>;

/**
 * The adjustment form's fields: whose balance (its code), credit or debit, which balance, the
 * currency and amount, the reason, the note the approvers read and the transaction it corrects.
 */
export function AdjustmentFormFields({
  draft,
  errors,
  currencies,
  onChange,
}: {
  draft: AdjustmentDraft;
  errors: DraftErrors;
  currencies: readonly { value: string; name: string }[];
  onChange: <K extends keyof AdjustmentDraft>(name: K, value: AdjustmentDraft[K]) => void;
}) {
  const { t } = useTranslation();
  const radioName = useId();
  return (
    <>
      <FormField
        label={t('adjustments.form.owner')}
        hint={t('adjustments.form.ownerHint')}
        value={draft.ownerDbCode}
        maxLength={ADJUSTMENT_TEXT_LIMITS.ownerDbCode}
        dir="ltr"
        error={errors.ownerDbCode}
        onChange={(e) => onChange('ownerDbCode', e.target.value)}
        name="ownerDbCode"
        data-testid="adjustment-owner"
      />
      <fieldset className="mb-3">
        <legend className="form-label fw-medium fs-6">{t('adjustments.form.direction')}</legend>
        {ADJUSTMENT_DIRECTIONS.map((d) => (
          <div className="form-check form-check-inline" key={d}>
            <input
              className="form-check-input"
              type="radio"
              name={radioName}
              id={`${radioName}-${d}`}
              checked={draft.direction === d}
              onChange={() => onChange('direction', d)}
              data-testid={`adjustment-direction-${d}`}
            />
            <label className="form-check-label" htmlFor={`${radioName}-${d}`}>
              {t(`money.adjustmentDirection.${d}`)}
            </label>
          </div>
        ))}
      </fieldset>
      <SelectField
        label={t('adjustments.form.balance')}
        value={draft.balance}
        onChange={(e) => onChange('balance', e.target.value as AdjustmentBalance)}
        name="balance"
        data-testid="adjustment-balance"
      >
        {ADJUSTMENT_BALANCES.map((b) => (
          <option key={b} value={b}>
            {t(`adjustments.balance.${b}`)}
          </option>
        ))}
      </SelectField>
      <div className="row">
        <div className="col-sm">
          <SelectField
            label={t('money.request.currency')}
            value={draft.currency}
            onChange={(e) => onChange('currency', e.target.value)}
            name="currency"
            data-testid="adjustment-currency"
          >
            {currencies.map((option) => (
              <option key={option.value} value={option.value}>
                {currencyNameOf(t, option.value, option.name)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="col-sm">
          <FormField
            label={t('money.request.amount')}
            inputMode="decimal"
            dir="ltr"
            value={draft.amount}
            error={errors.amount}
            onChange={(e) => onChange('amount', e.target.value)}
            name="amount"
            data-testid="adjustment-amount"
          />
        </div>
      </div>
      <SelectField
        label={t('adjustments.form.reason')}
        value={draft.reasonCode}
        error={errors.reasonCode}
        onChange={(e) => onChange('reasonCode', e.target.value as AdjustmentReason | '')}
        name="reasonCode"
        data-testid="adjustment-reason"
      >
        <option value="">{t('money.chooseReason')}</option>
        {ADJUSTMENT_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`money.adjustmentReason.${r}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('adjustments.form.note')}
        hint={t('adjustments.form.noteHint')}
        rows={2}
        value={draft.note}
        maxLength={ADJUSTMENT_TEXT_LIMITS.note}
        error={errors.note}
        onChange={(e) => onChange('note', e.target.value)}
        name="note"
        data-testid="adjustment-note"
      />
      <FormField
        label={t('adjustments.form.related')}
        hint={t('adjustments.form.relatedHint')}
        value={draft.relatedId}
        maxLength={ADJUSTMENT_TEXT_LIMITS.relatedId}
        dir="ltr"
        onChange={(e) => onChange('relatedId', e.target.value)}
        name="relatedId"
        data-testid="adjustment-related"
      />
    </>
  );
}
