import { useTranslation } from 'react-i18next';
import { formatMoney } from '@bo/contract';
import { DECISION_ICONS, DECISION_TONES, type Decision } from './decisions';
import type { ParseKeys } from 'i18next';
import { totalsByCurrency, type MoneyItem } from './money-item';
import { SelectionBar } from './selection-bar';

/** The selected rows of a queue: their count and totals, and the decisions open to them. */
export function BulkBar<Row extends MoneyItem>({
  rows,
  decisions,
  onDecide,
  onClear,
}: {
  rows: readonly Row[];
  decisions: readonly Decision<Row>[];
  onDecide: (decision: Decision<Row>) => void;
  onClear: () => void;
}) {
  return (
    <SelectionBar
      count={rows.length}
      testId="bulk-bar"
      onClear={onClear}
      summary={
        <span className="text-muted">
          {totalsByCurrency(rows).map((total) => (
            <bdi key={total.currency} className="me-2">
              {formatMoney(total.amount, total.currency)} {total.currency}
            </bdi>
          ))}
        </span>
      }
    >
      {decisions
        .filter((d) => rows.some(d.appliesTo))
        .map((decision) => (
          <DecisionButton
            key={decision.verb}
            verb={decision.verb}
            label={decision.label}
            count={rows.filter(decision.appliesTo).length}
            testId={`bulk-${decision.verb}`}
            onClick={() => onDecide(decision)}
          />
        ))}
    </SelectionBar>
  );
}

/** A bulk decision's button: its verb and how many chosen rows it applies to. */
export function DecisionButton({
  verb,
  label,
  count,
  testId,
  onClick,
}: {
  verb: Decision<unknown>['verb'];
  /** Its words, when not `money.decision.<verb>`. */
  label?: ParseKeys;
  count: number;
  testId: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn btn-sm btn-${DECISION_TONES[verb]}`}
      onClick={onClick}
      data-testid={testId}
    >
      <i className={`bi ${DECISION_ICONS[verb]} me-1`} aria-hidden />
      {t(label ?? `money.decision.${verb}`)} ({count})
    </button>
  );
}
