import type { ReactNode } from 'react';
import type { CellContext } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { SubAccountRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';

/** What a row's action buttons do. */
export interface SubAccountActions {
  readonly editModules: (row: SubAccountRow) => void;
  readonly toggleStatus: (row: SubAccountRow) => void;
  readonly resetPassword: (row: SubAccountRow) => void;
}

const badge = (tone: string, text: string, testId?: string) => (
  <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`} data-testid={testId}>
    {text}
  </span>
);

/** A small outlined icon button named by its tooltip and label (the table stays narrow). */
const iconButton =
  (name: string, icon: string, tone: string, onClick: () => void) => (testId: string) => (
    <button
      type="button"
      className={`btn btn-sm btn-outline-${tone}`}
      title={name}
      aria-label={name}
      onClick={onClick}
      data-testid={testId}
    >
      <i className={`bi ${icon}`} aria-hidden />
    </button>
  );

/** When it last signed in, in the list's time zone, or "never". */
function lastSignInColumn(header: string, never: string): ListColumn<SubAccountRow> {
  const dated = dateColumn<SubAccountRow>('last_sign_in_at', header, (r) => r.last_sign_in_at);
  const showDate = dated.cell as (info: CellContext<SubAccountRow, unknown>) => ReactNode;
  return {
    ...dated,
    cell: (info) =>
      info.row.original.last_sign_in_at ? (
        showDate(info)
      ) : (
        <span className="text-muted">{never}</span>
      ),
  };
}

/** The sub-accounts list's columns; ids are the row's fields, so sortable ones sort on the server. */
export function subAccountColumns(
  t: TFunction,
  actions: SubAccountActions,
): ListColumn<SubAccountRow>[] {
  const label = (key: keyof typeof columnKeys) => t(`subAccounts.column.${columnKeys[key]}`);
  return [
    column('account_db_code', label('account_db_code'), (r) => (
      <bdi className="font-monospace">{r.account_db_code}</bdi>
    )),
    column('name', label('name'), (r) => r.name, { cellTestId: 'cell-name' }),
    column('username', label('username'), (r) => <bdi>{r.username}</bdi>, {
      cellTestId: 'cell-username',
    }),
    column('email', label('email'), (r) => <bdi>{r.email}</bdi>),
    column(
      'modules',
      label('modules'),
      (r) => (
        <div className="d-flex flex-wrap gap-1">
          {r.modules.map((m) => (
            <span key={m}>{badge('primary', t(`subAccounts.modules.${m}`))}</span>
          ))}
        </div>
      ),
      { cellTestId: 'cell-modules' },
    ),
    column(
      'status',
      label('status'),
      (r) =>
        badge(r.status === 'active' ? 'success' : 'secondary', t(`subAccounts.status.${r.status}`)),
      { cellTestId: 'cell-status' },
    ),
    column('must_change_password', label('must_change_password'), (r) =>
      r.must_change_password
        ? badge('warning', t('subAccounts.mustChangePassword'))
        : t('subAccounts.ownPassword'),
    ),
    column('otp_enabled', label('otp_enabled'), (r) =>
      r.otp_enabled ? badge('success', t('subAccounts.otpOn')) : t('subAccounts.otpOff'),
    ),
    dateColumn('created_at', label('created_at'), (r) => r.created_at),
    lastSignInColumn(label('last_sign_in_at'), t('subAccounts.neverSignedIn')),
    column(
      'actions',
      label('actions'),
      (r) => {
        const isActive = r.status === 'active';
        return (
          <div className="d-flex gap-1 text-nowrap">
            {iconButton(t('subAccounts.action.editModules'), 'bi-ui-checks', 'primary', () =>
              actions.editModules(r),
            )('edit-modules')}
            {iconButton(
              t(isActive ? 'subAccounts.action.disable' : 'subAccounts.action.enable'),
              isActive ? 'bi-slash-circle' : 'bi-check-circle',
              isActive ? 'danger' : 'success',
              () => actions.toggleStatus(r),
            )('toggle-status')}
            {iconButton(t('subAccounts.action.resetPassword'), 'bi-key', 'secondary', () =>
              actions.resetPassword(r),
            )('reset-password')}
          </div>
        );
      },
      { label: label('actions') },
    ),
  ];
}

/** The column header keys of `subAccounts.column` by column id. */
const columnKeys = {
  account_db_code: 'code',
  name: 'name',
  username: 'username',
  email: 'email',
  modules: 'modules',
  status: 'status',
  must_change_password: 'mustChangePassword',
  otp_enabled: 'otp',
  created_at: 'createdAt',
  last_sign_in_at: 'lastSignIn',
  actions: 'actions',
} as const;
