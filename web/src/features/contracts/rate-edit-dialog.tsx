import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractRateLine } from '@bo/contract';
import { sendCreateContract, refreshContracts } from '../../ui/contract/api/create-contract';
import { readRefusal, type ContractErrors } from '../../ui/contract/contract-refusal';
import { FeePreviewPanel } from '../../ui/contract/fee-preview-panel';
import { EffectiveFromField, RateFieldsets } from '../../ui/contract/rate-fieldsets';
import {
  changesOf,
  draftFields,
  draftOf,
  effectiveInstant,
  RATE_FIELDS,
  type RateDraft,
} from '../../ui/contract/rate-draft';
import { Dialog } from '../../ui/dialog';
import { DialogFooter } from '../../ui/dialog-footer';

/** The fields this dialog shows; a refusal of any other (the line's own) goes above them. */
const EDITED_FIELDS = ['effectiveFrom', ...RATE_FIELDS] as const;

/** Sends the line's new version (from `instant`, or now); answers its version number. */
async function saveRateVersion(
  line: ContractRateLine,
  draft: RateDraft,
  instant: string | null,
): Promise<number> {
  const saved = await sendCreateContract({
    merchantDbCode: line.merchant_db_code,
    currency: line.currency,
    ...(line.payment_gateway_code ? { paymentGatewayCode: line.payment_gateway_code } : {}),
    ...(instant ? { effectiveFrom: instant } : {}),
    ...draftFields(draft),
  });
  await refreshContracts();
  return saved.version;
}

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
  const [errors, setErrors] = useState<ContractErrors>({});
  const changes = changesOf(before, draft);
  const instant = effectiveInstant(effective);

  const save = async () => {
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      onSaved(await saveRateVersion(line, draft, instant));
    } catch (failure) {
      const { field, text } = readRefusal(t, failure, EDITED_FIELDS);
      if (field) setErrors({ [field]: text });
      else setError(text);
      setReviewing(false);
    } finally {
      setBusy(false);
    }
  };

  // One Dialog in both steps, so going to the review and back keeps the same open dialog.
  if (reviewing)
    return (
      <Dialog
        title={t('contracts.edit.reviewTitle')}
        onClose={() => setReviewing(false)}
        testId="rate-review"
        footer={
          <DialogFooter
            busy={busy}
            onCancel={() => setReviewing(false)}
            cancelLabel={t('contracts.edit.back')}
            action={{
              label: t('contracts.edit.confirm'),
              busyLabel: t('contracts.edit.saving'),
              onClick: () => void save(),
              testId: 'rate-confirm',
            }}
          />
        }
      >
        <RateReview line={line} instant={instant} changes={changes} />
      </Dialog>
    );

  return (
    <Dialog
      title={t('contracts.edit.title', {
        merchant: line.merchant_db_code,
        currency: line.currency,
      })}
      onClose={onClose}
      size="xl"
      testId="rate-edit"
      footer={
        <DialogFooter
          onCancel={onClose}
          cancelLabel={t('contracts.edit.cancel')}
          action={{
            label: t('contracts.edit.review'),
            disabled: changes.length === 0 || instant === null,
            onClick: () => setReviewing(true),
            testId: 'rate-review-button',
          }}
        />
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
          <EffectiveFromField
            value={effective}
            error={errors.effectiveFrom}
            onChange={(value) => {
              setEffective(value);
              setErrors((all) => ({ ...all, effectiveFrom: undefined }));
            }}
          />
          <RateFieldsets
            draft={draft}
            errors={errors}
            onChange={(name, value) => {
              setDraft({ ...draft, [name]: value });
              setErrors((all) => ({ ...all, [name]: undefined }));
            }}
          />
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

/** The review step's body: from when the new version applies, and each rate old and new. */
function RateReview({
  line,
  instant,
  changes,
}: {
  line: ContractRateLine;
  instant: string | null;
  changes: ReturnType<typeof changesOf>;
}) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
