import { useTranslation } from 'react-i18next';
import { formatMoney } from '@bo/contract';
import { DECISION_ICONS, DECISION_TONES, type Decision } from './decisions';
import { totalsByCurrency, type MoneyItem } from './money-item';

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
  const { t } = useTranslation();
  return (
    <div
      className="alert alert-primary d-flex flex-wrap align-items-center gap-2 py-2"
      data-testid="bulk-bar"
    >
      <strong>{t('money.selectedCount', { count: rows.length })}</strong>
      <span className="text-muted">
        {totalsByCurrency(rows).map((total) => (
          <bdi key={total.currency} className="me-2">
            {formatMoney(total.amount)} {total.currency}
          </bdi>
        ))}
      </span>
      <div className="ms-auto d-flex gap-2">
        {decisions
          .filter((d) => rows.some(d.appliesTo))
          .map((decision) => (
            <button
              key={decision.verb}
              type="button"
              className={`btn btn-sm btn-${DECISION_TONES[decision.verb]}`}
              onClick={() => onDecide(decision)}
              data-testid={`bulk-${decision.verb}`}
            >
              <i className={`bi ${DECISION_ICONS[decision.verb]} me-1`} aria-hidden />
              {t(`money.decision.${decision.verb}`)} ({rows.filter(decision.appliesTo).length})
            </button>
          ))}
        <button type="button" className="btn btn-sm btn-light" onClick={onClear}>
          {t('money.clearSelection')}
        </button>
      </div>
    </div>
  );
}
