import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatCount,
  getRiskListEntries,
  RISK_ENTRY_STATES,
  type RiskEntryRow,
  type RiskListRow,
} from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { queryClient } from '../../lib/query-client';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { riskListQuery } from './api/risk-lists';
import { AddEntryDialog, RemoveEntryDialog } from './entry-dialogs';
import { ImportEntriesDialog } from './import-entries-dialog';
import { riskEntryColumns } from './risk-list-columns';
import { ToolbarButton } from './toolbar-button';

type Open = { kind: 'add' } | { kind: 'import' } | { kind: 'remove'; entry: RiskEntryRow } | null;

/** The list's facts above its entries. */
function ListFacts({ list }: { list: RiskListRow }) {
  const { t } = useTranslation();
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div className="col-6 col-md-3">
      <div className="small text-muted">{label}</div>
      <div className="fw-semibold" data-testid={testId}>
        {value}
      </div>
    </div>
  );
  return (
    <div className="card mb-3" data-testid="risk-list-facts">
      <div className="card-body">
        <h2 className="h5 mb-3">
          <bdi>{list.name}</bdi>
        </h2>
        <div className="row g-3">
          {fact(t('risk.column.listType'), t(`risk.listType.${list.list_type}`))}
          {fact(t('risk.column.keyType'), t(`risk.keyType.${list.key_type}`))}
          {fact(
            t('risk.column.scope'),
            <>
              {t(`risk.scope.${list.scope}`)}{' '}
              {list.owner_db_code && <bdi>{list.owner_db_code}</bdi>}
            </>,
          )}
          {fact(
            t('risk.column.activeEntries'),
            formatCount(list.active_entries),
            'risk-active-count',
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * /risk/lists/{id}: one list's facts and its entries (tabs: active, expired, removed; search by
 * value; export), with Import CSV and Add entry above them (a row of their own, which wraps on
 * a phone) and Remove (with a reason, confirmed) on each entry.
 */
export default function RiskListPage() {
  const { t } = useTranslation();
  const id = useCurrentRoute().params.id ?? '';
  const list = useQuery(riskListQuery(id));
  const entries = useListPage(getRiskListEntries, {
    fixed: { listId: id },
    statuses: RISK_ENTRY_STATES,
    statusLabel: (state) => t(`risk.state.${state as 'active'}`),
  });
  const [open, setOpen] = useState<Open>(null);
  const columns = useMemo(
    () => riskEntryColumns(t, (entry) => setOpen({ kind: 'remove', entry })),
    [t],
  );
  return (
    <>
      <RouteTitle />
      {list.isPending && <PageSpinner />}
      {list.isError && (
        <LoadFailed
          onRetry={() => void queryClient.invalidateQueries({ queryKey: ['getRiskList', id] })}
        />
      )}
      {list.data && <ListFacts list={list.data} />}
      {list.data && (
        <div className="d-flex flex-wrap gap-2 justify-content-end mb-2">
          <ToolbarButton
            label={t('risk.import.open')}
            icon="bi-upload"
            onClick={() => setOpen({ kind: 'import' })}
            testId="risk-import-open"
          />
          <ToolbarButton
            label={t('risk.add.open')}
            icon="bi-plus-lg"
            primary
            onClick={() => setOpen({ kind: 'add' })}
            testId="risk-entry-open"
          />
        </div>
      )}
      <ListView
        list={entries}
        columns={columns}
        listId="risk-entries"
        getRowId={(row) => row.id}
        caption={t('risk.entries.caption')}
      />
      {open?.kind === 'add' && list.data && (
        <AddEntryDialog list={list.data} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'import' && list.data && (
        <ImportEntriesDialog list={list.data} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'remove' && (
        <RemoveEntryDialog entry={open.entry} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
