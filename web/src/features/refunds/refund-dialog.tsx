import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys, TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { parseAmount, readPositiveAmount, REFUSAL_REASONS } from '@bo/contract';
import type { ApiError } from '../../lib/api-error';
import { PageSpinner } from '../../ui/spinner';
import { moneyText } from '../../ui/list/money-text';
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

/** The server's refusals of a refund the form words itself (the others are shown as sent). */
const REFUSAL_WORDS: Readonly<Record<string, ParseKeys>> = {
  [REFUSAL_REASONS.refundOverRefundable]: 'refunds.refused.overRefundable',
  [REFUSAL_REASONS.refundBalanceShort]: 'refunds.refused.balanceShort',
  [REFUSAL_REASONS.refundPayinNotSuccessful]: 'refunds.refused.notSuccessful',
};

/**
 * What the pay-in has left to refund when the dialog opens: the quote of its whole amount (a
 * quote only reads, and answers what is still refundable whatever amount it is asked about).
 */
const refundableQuery = (payin: RefundedPayin) => ({
  queryKey: ['refund-refundable', payin.id],
  queryFn: () => fetchRefundQuote(payin.id, payin.amount),
  staleTime: 0,
  gcTime: 0,
});

/**
 * A refund of a pay-in in two steps: the amount (all of what is still refundable by default,
 * never more: checked before the review) and a reason (required of an admin, who refunds on
 * the merchant's behalf), then its effect from the server's quote to confirm. The confirmed
 * refund carries a key made for that review; a refusal is worded in the user's language.
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
  const opening = useQuery(refundableQuery(payin));
  const refundable = opening.data?.refundable;
  // Untouched (null), the field shows what is still refundable.
  const [typed, setTyped] = useState<string | null>(null);
  const amount = typed ?? refundable ?? '';
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [review, setReview] = useState<{ quote: RefundQuote; key: string } | null>(null);
  const { isBusy: busy, error, run } = useSubmit();
  const failure = error ? refusalText(error, t) : null;
  const nothingLeft = refundable !== undefined && isZeroAmount(refundable, payin.currency);
  const toReview = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    const read = readPositiveAmount(amount.trim(), payin.currency);
    if (!amount.trim()) found.amount = t('money.request.required');
    else if (!read.ok) found.amount = t('money.request.badAmount', { currency: payin.currency });
    else if (refundable !== undefined && read.minor > minorOf(refundable, payin.currency))
      found.amount = t('refunds.overRefundable', {
        refundable: moneyText(refundable, payin.currency),
      });
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
      reviewDisabled={opening.isPending || nothingLeft}
      confirmLabel={t('refunds.confirm')}
      testIdPrefix="refund"
      onBack={() => {
        setReview(null);
        // What is refundable may have moved (the refusal that sent the user back says so).
        void opening.refetch();
      }}
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
      {opening.isError && !failure && (
        <div className="alert alert-danger py-2 small" role="alert" data-testid="refund-error">
          {opening.error.message}
        </div>
      )}
      {nothingLeft && !review && (
        <div
          className="alert alert-info py-2 small"
          role="status"
          data-testid="refund-nothing-left"
        >
          {t('refunds.nothingLeft')}
        </div>
      )}
      {opening.isPending ? (
        <PageSpinner />
      ) : review ? (
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
            onChange={(e) => setTyped(e.target.value)}
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

/** A refusal of the server in the user's words where the form knows its reason. */
function refusalText(error: ApiError, t: TFunction): string {
  const words = error.reason ? REFUSAL_WORDS[error.reason] : undefined;
  return words ? t(words) : error.message;
}

/** A decimal amount the server sent, in minor units (0 for one it could not have sent). */
const minorOf = (amount: string, currency: string) => parseAmount(amount, currency) ?? 0n;

const isZeroAmount = (amount: string, currency: string) => minorOf(amount, currency) <= 0n;
