import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog';
import { ChangeReview, type ReviewLine } from './change-review';
import { ReviewFooter } from '../../ui/dialog-footer';

/**
 * A form that is never sent straight away: its Review button checks the fields (the caller
 * shows their messages), then the dialog shows what will be saved and sends it only on Confirm.
 * A refusal by the server brings the form back with what was typed; a success closes it.
 */
export function ReviewedFormDialog({
  title,
  testId,
  onClose,
  isValid,
  review,
  save,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  /** Checks the fields, shows their messages, and says whether the review may open. */
  isValid: () => boolean;
  review: () => readonly ReviewLine[];
  /** Sends the change; resolves whether it was saved. */
  save: () => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [isReviewing, setReviewing] = useState(false);
  const [isBusy, setBusy] = useState(false);

  const openReview = (event: FormEvent) => {
    event.preventDefault();
    if (isValid()) setReviewing(true);
  };
  const confirm = async () => {
    setBusy(true);
    if (await save()) return onClose();
    setBusy(false);
    setReviewing(false);
  };

  const footer = (
    <ReviewFooter
      reviewing={isReviewing}
      busy={isBusy}
      review={{ label: t('settlementSetting.review.open'), form: formId, testId: 'review-open' }}
      confirm={{
        label: (
          <>
            <i className="bi bi-check2 me-1" aria-hidden />
            {t('settlementSetting.review.confirm')}
          </>
        ),
        onClick: () => void confirm(),
        testId: 'review-confirm',
      }}
      onBack={() => setReviewing(false)}
      backLabel={t('settlementSetting.review.back')}
      backTestId="review-back"
      onCancel={onClose}
    />
  );
  return (
    <Dialog
      title={isReviewing ? t('settlementSetting.review.title') : title}
      onClose={isBusy ? () => undefined : onClose}
      testId={testId}
      footer={footer}
    >
      {isReviewing ? (
        <ChangeReview lines={review()} />
      ) : (
        <form id={formId} onSubmit={openReview} noValidate>
          {children}
        </form>
      )}
    </Dialog>
  );
}
