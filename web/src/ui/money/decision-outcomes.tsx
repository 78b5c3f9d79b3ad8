import { useTranslation } from 'react-i18next';
import { isLifecycleState } from '../list/status-tones';
import { waitsForAnotherApproval, type DecisionOutcome } from './api/send-decision';
import { OutcomesDialog } from './outcomes-dialog';

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
    <OutcomesDialog
      title={t('money.bulkResult', { verb })}
      testId="decision-results"
      lineTestId="decision-outcome"
      onClose={onClose}
      lines={outcomes.map((outcome) => ({
        key: outcome.id,
        ok: outcome.ok,
        name: outcome.id.slice(0, 8),
        text: describe(outcome),
        data: { waiting: String(waitsForAnotherApproval(outcome)) },
      }))}
    />
  );
}
