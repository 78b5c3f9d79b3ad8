import { useTranslation } from 'react-i18next';
import type { ReconLineRow } from '@bo/contract';
import { DecisionButton } from '../../ui/money/bulk-bar';
import type { DecisionVerb } from '../../ui/money/decisions';
import { SelectionBar } from '../../ui/money/selection-bar';
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
  const waiting = canDecide ? lines.filter(isWaitingWriteOff) : [];
  return (
    <SelectionBar count={lines.length} testId="recon-resolve-bar" onClear={onClear}>
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
      {waiting.length > 0 &&
        (['approve', 'reject'] as const).map((verb) => (
          <DecisionButton
            key={verb}
            verb={verb}
            count={waiting.length}
            testId={`recon-decide-${verb}`}
            onClick={() => onDecide(verb, waiting)}
          />
        ))}
    </SelectionBar>
  );
}
