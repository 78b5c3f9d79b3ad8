import { useTranslation } from 'react-i18next';
import { LIST_COUNT_CAP, formatCount } from '@bo/contract';
import { isLifecycleState } from './status-tones';

/** A count as a tab shows it: "10,000+" once the server stopped counting at the cap. */
const countText = (count: number, capped: boolean) => `${formatCount(count)}${capped ? '+' : ''}`;

/**
 * Tabs per status with the server's counts (`status_counts`); "All" is their sum, marked "+"
 * when any of them reached the cap (DESIGN.md section 9: counts are capped and say so).
 */
export function StatusTabs({
  statuses,
  counts,
  current,
  onChange,
  labelOf,
}: {
  statuses: readonly string[];
  /** The words of a status that is not a money lifecycle's; the status itself otherwise. */
  labelOf?: (status: string) => string;
  counts: Readonly<Record<string, number>> | null;
  current: string | undefined;
  onChange: (status: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null;
  const anyCapped = counts ? Object.values(counts).some((n) => n >= LIST_COUNT_CAP) : false;
  const tab = (
    value: string | undefined,
    label: string,
    count: number | null,
    capped = count !== null && count >= LIST_COUNT_CAP,
  ) => (
    <li key={value ?? ''} className="nav-item">
      <button
        type="button"
        className={`nav-link ${current === value ? 'active' : ''}`}
        aria-current={current === value ? 'page' : undefined}
        onClick={() => onChange(value)}
        data-testid={`list-status-tab-${value ?? 'all'}`}
      >
        {label}
        {count !== null && (
          <span className="badge rounded-pill bg-secondary-subtle text-secondary-emphasis ms-1">
            <bdi dir="ltr" data-testid="list-status-count">
              {countText(count, capped)}
            </bdi>
          </span>
        )}
      </button>
    </li>
  );
  return (
    <ul className="nav nav-tabs list-status-tabs mb-3 flex-nowrap overflow-auto" role="tablist">
      {tab(undefined, t('list.allStatuses'), all, anyCapped)}
      {statuses.map((status) =>
        tab(
          status,
          isLifecycleState(status) ? t(`list.status.${status}`) : (labelOf?.(status) ?? status),
          counts ? (counts[status] ?? 0) : null,
        ),
      )}
    </ul>
  );
}
