import { useTranslation } from 'react-i18next';
import { CONTRACT_VERSION_STATES, type ContractVersionState, formatCount } from '@bo/contract';
import type { ListPage } from '../../ui/list/use-list-page';

const TONES: Record<ContractVersionState, string> = {
  in_force: 'success',
  scheduled: 'info',
  superseded: 'secondary',
};

/** A version's state as a soft badge: in force, scheduled or superseded. */
export function VersionStateBadge({ state }: { state: ContractVersionState }) {
  const { t } = useTranslation();
  const tone = TONES[state];
  return (
    <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`} data-state={state}>
      {t(`contracts.states.${state}`)}
    </span>
  );
}

/**
 * Tabs by version state with the server's counts ("in force only" is its first tab); the
 * list's `status` filter, kept in the URL like every filter.
 */
export function VersionStateTabs<Row>({ list }: { list: ListPage<Row> }) {
  const { t } = useTranslation();
  const current = list.state.filters.status;
  const counts = list.statusCounts;
  const tab = (value: ContractVersionState | undefined, label: string, count: number | null) => (
    <li key={value ?? 'all'} className="nav-item">
      <button
        type="button"
        className={`nav-link ${current === value ? 'active' : ''}`}
        aria-current={current === value ? 'page' : undefined}
        onClick={() => list.setFilters({ status: value })}
        data-testid={`version-tab-${value ?? 'all'}`}
      >
        {label}
        {count !== null && (
          <span className="badge rounded-pill bg-secondary-subtle text-secondary-emphasis ms-1">
            <bdi dir="ltr">{formatCount(count)}</bdi>
          </span>
        )}
      </button>
    </li>
  );
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : null;
  return (
    <ul
      className="nav nav-tabs mb-3 flex-nowrap overflow-auto"
      aria-label={t('list.statusTabsLabel')}
    >
      {tab(undefined, t('contracts.states.all'), all)}
      {CONTRACT_VERSION_STATES.map((state) =>
        tab(state, t(`contracts.states.${state}`), counts ? (counts[state] ?? 0) : null),
      )}
    </ul>
  );
}

/** The list as the kit's filter bar should see it: the state tabs are drawn by this feature. */
export function withoutKitTabs<Row>(list: ListPage<Row>): ListPage<Row> {
  return { ...list, filterSet: { ...list.filterSet, statuses: null } };
}
