import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractMovement, ContractRateLine } from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { BusyButton } from '../../ui/busy-button';
import { Dialog } from '../../ui/dialog';
import { sendCreateContract } from './api/create-contract';
import { refreshContracts } from './api/get-reseller-contract-rates';
import { FeePreviewPanel } from './fee-preview-panel';
import {
  changesOf,
  draftFields,
  draftOf,
  effectiveInstant,
  MOVEMENT_FIELDS,
  type RateDraft,
  type RateField,
} from './rate-draft';

/**
 * An admin edits a contract line's rates as a NEW version from an effective date (now or
 * later; the old version stays for the movements it priced). The preview follows the draft;
 * saving first shows the old and new rates side by side and asks to confirm.
 */
export function RateEditDialog({
  line,
  onClose,
  onSaved,
}: {
  line: ContractRateLine;
  onClose: () => void;
  onSaved: (version: number) => void;
}) {
  const { t } = useTranslation();
  const [before] = useState(() => draftOf(line));
  const [draft, setDraft] = useState<RateDraft>(before);
  const [effective, setEffective] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changes = changesOf(before, draft);
  const instant = effectiveInstant(effective);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await sendCreateContract({
        merchantDbCode: line.merchant_db_code,
        currency: line.currency,
        ...(line.payment_gateway_code ? { paymentGatewayCode: line.payment_gateway_code } : {}),
        ...(instant ? { effectiveFrom: instant } : {}),
        ...draftFields(draft),
      });
      await refreshContracts();
      onSaved(saved.version);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
      setReviewing(false);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: RateField) => (
    <div key={name} className="col-6 col-md-4">
      <label className="form-label small mb-1" htmlFor={`rate-${name}`}>
        {t(`contracts.fields.${name}`)}
      </label>
      <input
        id={`rate-${name}`}
        className="form-control form-control-sm"
        inputMode="decimal"
        value={draft[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        data-testid={`rate-${name}`}
      />
    </div>
  );
  const movement = (m: ContractMovement) => (
    <fieldset key={m} className="mb-3">
      <legend className="fs-6 fw-semibold">{t(`contracts.movement.${m}`)}</legend>
      <div className="row g-2">{MOVEMENT_FIELDS[m].map(field)}</div>
    </fieldset>
  );

  const title = t('contracts.edit.title', {
    merchant: line.merchant_db_code,
    currency: line.currency,
  });
  if (reviewing)
    return (
      <Dialog
        title={t('contracts.edit.reviewTitle')}
        onClose={() => setReviewing(false)}
        testId="rate-review"
        footer={
          <>
            <button type="button" className="btn btn-light" onClick={() => setReviewing(false)}>
              {t('contracts.edit.back')}
            </button>
            <BusyButton
              className="btn btn-primary"
              isBusy={busy}
              busyLabel={t('contracts.edit.saving')}
              onClick={() => void save()}
              data-testid="rate-confirm"
            >
              {t('contracts.edit.confirm')}
            </BusyButton>
          </>
        }
      >
        <p>
          {t('contracts.edit.reviewIntro', {
            merchant: line.merchant_db_code,
            currency: line.currency,
          })}{' '}
          <strong>
            {instant
              ? new Date(instant).toISOString().replace('.000Z', 'Z')
              : t('contracts.edit.now')}
          </strong>
        </p>
        <table className="table table-sm">
          <thead>
            <tr>
              <th>{t('contracts.edit.field')}</th>
              <th className="text-end">{t('contracts.edit.old')}</th>
              <th className="text-end">{t('contracts.edit.new')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field} data-testid="rate-change">
                <td>{t(`contracts.fields.${c.field}`)}</td>
                <td className="text-end">
                  <bdi>{c.before || '—'}</bdi>
                </td>
                <td className="text-end fw-semibold">
                  <bdi>{c.after || '—'}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Dialog>
    );

  return (
    <Dialog
      title={title}
      onClose={onClose}
      size="xl"
      testId="rate-edit"
      footer={
        <>
          <button type="button" className="btn btn-light" onClick={onClose}>
            {t('contracts.edit.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={changes.length === 0 || instant === null}
            onClick={() => setReviewing(true)}
            data-testid="rate-review-button"
          >
            {t('contracts.edit.review')}
          </button>
        </>
      }
    >
      {error && (
        <div className="alert alert-danger py-2" role="alert" data-testid="rate-error">
          {error}
        </div>
      )}
      <p className="small text-muted">{t('contracts.edit.intro')}</p>
      <div className="row">
        <div className="col-lg-7">
          <div className="mb-3">
            <label className="form-label small mb-1" htmlFor="rate-effective">
              {t('contracts.edit.effectiveFrom')}
            </label>
            <input
              id="rate-effective"
              type="datetime-local"
              className="form-control form-control-sm"
              value={effective}
              onChange={(e) => setEffective(e.target.value)}
              data-testid="rate-effective"
            />
            <div className="form-text">{t('contracts.edit.effectiveHint')}</div>
          </div>
          {(['payin', 'payout', 'settlement'] as const).map(movement)}
        </div>
        <div className="col-lg-5">
          <FeePreviewPanel
            merchantDbCode={line.merchant_db_code}
            currency={line.currency}
            gatewayCode={line.payment_gateway_code}
            draft={draft}
          />
        </div>
      </div>
    </Dialog>
  );
}
