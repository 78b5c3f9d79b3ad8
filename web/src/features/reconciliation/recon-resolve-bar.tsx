import { useTranslation } from 'react-i18next';
import type { ReconLineRow } from '@bo/contract';
import { DECISION_ICONS, DECISION_TONES, type DecisionVerb } from '../../ui/money/decisions';
import { RESOLVE_ACTIONS, type ResolveAction } from './api/recon-resolve';
import { isWaitingWriteOff, resolvableBy } from './write-off-effect';

const ICONS: Record<ResolveAction, string> = {
  query: 'bi-arrow-repeat',
  writeOff: 'bi-journal-minus',
  explain: 'bi-chat-left-text',
};

/**
 * The chosen lines of a run: how many, the resolutions open to them (each with the number of
 * lines it applies to) and, on write-offs waiting for approvals, the checker's decisions.
 */
export function ReconResolveBar({
  lines,
  canDecide,
  onResolve,
  onDecide,
  onClear,
}: {
  lines: readonly ReconLineRow[];
  canDecide: boolean;
  onResolve: (action: ResolveAction, lines: ReconLineRow[]) => void;
  onDecide: (verb: DecisionVerb, lines: ReconLineRow[]) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const waiting = lines.filter(isWaitingWriteOff);
  return (
    <div
      className="alert alert-primary d-flex flex-wrap align-items-center gap-2 py-2"
      data-testid="recon-resolve-bar"
    >
      <strong>{t('money.selectedCount', { count: lines.length })}</strong>
      <div className="ms-auto d-flex flex-wrap gap-2">
        {RESOLVE_ACTIONS.map((action) => {
          const applies = lines.filter(resolvableBy[action]);
          if (!applies.length) return null;
          return (
            <button
              key={action}
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => onResolve(action, applies)}
              data-testid={`recon-resolve-${action}`}
            >
              <i className={`bi ${ICONS[action]} me-1`} aria-hidden />
              {t(`reconciliation.resolve.${action}.action`)} ({applies.length})
            </button>
          );
        })}
        {canDecide &&
          waiting.length > 0 &&
          (['approve', 'reject'] as const).map((verb) => (
            <button
              key={verb}
              type="button"
              className={`btn btn-sm btn-${DECISION_TONES[verb]}`}
              onClick={() => onDecide(verb, waiting)}
              data-testid={`recon-decide-${verb}`}
            >
              <i className={`bi ${DECISION_ICONS[verb]} me-1`} aria-hidden />
              {t(`money.decision.${verb}`)} ({waiting.length})
            </button>
          ))}
        <button type="button" className="btn btn-sm btn-light" onClick={onClear}>
          {t('money.clearSelection')}
        </button>
      </div>
    </div>
  );
}
