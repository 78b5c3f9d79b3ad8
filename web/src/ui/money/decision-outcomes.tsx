import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog';
import { isLifecycleState } from '../list/status-tones';
import { waitsForAnotherApproval, type DecisionOutcome } from './api/send-decision';

/** What became of each item of a decision: its status, "1 of 2 approvals", or the refusal. */
export function DecisionOutcomes({
  verb,
  outcomes,
  onClose,
}: {
  verb: string;
  outcomes: readonly DecisionOutcome[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const describe = (outcome: DecisionOutcome) => {
    if (!outcome.ok) return outcome.message ?? '';
    if (waitsForAnotherApproval(outcome))
      return t('money.waitsForApproval', {
        count: outcome.approvals,
        required: outcome.approvals_required,
      });
    const status = outcome.status ?? '';
    return isLifecycleState(status) ? t(`list.status.${status}`) : status;
  };
  return (
    <Dialog
      title={t('money.bulkResult', { verb })}
      onClose={onClose}
      testId="decision-results"
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <ul className="list-unstyled mb-0">
        {outcomes.map((outcome) => (
          <li
            key={outcome.id}
            data-testid="decision-outcome"
            data-ok={outcome.ok}
            data-waiting={waitsForAnotherApproval(outcome)}
          >
            <i
              className={`bi ${outcome.ok ? 'bi-check-circle text-success' : 'bi-exclamation-triangle text-danger'} me-2`}
              aria-hidden
            />
            <bdi className="font-monospace">{outcome.id.slice(0, 8)}</bdi> — {describe(outcome)}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
