import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readPositiveAmount } from '@bo/contract';
import { announceSuccess } from '../../lib/success-notes';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { newRequestKey } from '../../ui/money/request/request-key';
import { ReviewFooter } from '../../ui/money/request/review-footer';
import { fetchRefundQuote, type RefundQuote } from './api/quote-refund';
import { sendRefund } from './api/request-refund';
import { RefundQuoteSummary } from './refund-quote';
import { useSubmit } from '../../ui/use-submit';

/** The pay-in a refund is for, as its detail shows it. */
export interface RefundedPayin {
  readonly id: string;
  readonly orderId: string;
  readonly currency: string;
  readonly amount: string;
}

/**
 * A refund of a pay-in in two steps: the amount (all of what is left by default) and a reason
 * (required of an admin, who refunds on the merchant's behalf), then its effect from the
 * server's quote to confirm. The confirmed refund carries a key made for that review.
 */
export function RefundDialog({
  payin,
  reasonRequired,
  onClose,
}: {
  payin: RefundedPayin;
  reasonRequired: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(payin.amount);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [review, setReview] = useState<{ quote: RefundQuote; key: string } | null>(null);
  const { isBusy: busy, error, run } = useSubmit();
  const failure = error?.message ?? null;
  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!amount.trim()) found.amount = t('money.request.required');
    else if (!readPositiveAmount(amount.trim(), payin.currency).ok)
      found.amount = t('money.request.badAmount', { currency: payin.currency });
    if (reasonRequired && !reason.trim()) found.reason = t('refunds.reasonRequired');
    setErrors(found);
    if (found.amount || found.reason) return;
    void run(async () =>
      setReview({ quote: await fetchRefundQuote(payin.id, amount.trim()), key: newRequestKey() }),
    );
  };
  const confirm = () =>
    void run(async () => {
      await sendRefund(
        { payinId: payin.id, amount: amount.trim(), reason: reason.trim() },
        review!.key,
      );
      onClose();
      announceSuccess(t('refunds.sent'));
    });
  const footer = (
    <ReviewFooter
      reviewing={!!review}
      formId="refund-form"
      busy={busy}
      confirmDisabled={!review?.quote.enough}
      confirmLabel={t('refunds.confirm')}
      testIdPrefix="refund"
      onBack={() => setReview(null)}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
  return (
    <Dialog
      title={t('refunds.title', { orderId: payin.orderId })}
      onClose={onClose}
      testId="refund-dialog"
      footer={footer}
    >
      {failure && (
        <div className="alert alert-danger py-2 small" role="alert" data-testid="refund-error">
          {failure}
        </div>
      )}
      {review ? (
        <>
          <p className="mb-2">{t('money.request.effect')}</p>
          <RefundQuoteSummary quote={review.quote} />
        </>
      ) : (
        <form id="refund-form" onSubmit={toReview} noValidate>
          <FormField
            label={t('refunds.amount', { currency: payin.currency })}
            inputMode="decimal"
            value={amount}
            error={errors.amount}
            onChange={(e) => setAmount(e.target.value)}
            data-testid="refund-amount"
          />
          <FormField
            label={reasonRequired ? t('refunds.reason') : t('refunds.reasonOptional')}
            value={reason}
            maxLength={300}
            error={errors.reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="refund-reason"
          />
        </form>
      )}
    </Dialog>
  );
}
