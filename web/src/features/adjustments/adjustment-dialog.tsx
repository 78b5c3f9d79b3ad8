import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readPositiveAmount } from '@bo/contract';
import { supportedCurrencyQuery } from '../../lib/api/get-supported-currency';
import { announceSuccess } from '../../lib/success-notes';
import { Dialog } from '../../ui/dialog';
import { approvalSettingsQuery } from '../../ui/money/api/get-approval-settings';
import { newRequestKey } from '../../ui/money/request/request-key';
import { ReviewFooter } from '../../ui/money/request/review-footer';
import { useSubmit } from '../../ui/use-submit';
import { sendAdjustment, type AdjustmentFields } from './api/create-adjustment';
import { thirdApproverFromQuery } from './api/get-platform-settings';
import { approvalsNeeded } from './adjustment-approvals';
import {
  AdjustmentFormFields,
  type AdjustmentDraft,
  type DraftErrors,
} from './adjustment-form-fields';
import { AdjustmentReview } from './adjustment-review';

interface Review {
  readonly fields: AdjustmentFields;
  /** Other admins who must approve it, by the settings read now (null: not loaded). */
  readonly approvals: number | null;
  readonly requestKey: string;
}

/** A new form: a credit of the available balance; the currency is the first offered. */
const EMPTY: AdjustmentDraft = {
  ownerDbCode: '',
  currency: '',
  direction: 'credit',
  balance: 'available',
  amount: '',
  reasonCode: '',
  note: '',
  relatedId: '',
};

/**
 * A balance adjustment in two steps: the form (whose balance, credit or debit, which balance,
 * currency and amount, reason, note, the transaction it corrects; checked in place), then what
 * it will do and how many other admins must approve it, to confirm. Nothing moves until they
 * do. The confirmed adjustment carries a key made for that review, so a double click or a
 * retry creates it once; the server's refusal (an unknown owner, a debit the balance does not
 * cover) is shown as it is sent.
 */
export function AdjustmentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const currencies = useQuery(supportedCurrencyQuery()).data ?? [];
  const thresholds = useQuery(approvalSettingsQuery()).data?.thresholds;
  const thirdFrom = useQuery(thirdApproverFromQuery()).data;
  const [draft, setDraft] = useState<AdjustmentDraft>(EMPTY);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [review, setReview] = useState<Review | null>(null);
  const { isBusy: busy, error, run } = useSubmit();
  const currency = draft.currency || currencies[0]?.value || '';
  const shown: AdjustmentDraft = { ...draft, currency };
  const change = <K extends keyof AdjustmentDraft>(name: K, value: AdjustmentDraft[K]) => {
    setDraft({ ...draft, [name]: value });
    setErrors({ ...errors, [name]: undefined });
  };
  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const found: DraftErrors = {};
    const required = t('money.request.required');
    const amount = readPositiveAmount(shown.amount.trim(), currency);
    if (!shown.ownerDbCode.trim()) found.ownerDbCode = required;
    if (!shown.amount.trim()) found.amount = required;
    else if (!amount.ok) found.amount = t('money.request.badAmount', { currency });
    if (!shown.reasonCode) found.reasonCode = t('money.reasonCodeRequired');
    if (!shown.note.trim()) found.note = t('adjustments.form.noteRequired');
    setErrors(found);
    if (Object.values(found).some(Boolean) || !amount.ok || !shown.reasonCode) return;
    const fields: AdjustmentFields = {
      ownerDbCode: shown.ownerDbCode.trim(),
      direction: shown.direction,
      balance: shown.balance,
      currency,
      amount: shown.amount.trim(),
      reasonCode: shown.reasonCode,
      note: shown.note.trim(),
      relatedId: shown.relatedId.trim(),
    };
    const approvals =
      thresholds && thirdFrom !== undefined
        ? approvalsNeeded({
            direction: fields.direction,
            minor: amount.minor,
            currency,
            thresholds,
            thirdApproverFrom: thirdFrom,
          })
        : null;
    setReview({ fields, approvals, requestKey: newRequestKey() });
  };
  const confirm = () =>
    void run(async () => {
      const created = await sendAdjustment(review!.fields, review!.requestKey);
      onClose();
      announceSuccess(t('adjustments.sent', { count: created.approvals_required }));
    });
  const footer = (
    <ReviewFooter
      reviewing={!!review}
      formId="adjustment-form"
      busy={busy}
      reviewDisabled={!currency}
      confirmLabel={t('adjustments.confirm')}
      testIdPrefix="adjustment"
      onBack={() => setReview(null)}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
  return (
    <Dialog
      title={t('adjustments.new')}
      onClose={onClose}
      testId="adjustment-dialog"
      footer={footer}
    >
      {error && (
        <div className="alert alert-danger py-2 small" role="alert" data-testid="adjustment-error">
          {error.message}
        </div>
      )}
      {review ? (
        <AdjustmentReview fields={review.fields} approvals={review.approvals} />
      ) : (
        <form id="adjustment-form" onSubmit={toReview} noValidate>
          <AdjustmentFormFields
            draft={shown}
            errors={errors}
            currencies={currencies}
            onChange={change}
          />
        </form>
      )}
    </Dialog>
  );
}
