import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_MOVEMENTS, type ContractMovement } from '@bo/contract';
import type { ContractErrors } from './contract-refusal';
import { MOVEMENT_FIELDS, REFUND_FIELDS, type RateDraft, type RateField } from './rate-draft';

/**
 * The rate inputs of a contract version, one fieldset per movement (the merchant's rate, the
 * reseller's beneath it), then the refund fee (the merchant's rate only), each with the server's
 * refusal beside it. Decimals stay text.
 */
export function RateFieldsets({
  draft,
  errors,
  onChange,
}: {
  draft: RateDraft;
  errors: ContractErrors;
  onChange: (field: RateField, value: string) => void;
}) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const field = (name: RateField) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    return (
      <div key={name} className="col-6 col-md-4">
        <label className="form-label small mb-1" htmlFor={id}>
          {t(`contracts.fields.${name}`)}
        </label>
        <input
          id={id}
          className={`form-control form-control-sm ${error ? 'is-invalid' : ''}`}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          value={draft[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(name, e.target.value)}
          data-testid={`rate-${name}`}
        />
        {error && (
          <div id={`${id}-error`} className="invalid-feedback" data-testid={`rate-${name}-error`}>
            {error}
          </div>
        )}
      </div>
    );
  };
  const movement = (m: ContractMovement) => (
    <fieldset key={m} className="mb-3">
      <legend className="fs-6 fw-semibold">{t(`contracts.movement.${m}`)}</legend>
      <div className="row g-2">{MOVEMENT_FIELDS[m].map(field)}</div>
    </fieldset>
  );
  return (
    <>
      {CONTRACT_MOVEMENTS.map(movement)}
      <fieldset className="mb-3" aria-describedby={`${idPrefix}-refund-note`}>
        <legend className="fs-6 fw-semibold">{t('contracts.movement.refund')}</legend>
        <div className="row g-2">{REFUND_FIELDS.map(field)}</div>
        <div id={`${idPrefix}-refund-note`} className="form-text">
          {t('contracts.refundNote')}
        </div>
      </fieldset>
    </>
  );
}

/**
 * When a version starts, typed in the viewer's local time (empty: now), with the server's
 * refusal or the form's own beside it.
 */
export function EffectiveFromField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="mb-3">
      <label className="form-label small mb-1" htmlFor={id}>
        {t('contracts.edit.effectiveFrom')}
      </label>
      <input
        id={id}
        type="datetime-local"
        className={`form-control form-control-sm ${error ? 'is-invalid' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => onChange(e.target.value)}
        data-testid="rate-effective"
      />
      {error ? (
        <div id={`${id}-note`} className="invalid-feedback" data-testid="rate-effective-error">
          {error}
        </div>
      ) : (
        <div id={`${id}-note`} className="form-text">
          {t('contracts.edit.effectiveHint')}
        </div>
      )}
    </div>
  );
}
