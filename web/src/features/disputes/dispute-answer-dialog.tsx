import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisputeRow } from '@bo/contract';
import { announceSuccess } from '../../lib/success-notes';
import { BusyButton } from '../../ui/busy-button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { ReviewFooter } from '../../ui/money/request/review-footer';
import { TextAreaField } from '../../ui/text-area-field';
import { useSubmit } from '../../ui/use-submit';
import { sendEvidence, type EvidenceDraft } from './api/answer-dispute';
import { refreshDisputeFiles } from './api/dispute-files';
import { DisputeFiles } from './dispute-files';
import { draftOf, EVIDENCE_FIELDS } from './evidence-fields';
import { EvidenceList } from './evidence-list';

/**
 * The merchant's answer to a dispute: the written evidence (kept as a draft until the deadline)
 * and the files, then a review before the final submit, which sends both to the gateway. An
 * admin answering on a merchant's behalf says why first.
 */
export function DisputeAnswerDialog({
  dispute,
  reasonRequired,
  onClose,
}: {
  dispute: DisputeRow;
  reasonRequired: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<EvidenceDraft>(() => draftOf(dispute));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const { busy, error, run } = useSubmit<'draft' | 'submit'>();
  const reasonGiven = () => {
    const missing = reasonRequired && !reason.trim();
    setReasonError(missing ? t('disputes.reasonRequired') : null);
    return !missing;
  };
  const save = () => {
    if (!reasonGiven()) return;
    void run(async () => {
      await sendEvidence(dispute.id, draft, { submit: false, reason: reason.trim() });
      announceSuccess(t('disputes.draftSaved'));
    }, 'draft');
  };
  const submit = () =>
    void run(async () => {
      await sendEvidence(dispute.id, draft, { submit: true, reason: reason.trim() });
      await refreshDisputeFiles(dispute.id);
      onClose();
      announceSuccess(t('disputes.submitted'));
    }, 'submit');
  const toReview = (event: FormEvent) => {
    event.preventDefault();
    if (reasonGiven()) setReviewing(true);
  };
  const footer = (
    <ReviewFooter
      reviewing={reviewing}
      formId="dispute-answer-form"
      busy={busy === 'submit'}
      reviewDisabled={busy !== null}
      confirmLabel={t('disputes.submitConfirm')}
      testIdPrefix="dispute-submit"
      onBack={() => setReviewing(false)}
      onCancel={onClose}
      onConfirm={submit}
      beside={
        <BusyButton
          type="button"
          className="btn-outline-primary"
          isBusy={busy === 'draft'}
          disabled={busy !== null}
          onClick={save}
          data-testid="dispute-save-draft"
        >
          {t('disputes.saveDraft')}
        </BusyButton>
      }
    />
  );
  return (
    <Dialog
      title={t('disputes.answerTitle', { orderId: dispute.order_id })}
      size="lg"
      onClose={busy ? () => undefined : onClose}
      testId="dispute-answer-dialog"
      footer={footer}
    >
      {error && (
        <div
          className="alert alert-danger py-2 small"
          role="alert"
          data-testid="dispute-answer-error"
        >
          {error.message}
        </div>
      )}
      {reviewing ? (
        <div data-testid="dispute-review">
          <p>{t('disputes.reviewFinal')}</p>
          <EvidenceList evidence={draft} withEmpty />
          <DisputeFiles dispute={dispute} editable={false} />
        </div>
      ) : (
        <form id="dispute-answer-form" onSubmit={toReview} noValidate>
          {reasonRequired && (
            <FormField
              label={t('disputes.reasonOnBehalf')}
              value={reason}
              maxLength={300}
              error={reasonError}
              onChange={(e) => setReason(e.target.value)}
              data-testid="dispute-reason"
            />
          )}
          {EVIDENCE_FIELDS.map(([name, , max]) => (
            <TextAreaField
              key={name}
              label={t(`disputes.evidence.${name}`)}
              rows={3}
              // Evidence is often written in another language than the screen's (an English
              // answer on an Arabic screen): each field takes the direction of its own text.
              dir="auto"
              maxLength={max}
              value={draft[name]}
              onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
              data-testid={`dispute-evidence-${name}`}
            />
          ))}
          <DisputeFiles dispute={dispute} editable reason={reason.trim() || undefined} />
        </form>
      )}
    </Dialog>
  );
}
