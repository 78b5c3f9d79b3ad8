import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../busy-button';

/**
 * The footer of a two-step money form: Cancel and Review while the form is filled (Review
 * submits the form `formId`), then Back and Confirm once its effect is shown. One footer for
 * every request and refund, so the steps read the same everywhere.
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
  return reviewing ? (
    <>
      <button type="button" className="btn btn-light" onClick={onBack}>
        {t('money.request.back')}
      </button>
      <BusyButton
        type="button"
        className="btn-primary"
        isBusy={busy}
        disabled={confirmDisabled}
        onClick={onConfirm}
        data-testid={`${testIdPrefix}-confirm`}
      >
        {confirmLabel}
      </BusyButton>
    </>
  ) : (
    <>
      <button type="button" className="btn btn-light" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      {beside}
      <BusyButton
        type="submit"
        form={formId}
        className="btn-primary"
        isBusy={busy}
        disabled={reviewDisabled}
        data-testid={`${testIdPrefix}-review`}
      >
        {t('money.request.review')}
      </BusyButton>
    </>
  );
}
