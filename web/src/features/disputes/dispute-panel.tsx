import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  decideAccess,
  formatAmount,
  parseAmount,
  pathOf,
  saveDisputeEvidence,
  type DisputeRow,
  type MoneyDetail,
} from '@bo/contract';
import { useSessionUser, viewerOf } from '../../lib/session';
import { useNow } from '../../ui/use-now';
import { DeadlineLeft } from './deadline-left';
import { DisputeAnswerDialog } from './dispute-answer-dialog';
import { AcceptDisputeButton } from './accept-dispute-button';
import { DisputeFiles } from './dispute-files';
import { DisputeOutcome } from './dispute-outcome';
import { draftOf, EVIDENCE_FIELDS } from './evidence-fields';
import { EvidenceList } from './evidence-list';

/** Whether a dispute still takes an answer: opened, before its deadline. */
const isAnswerable = (row: Pick<DisputeRow, 'status' | 'respond_by'>, now: number) =>
  row.status === 'opened' && Date.parse(row.respond_by) > now;

/**
 * A dispute's own part of its detail: the deadline and its countdown, the pay-in it disputes,
 * the money it holds, the outcome once ruled, the written evidence and the files; to a
 * merchant (or an admin on its behalf) the answer and the acceptance while it can be answered.
 * A reseller reads it all and answers nothing.
 */
export default function DisputePanel({ detail }: { detail: MoneyDetail }) {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const [answering, setAnswering] = useState(false);
  const now = useNow();
  if (detail.kind !== 'dispute') return null;
  const row = detail.row as DisputeRow;
  const mayAnswer =
    !!viewer &&
    decideAccess(saveDisputeEvidence.rule, viewer) === 'allowed' &&
    isAnswerable(row, now);
  const onBehalf = viewer?.accountType === 'admin';
  const held = formatAmount(
    (parseAmount(row.amount, row.currency) ?? 0n) + (parseAmount(row.fee, row.currency) ?? 0n),
    row.currency,
  );
  const answerOf = (d: DisputeRow) =>
    d.evidence_submitted_at
      ? t('disputes.panel.evidenceSent')
      : d.status === 'accepted'
        ? t('disputes.answerAccepted')
        : t('disputes.notAnswered');
  const written = EVIDENCE_FIELDS.filter(([, field]) => row[field]);
  return (
    <section className="mb-3" aria-label={t('disputes.panel.label')} data-testid="dispute-panel">
      <dl className="row small mb-2">
        <dt className="col-5">{t('disputes.column.reason')}</dt>
        <dd className="col-7">{t(`money.disputeReason.${row.reason_code}`)}</dd>
        <dt className="col-5">
          {row.status === 'opened' ? t('disputes.column.respondBy') : t('disputes.panel.answer')}
        </dt>
        <dd className="col-7">
          {row.status === 'opened' ? <DeadlineLeft respondBy={row.respond_by} /> : answerOf(row)}
        </dd>
        <dt className="col-5">{t('disputes.panel.payin')}</dt>
        <dd className="col-7">
          <Link
            to={`${pathOf('payins')}?search=${encodeURIComponent(row.payin_id)}`}
            data-testid="dispute-payin-link"
          >
            <bdi>{row.order_id}</bdi>
          </Link>
        </dd>
      </dl>
      <DisputeOutcome row={row} held={held} />
      {written.length > 0 && (
        <details className="mb-2" data-testid="dispute-evidence">
          <summary className="small fw-medium">
            {row.evidence_submitted_at
              ? t('disputes.panel.evidenceSent')
              : t('disputes.panel.evidenceDraft')}
          </summary>
          <EvidenceList evidence={draftOf(row)} />
        </details>
      )}
      <DisputeFiles dispute={row} editable={false} />
      {mayAnswer && (
        <div className="d-flex flex-wrap gap-2 mt-2">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => setAnswering(true)}
            data-testid="dispute-answer-open"
          >
            <i className="bi bi-reply me-1" aria-hidden />
            {t('disputes.answer')}
          </button>
          <AcceptDisputeButton dispute={row} held={held} reasonRequired={onBehalf} />
        </div>
      )}
      {answering && (
        <DisputeAnswerDialog
          dispute={row}
          reasonRequired={onBehalf}
          onClose={() => setAnswering(false)}
        />
      )}
    </section>
  );
}
