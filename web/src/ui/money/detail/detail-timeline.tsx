import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MoneyDetail, TimezoneChoice } from '@bo/contract';
import { formatInTimeZone } from '../../../lib/time-zone';
import { StatusBadge } from '../../list/status-badge';
import { loadScreenNamespaces } from '../../../i18n/screen-namespaces';
import { chunkComponent } from '../../../lib/use-chunk';
import { timelineActionText, timelineActorText, timelineSubject } from './timeline-text';
import { DetailRoutingStep } from './detail-routing-step';

// The risk step's words are the risk rules' (their summaries): they load with it.
const DetailRiskStep = chunkComponent(() =>
  Promise.all([import('./detail-risk-step'), loadScreenNamespaces(['riskRules'])]).then(
    ([step]) => step,
  ),
);

const ICONS: Record<MoneyDetail['timeline'][number]['event'], string> = {
  created: 'bi-plus-circle',
  status_change: 'bi-arrow-right-circle',
  action: 'bi-hand-index',
  journal: 'bi-journal-text',
  risk: 'bi-shield-exclamation',
  routing: 'bi-signpost-split',
};

/**
 * Every step of the item's history, oldest first: what happened, who or what did it, when (what
 * risk rules decided, with the rules that matched; where routing sent it and why); a step of a child item (a pay-in's refund) names it first, linked to its list.
 */
export function DetailTimeline({
  timeline,
  timeZone,
}: {
  timeline: MoneyDetail['timeline'];
  timeZone: TimezoneChoice;
}) {
  const { t } = useTranslation();
  if (!timeline.length) return <p className="text-muted small mb-0">{t('money.detail.none')}</p>;
  return (
    <ol className="list-unstyled mb-0" data-testid="detail-timeline">
      {timeline.map((step, index) => {
        const actor = timelineActorText(t, step);
        const action = timelineActionText(t, step);
        const subject = timelineSubject(t, step);
        return (
          <li
            key={index}
            className="d-flex gap-2 py-2 border-bottom"
            data-event={step.event}
            data-subject={step.subject?.id}
          >
            <i
              className={`bi ${subject ? 'bi-arrow-return-left list-flip-rtl text-secondary' : `${ICONS[step.event]} text-primary`}`}
              aria-hidden
            />
            <div className="flex-grow-1">
              {subject && (
                <div className="small fw-semibold" data-testid="timeline-subject">
                  {subject.href ? (
                    <Link to={subject.href} title={t('money.detail.openSubject')}>
                      <bdi>{subject.text}</bdi>
                    </Link>
                  ) : (
                    <bdi>{subject.text}</bdi>
                  )}{' '}
                  <bdi className="font-monospace fw-normal text-muted">{step.subject?.id}</bdi>
                </div>
              )}
              <div className="d-flex flex-wrap gap-1 align-items-center">
                <span className="fw-medium">{t(`money.detail.event.${step.event}`)}</span>
                {step.from_status && <StatusBadge status={step.from_status} />}
                {step.from_status && step.to_status && (
                  <i className="bi bi-arrow-right small list-flip-rtl" aria-hidden />
                )}
                {step.to_status && <StatusBadge status={step.to_status} />}
              </div>
              <div className="small text-muted" data-testid="timeline-detail">
                <bdi>{formatInTimeZone(new Date(step.at), timeZone)}</bdi> · {actor.kind}
                {actor.name !== null && (
                  <>
                    : <bdi>{actor.name}</bdi>
                  </>
                )}
                {step.action && (
                  <>
                    {' '}
                    ·{' '}
                    {action !== null ? (
                      <span title={step.action} data-action={step.action}>
                        {action}
                      </span>
                    ) : (
                      <bdi className="font-monospace">{step.action}</bdi>
                    )}
                  </>
                )}
              </div>
              {step.bank_transfer && <TransferText transfer={step.bank_transfer} />}
              {step.risk && <DetailRiskStep risk={step.risk} timeZone={timeZone} />}
              {step.routing && <DetailRoutingStep routing={step.routing} />}
              {step.reason && (
                <div className="small">
                  <bdi>{step.reason}</bdi>
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The bank transfer a step recorded (a settlement marked done): reference, value date, sender. */
function TransferText({
  transfer,
}: {
  transfer: NonNullable<MoneyDetail['timeline'][number]['bank_transfer']>;
}) {
  const { t } = useTranslation();
  return (
    <div className="small" data-testid="timeline-transfer">
      {t('money.field.bank_reference')}:{' '}
      <bdi className="font-monospace">{transfer.bank_reference}</bdi> ·{' '}
      {t('money.field.value_date')}: <bdi>{transfer.value_date}</bdi>
      {transfer.sending_account && (
        <>
          {' '}
          · {t('money.field.sending_account')}: <bdi>{transfer.sending_account}</bdi>
        </>
      )}
    </div>
  );
}
