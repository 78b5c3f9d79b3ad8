import { useTranslation } from 'react-i18next';
import { LIST_COUNT_CAP } from '@bo/contract';
import { countText } from './count-text';
import { isLifecycleState } from './status-tones';

/**
 * Tabs per status with the server's counts (`status_counts`); "All" is their sum, "at least"
 * when any of them reached the cap (DESIGN.md section 9: counts are capped and say so, in words).
 */
export function StatusTabs({
  statuses,
  counts,
  current,
  onChange,
  labelOf,
  currentCounted = null,
}: {
  statuses: readonly string[];
  /** The shown tab's rows counted exactly (the totals strip's count), said instead of its own. */
  currentCounted?: number | null;
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
    listed: number | null,
    listCapped?: boolean,
  ) => {
    const exact = value === current ? currentCounted : null;
    const count = exact ?? listed;
    const capped = exact === null && (listCapped ?? (count !== null && count >= LIST_COUNT_CAP));
    return (
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
              <bdi data-testid="list-status-count" data-capped={capped}>
                {countText(t, count, capped)}
              </bdi>
            </span>
          )}
        </button>
      </li>
    );
  };
  return (
    <ul
      className="nav nav-tabs list-status-tabs mb-3 flex-nowrap overflow-auto"
      aria-label={t('list.statusTabsLabel')}
    >
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
