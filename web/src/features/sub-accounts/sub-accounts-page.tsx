import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getSubAccountList,
  SUB_ACCOUNT_STATUSES,
  type SubAccountRow,
  type SubAccountStatus,
  formatCount,
} from '@bo/contract';
import { useSessionUser, viewerOf } from '../../lib/session';
import { ListView } from '../../ui/list/list-view';
import { useListPage, type ListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { sendSetSubAccountStatus } from './api/set-sub-account-status';
import { confirmChange } from './confirm-change';
import { CreateSubAccountDialog } from './create-sub-account-dialog';
import { ModulesDialog } from './modules-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { subAccountColumns } from './sub-account-columns';
import { grantableModules } from './sub-account-fields';
import { ToolbarSelect } from '../../ui/select-field';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'modules'; row: SubAccountRow }
  | { kind: 'reset'; row: SubAccountRow }
  | null;

/**
 * The status filter with each status's count, translated (the kit's tabs name lifecycle
 * states only); the status stays in the URL like every other filter.
 */
function StatusFilter({ list }: { list: ListPage<SubAccountRow> }) {
  const { t } = useTranslation();
  const counts = list.statusCounts;
  const withCount = (text: string, count: number | undefined) =>
    count === undefined ? text : `${text} (${formatCount(count)})`;
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  return (
    <ToolbarSelect
      label={t('subAccounts.statusFilter')}
      value={list.state.filters.status ?? ''}
      onChange={(e) => list.setFilters({ status: e.target.value })}
      data-testid="status-filter"
    >
      <option value="">{withCount(t('subAccounts.allStatuses'), all)}</option>
      {SUB_ACCOUNT_STATUSES.map((status) => (
        <option key={status} value={status}>
          {withCount(t(`subAccounts.status.${status}`), counts?.[status])}
        </option>
      ))}
    </ToolbarSelect>
  );
}

/** /sub-accounts: the caller's sub-accounts, made, changed, disabled and reset here. */
export default function SubAccountsPage() {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const list = useListPage(getSubAccountList);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const choices = useMemo(() => grantableModules(viewer?.modules ?? []), [viewer?.modules]);
  const columns = useMemo(
    () =>
      subAccountColumns(t, {
        editModules: (row) => setDialog({ kind: 'modules', row }),
        resetPassword: (row) => setDialog({ kind: 'reset', row }),
        toggleStatus: (row) => {
          const next: SubAccountStatus = row.status === 'active' ? 'disabled' : 'active';
          const verb = next === 'disabled' ? 'disable' : 'enable';
          void confirmChange({
            question: t(`subAccounts.confirm.${verb}`, { username: row.username }),
            confirmLabel: t(`subAccounts.action.${verb}`),
            send: () => sendSetSubAccountStatus({ id: row.id, status: next }),
            doneText: t(`subAccounts.done.${verb}d`, { username: row.username }),
          });
        },
      }),
    [t],
  );
  // The status is a select of its own (translated), not the kit's lifecycle tabs.
  const listWithoutTabs = { ...list, filterSet: { ...list.filterSet, statuses: null } };
  return (
    <>
      <RouteTitle />
      <p className="text-muted">{t('subAccounts.intro')}</p>
      <ListView
        list={listWithoutTabs}
        columns={columns}
        listId="sub-accounts"
        getRowId={(row) => row.id}
        actions={
          <>
            <StatusFilter list={list} />
            <button
              type="button"
              className="btn btn-sm btn-primary text-nowrap"
              onClick={() => setDialog({ kind: 'create' })}
              data-testid="create-sub-account-open"
            >
              <i className="bi bi-person-plus me-1" aria-hidden />
              {t('subAccounts.create')}
            </button>
          </>
        }
      />
      {dialog?.kind === 'create' && (
        <CreateSubAccountDialog choices={choices} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'modules' && (
        <ModulesDialog row={dialog.row} choices={choices} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reset' && (
        <ResetPasswordDialog row={dialog.row} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
