import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canTransition,
  SUPPORT_LIMITS,
  SUPPORT_REQUEST_LIFECYCLE,
  type SupportRequestRow,
  type TimezoneChoice,
} from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { formatInTimeZone } from '../../lib/time-zone';
import { Dialog } from '../../ui/dialog';
import { refreshSupportRequestList } from './api/get-support-request-list';
import { sendUpdateSupportRequestStatus } from './api/update-support-request-status';
import { SupportStatusBadge } from './support-status-badge';
import { useSubmit } from '../../ui/use-submit';
import { DialogFooter } from '../../ui/dialog-footer';

type Decision = 'answered' | 'closed';

/** A label and its value in the request's details. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row mb-2">
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8 mb-0">{children}</dd>
    </div>
  );
}

/**
 * One support request: its details and the admin's note. An admin answers or closes it, its
 * owner may close it, each with a note; closing asks for confirmation first (it is final).
 */
export function SupportRequestDialog({
  request,
  isAdmin,
  timeZone,
  onClose,
}: {
  request: SupportRequestRow;
  isAdmin: boolean;
  /** The zone the list shows times in. */
  timeZone: TimezoneChoice;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { isBusy: isSending, run } = useSubmit();
  const may = (to: Decision) =>
    canTransition(SUPPORT_REQUEST_LIFECYCLE, request.status, to) && (isAdmin || to === 'closed');
  const when = (iso: string | null) => (iso ? formatInTimeZone(new Date(iso), timeZone) : '');

  const send = async () => {
    if (!decision) return;
    const text = note.trim();
    if (!text) return setProblem(t('technical.support.decision.noteRequired'));
    if (text.length > SUPPORT_LIMITS.note)
      return setProblem(t('technical.support.form.tooLong', { max: SUPPORT_LIMITS.note }));
    if (
      decision === 'closed' &&
      !(await confirmAction(
        t('technical.support.decision.confirmClose'),
        t('technical.support.decision.close'),
      ))
    )
      return;
    await run(async () => {
      await sendUpdateSupportRequestStatus({ id: request.id, status: decision, note: text });
      announceSuccess(t(`technical.support.decision.done.${decision}`));
      onClose();
    });
    await refreshSupportRequestList();
  };

  const choices = (['answered', 'closed'] as const).filter(may);
  const footer = decision ? (
    <DialogFooter
      busy={isSending}
      onCancel={() => setDecision(null)}
      action={{
        label: t(`technical.support.decision.${decision === 'closed' ? 'close' : 'answer'}`),
        className: decision === 'closed' ? 'btn-danger' : 'btn-primary',
        onClick: () => void send(),
        testId: 'support-decision-send',
      }}
    />
  ) : choices.length > 0 ? (
    choices.map((to) => (
      <button
        key={to}
        type="button"
        className={`btn ${to === 'closed' ? 'btn-outline-danger' : 'btn-primary'}`}
        onClick={() => setDecision(to)}
        data-testid={`support-decide-${to}`}
      >
        {t(`technical.support.decision.${to === 'closed' ? 'close' : 'answer'}`)}
      </button>
    ))
  ) : undefined;

  return (
    <Dialog
      title={request.subject}
      onClose={onClose}
      size="lg"
      testId="support-request-dialog"
      footer={footer}
    >
      <dl className="mb-3">
        <Detail label={t('technical.support.columns.status')}>
          <SupportStatusBadge status={request.status} />
        </Detail>
        <Detail label={t('technical.support.columns.account')}>
          <bdi>{`${request.account_db_code} · ${request.account_name}`}</bdi>
          <span className="text-body-secondary small ms-2">
            {t('technical.support.detail.filedBy', { username: request.created_by })}
          </span>
        </Detail>
        <Detail label={t('technical.support.columns.category')}>
          {t(`technical.support.categories.${request.category}`)}
        </Detail>
        <Detail label={t('technical.support.columns.createdAt')}>
          <bdi>{when(request.created_at)}</bdi>
        </Detail>
        {request.transaction_reference && (
          <Detail label={t('technical.support.columns.transactionReference')}>
            <bdi className="font-monospace">{request.transaction_reference}</bdi>
          </Detail>
        )}
      </dl>
      <h6>{t('technical.support.form.message')}</h6>
      <p className="border rounded p-2 bg-body-tertiary" style={{ whiteSpace: 'pre-wrap' }}>
        {request.message}
      </p>
      {request.admin_note && (
        <div className="alert alert-info" data-testid="support-admin-note">
          <div className="fw-medium mb-1">
            {t('technical.support.detail.noteBy', {
              username: request.handled_by ?? '',
              at: when(request.handled_at),
            })}
          </div>
          <div style={{ whiteSpace: 'pre-wrap' }}>{request.admin_note}</div>
        </div>
      )}
      {decision && (
        <div>
          <label htmlFor="support-note" className="form-label fw-medium">
            {t(`technical.support.decision.noteLabel.${decision}`)}
          </label>
          <textarea
            id="support-note"
            rows={4}
            className={`form-control ${problem ? 'is-invalid' : ''}`}
            value={note}
            maxLength={SUPPORT_LIMITS.note}
            onChange={(e) => {
              setNote(e.target.value);
              setProblem(null);
            }}
            data-testid="support-note"
          />
          {problem && <div className="invalid-feedback">{problem}</div>}
        </div>
      )}
    </Dialog>
  );
}
