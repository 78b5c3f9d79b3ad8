import { useTranslation } from 'react-i18next';
import { DECISION_ICONS, DECISION_TONES, decisionWord, type Decision } from './decisions';

/** The decisions that apply to one row, as small buttons (each opens its confirmation). */
export function RowDecisions<Row>({
  row,
  decisions,
  onDecide,
  size = 'sm',
}: {
  row: Row;
  decisions: readonly Decision<Row>[];
  onDecide: (decision: Decision<Row>) => void;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const applicable = decisions.filter((d) => d.appliesTo(row));
  if (!applicable.length) return null;
  return (
    <div className="d-flex gap-1">
      {applicable.map((decision) => (
        <button
          key={decision.verb}
          type="button"
          className={`btn ${size === 'sm' ? 'btn-sm' : ''} btn-outline-${DECISION_TONES[decision.verb]}`}
          onClick={() => onDecide(decision)}
          data-testid={`decide-${decision.verb}`}
        >
          <i className={`bi ${DECISION_ICONS[decision.verb]} me-1`} aria-hidden />
          {decisionWord(t, decision as Decision<never>)}
        </button>
      ))}
    </div>
  );
}
