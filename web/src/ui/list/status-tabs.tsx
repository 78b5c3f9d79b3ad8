import { useTranslation } from 'react-i18next';
import { isLifecycleState } from './status-tones';

/** Tabs per status with the server's counts (`status_counts`); "All" is their sum. */
export function StatusTabs({
  statuses,
  counts,
  current,
  onChange,
}: {
  statuses: readonly string[];
  counts: Readonly<Record<string, number>> | null;
  current: string | undefined;
  onChange: (status: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null;
  const tab = (value: string | undefined, label: string, count: number | null) => (
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
            <bdi data-testid="list-status-count">{count.toLocaleString('en-US')}</bdi>
          </span>
        )}
      </button>
    </li>
  );
  return (
    <ul className="nav nav-tabs list-status-tabs mb-3 flex-nowrap overflow-auto" role="tablist">
      {tab(undefined, t('list.allStatuses'), all)}
      {statuses.map((status) =>
        tab(
          status,
          isLifecycleState(status) ? t(`list.status.${status}`) : status,
          counts ? (counts[status] ?? 0) : null,
        ),
      )}
    </ul>
  );
}
