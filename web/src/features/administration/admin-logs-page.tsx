import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdminLogRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import { FilterField } from '../../ui/list/filter-field';
import { ListView } from '../../ui/list/list-view';
import { RouteTitle } from '../../ui/page-title';
import { AdminLogDiff } from './admin-log-diff';
import {
  ADMIN_LOG_FILTERS,
  useAdminLogList,
  type AdminLogFilterKey,
  type AdminLogFilters,
} from './admin-log-filters';

function adminLogColumns(
  t: TFunction,
  open: (row: AdminLogRow) => void,
): ListColumn<AdminLogRow>[] {
  return [
    dateColumn<AdminLogRow>(
      'created_at',
      t('administration.adminLogs.columns.time'),
      (r) => r.created_at,
    ),
    column<AdminLogRow>('actor', t('administration.adminLogs.columns.actor'), (r) => (
      <>
        <div>
          <bdi>{r.actor_username || t('administration.adminLogs.empty')}</bdi>
        </div>
        {r.actor_account_type && <div className="small text-muted">{r.actor_account_type}</div>}
      </>
    )),
    column<AdminLogRow>('action', t('administration.adminLogs.columns.action'), (r) => (
      <bdi className="font-monospace small">{r.action}</bdi>
    )),
    column<AdminLogRow>('target', t('administration.adminLogs.columns.target'), (r) =>
      r.target_type || r.target_id ? (
        <>
          <div className="small">{r.target_type}</div>
          <div className="small text-muted font-monospace text-break">
            <bdi>{r.target_id}</bdi>
          </div>
        </>
      ) : (
        t('administration.adminLogs.empty')
      ),
    ),
    column<AdminLogRow>('client_ip', t('administration.adminLogs.columns.clientIp'), (r) => (
      <bdi className="font-monospace small">{r.client_ip}</bdi>
    )),
    column<AdminLogRow>('outcome', t('administration.adminLogs.columns.outcome'), (r) => (
      <span className={`badge ${r.outcome === 'success' ? 'text-bg-success' : 'text-bg-danger'}`}>
        {t(`administration.adminLogs.outcome.${r.outcome}`)}
      </span>
    )),
    column<AdminLogRow>(
      'changes',
      t('administration.adminLogs.columns.changes'),
      (r) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary text-nowrap"
          onClick={() => open(r)}
          data-testid="admin-log-open"
        >
          <i className="bi bi-file-diff me-1" aria-hidden />
          {t('administration.adminLogs.viewDiff')}
        </button>
      ),
      { label: t('administration.adminLogs.columns.changes') },
    ),
  ];
}

const FILTER_LABELS = {
  actor: 'administration.adminLogs.filters.actor',
  action: 'administration.adminLogs.filters.action',
  targetType: 'administration.adminLogs.filters.targetType',
  targetId: 'administration.adminLogs.filters.targetId',
  clientIp: 'administration.adminLogs.filters.clientIp',
} as const satisfies Record<AdminLogFilterKey, string>;

/** The log's own text filters; applied together, so typing does not send a call per key. */
function AdminLogFilterForm({
  filters,
  apply,
}: {
  filters: AdminLogFilters;
  apply: (next: AdminLogFilters) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AdminLogFilters>(filters);
  const key = JSON.stringify(filters);
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    // The URL changed (back, a cleared filter bar): show what it says.
    setSeen(key);
    setDraft(filters);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const empty = Object.fromEntries(ADMIN_LOG_FILTERS.map((k) => [k, ''])) as AdminLogFilters;
  return (
    <form
      className="row g-2 align-items-end mb-3"
      onSubmit={submit}
      data-testid="admin-log-filters"
    >
      {ADMIN_LOG_FILTERS.map((name) => (
        <FilterField key={name} id={`admin-log-${name}`} label={t(FILTER_LABELS[name])}>
          <input
            id={`admin-log-${name}`}
            className="form-control form-control-sm"
            value={draft[name]}
            placeholder={name === 'action' ? t('administration.adminLogs.filters.actionHint') : ''}
            onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
            data-testid={`admin-log-filter-${name}`}
          />
        </FilterField>
      ))}
      <div className="col-auto d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" data-testid="admin-log-apply">
          {t('administration.adminLogs.filters.apply')}
        </button>
        <button type="button" className="btn btn-sm btn-light" onClick={() => apply(empty)}>
          {t('administration.adminLogs.filters.clear')}
        </button>
      </div>
    </form>
  );
}

/**
 * /admin-logs: the admin log, newest first, filtered by actor, action, target, client address
 * and dates (all in the URL), with export; each entry's before and after side by side. The log
 * is read only: nothing here (or anywhere) edits or removes an entry.
 */
export default function AdminLogsPage() {
  const { t } = useTranslation();
  const { list, filters, setFilters } = useAdminLogList();
  const [openId, setOpenId] = useState<string | null>(null);
  const columns = useMemo(() => adminLogColumns(t, (row) => setOpenId(row.id)), [t]);
  const open = list.rows?.find((row) => row.id === openId) ?? null;
  return (
    <>
      <RouteTitle />
      <p className="text-muted">{t('administration.adminLogs.intro')}</p>
      <ListView
        list={list}
        columns={columns}
        listId="admin-logs"
        getRowId={(r) => r.id}
        above={<AdminLogFilterForm filters={filters} apply={setFilters} />}
      />
      {open && <AdminLogDiff entry={open} onClose={() => setOpenId(null)} />}
    </>
  );
}
