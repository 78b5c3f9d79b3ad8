import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SUPPORT_CATEGORIES, SUPPORT_REQUEST_STATUSES, type SupportRequestRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { ToolbarSelect } from '../../ui/select-field';
import { SupportRequestDialog } from './support-request-dialog';
import { useSupportRequestList, type SupportChoices } from './support-list-state';
import { SupportStatusBadge } from './support-status-badge';

/** The list's columns; an admin also sees whose request it is. */
function supportColumns(
  t: TFunction,
  isAdmin: boolean,
  open: (row: SupportRequestRow) => void,
): ListColumn<SupportRequestRow>[] {
  return [
    dateColumn<SupportRequestRow>(
      'created_at',
      t('technical.support.columns.createdAt'),
      (r) => r.created_at,
    ),
    ...(isAdmin
      ? [
          column<SupportRequestRow>('account', t('technical.support.columns.account'), (r) => (
            <bdi title={r.account_name}>{`${r.account_db_code} · ${r.account_name}`}</bdi>
          )),
        ]
      : []),
    column<SupportRequestRow>('category', t('technical.support.columns.category'), (r) =>
      t(`technical.support.categories.${r.category}`),
    ),
    column<SupportRequestRow>(
      'subject',
      t('technical.support.columns.subject'),
      (r) => (
        <button
          type="button"
          className="btn btn-link p-0 text-start"
          onClick={() => open(r)}
          data-testid="support-open"
        >
          {r.subject}
        </button>
      ),
      { label: t('technical.support.columns.subject') },
    ),
    column<SupportRequestRow>('status', t('technical.support.columns.status'), (r) => (
      <SupportStatusBadge status={r.status} />
    )),
    column<SupportRequestRow>(
      'transaction_reference',
      t('technical.support.columns.transactionReference'),
      (r) =>
        r.transaction_reference ? (
          <bdi className="font-monospace">{r.transaction_reference}</bdi>
        ) : (
          ''
        ),
    ),
    column<SupportRequestRow>(
      'handled_by',
      t('technical.support.columns.handledBy'),
      (r) => r.handled_by ?? '',
    ),
    dateColumn<SupportRequestRow>(
      'updated_at',
      t('technical.support.columns.updatedAt'),
      (r) => r.updated_at,
    ),
  ];
}

/** Status and category choices, each with the server's count where it has one. */
function SupportChoiceFilters({
  choices,
  counts,
  choose,
}: {
  choices: SupportChoices;
  counts: Readonly<Record<string, number>> | null;
  choose: (patch: Partial<SupportChoices>) => void;
}) {
  const { t } = useTranslation();
  const withCount = (label: string, status: string) =>
    counts && counts[status] !== undefined ? `${label} (${counts[status]})` : label;
  return (
    <div className="row g-2 align-items-end mb-3" data-testid="support-choices">
      <ToolbarSelect
        id="support-status-filter"
        label={t('technical.support.columns.status')}
        labelShown="above"
        value={choices.status}
        onChange={(e) => choose({ status: e.target.value })}
        data-testid="support-status-filter"
      >
        <option value="">{t('technical.support.allStatuses')}</option>
        {SUPPORT_REQUEST_STATUSES.map((status) => (
          <option key={status} value={status}>
            {withCount(t(`technical.support.statuses.${status}`), status)}
          </option>
        ))}
      </ToolbarSelect>
      <ToolbarSelect
        id="support-category-filter"
        label={t('technical.support.columns.category')}
        labelShown="above"
        value={choices.category}
        onChange={(e) => choose({ category: e.target.value })}
        data-testid="support-category-filter"
      >
        <option value="">{t('technical.support.allCategories')}</option>
        {SUPPORT_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`technical.support.categories.${category}`)}
          </option>
        ))}
      </ToolbarSelect>
    </div>
  );
}

/**
 * The support requests the viewer may see (an admin: everyone's), filtered in the URL, with
 * export, and each request's details (and decisions) in a dialog.
 */
export function SupportRequestList({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const { list, choices, choose } = useSupportRequestList();
  const [openId, setOpenId] = useState<string | null>(null);
  const columns = useMemo(
    () => supportColumns(t, isAdmin, (row) => setOpenId(row.id)),
    [t, isAdmin],
  );
  // The open request follows the list: after a decision it shows the new state.
  const open = list.rows?.find((row) => row.id === openId) ?? null;
  return (
    <>
      <h5 className="mt-4 mb-3">
        {t(isAdmin ? 'technical.support.listTitleAdmin' : 'technical.support.listTitle')}
      </h5>
      <ListView
        list={list}
        columns={columns}
        listId="support-requests"
        getRowId={(r) => r.id}
        above={
          <SupportChoiceFilters choices={choices} counts={list.statusCounts} choose={choose} />
        }
      />
      {open && (
        <SupportRequestDialog
          request={open}
          isAdmin={isAdmin}
          timeZone={list.state.timeZone}
          onClose={() => setOpenId(null)}
        />
      )}
    </>
  );
}
