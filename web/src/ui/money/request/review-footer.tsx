import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewFooter as ReviewSteps } from '../../dialog-footer';

/**
 * The footer of a two-step money form (`ReviewFooter` of the dialog kit): Cancel and Review
 * while the form is filled (Review submits the form `formId`), then Back and Confirm once its
 * effect is shown. One footer for every request, refund and dispute answer.
 */
export function ReviewFooter({
  reviewing,
  formId,
  busy,
  confirmDisabled = false,
  reviewDisabled = false,
  confirmLabel,
  testIdPrefix,
  onBack,
  onCancel,
  onConfirm,
  beside,
}: {
  reviewing: boolean;
  formId: string;
  busy: boolean;
  confirmDisabled?: boolean;
  reviewDisabled?: boolean;
  confirmLabel: string;
  /** `request` gives `request-review` and `request-confirm`. */
  testIdPrefix: string;
  onBack: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  /** Another way out of the form shown before Review (a dispute's "Save draft"). */
  beside?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ReviewSteps
      reviewing={reviewing}
      busy={busy}
      review={{
        label: t('money.request.review'),
        form: formId,
        disabled: reviewDisabled,
        testId: `${testIdPrefix}-review`,
      }}
      confirm={{
        label: confirmLabel,
        disabled: confirmDisabled,
        onClick: onConfirm,
        testId: `${testIdPrefix}-confirm`,
      }}
      onBack={onBack}
      onCancel={onCancel}
      beside={beside}
    />
  );
}
